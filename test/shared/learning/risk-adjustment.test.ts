import { describe, expect, it } from 'vitest';
import { templateById } from '@shared/strategy';
import type { OptionContract } from '@shared/market/chain';
import type { ChainSnapshot } from '@shared/learning/snapshot';
import type { Figure, Question, Quiz } from '@shared/learning/content/types';
import { riskAdjustment, EQUITY } from '@shared/learning/content/modules/risk-adjustment';
import { COURSE } from '@shared/learning/content/course';
import spyJson from '@shared/learning/snapshots/spy-2026-11-20.json';

/**
 * The risk_adjustment module (issue 17): its shape, the cards it shows, the product's guideline texts quoted word for
 * word (spec part 3 §9), and every numerical key and headline figure recomputed here from the raw SPY snapshot of
 * Nov 20, 2026 by hand (a buy at the ask, a sale at the bid; payoffs at expiry as intrinsic value less premium),
 * independently of the module's helpers and of the strategy analytics it uses.
 */

const spy = spyJson as ChainSnapshot;
const S = spy.underlyingPrice;
const M = riskAdjustment;

const contract = (days: number, type: 'call' | 'put', K: number): OptionContract =>
  spy.expiries.find((e) => e.daysToExpiry === days)!.contracts.find((c) => c.contract_type === type && c.strike_price === K)!;
const ask = (days: number, type: 'call' | 'put', K: number) => contract(days, type, K).ask!;
const bid = (days: number, type: 'call' | 'put', K: number) => contract(days, type, K).bid!;
const mid = (days: number, type: 'call' | 'put', K: number) => (bid(days, type, K) + ask(days, type, K)) / 2;

const quizzes: Quiz[] = [...M.lessons.map((l) => l.check!), M.quiz];
const question = (quizId: string, id: string): Question => {
  const q = quizzes.find((x) => x.id === quizId)?.questions.find((x) => x.id === id);
  if (!q) throw new Error(`${quizId} has no ${id}`);
  return q;
};
const lesson = (slug: string) => M.lessons.find((l) => l.id === `risk_adjustment.${slug}`)!;
const figures = (slug: string): Figure[] => lesson(slug).blocks.flatMap((b) => (b.type === 'example' ? (b.figures ?? []) : []));
const figureValue = (slug: string, label: string) => figures(slug).find((f) => f.label === label)?.value;
const text = (slug: string) =>
  lesson(slug)
    .blocks.map((b) => b.content)
    .join('\n');
const usd = (x: number) => `${x < 0 ? '−' : ''}$${Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Money as Markdown writes it. */
const md = (x: number) => usd(x).replace('$', '\\$');

// The strikes the builder's placement lands on for the bull put spread and the iron condor on the 28-day expiry,
// pinned here (basic-strategies.test.ts finds 564 as the 0.30-delta put from the chain's own deltas), and the strike
// nearest SPY's close.
const BPS = { sold: 564, bought: 542 };
const IC = { longPut: 531, shortPut: 551, shortCall: 595, longCall: 615 };
const ATM = 577;

// By hand from the quotes, in dollars for one contract.
const bpsCredit = 100 * (bid(28, 'put', BPS.sold) - ask(28, 'put', BPS.bought));
const bpsMaxLoss = 100 * (BPS.sold - BPS.bought) - bpsCredit;
const rollOut = bid(41, 'put', ATM) - ask(28, 'put', ATM);
const icCredit = 100 * (bid(28, 'put', IC.shortPut) - ask(28, 'put', IC.longPut) + bid(28, 'call', IC.shortCall) - ask(28, 'call', IC.longCall));
const icMaxLoss = 100 * Math.max(IC.shortPut - IC.longPut, IC.longCall - IC.shortCall) - icCredit;
/** Expiry P&L of the condor at a price, by hand. */
const icPnl = (x: number) =>
  icCredit + 100 * (-Math.max(0, IC.shortPut - x) + Math.max(0, IC.longPut - x) - Math.max(0, x - IC.shortCall) + Math.max(0, x - IC.longCall));

describe('risk_adjustment: the module', () => {
  it('is the spec’s 60-minute module, after advanced_strategies on the path, in five lessons of 12 minutes', () => {
    const ids = COURSE.map((m) => m.id);
    expect(ids.indexOf('risk_adjustment')).toBe(ids.indexOf('advanced_strategies') + 1);
    expect(M.estimatedTime).toBe(60);
    expect(M.difficulty).toBe('advanced');
    expect(M.prerequisites).toEqual(['basic_strategies']);
    expect(M.lessons.map((l) => l.id.replace('risk_adjustment.', ''))).toEqual(['exit-plan', 'rolling', 'assignment', 'tested-spreads', 'expiration-day']);
    expect(M.lessons.map((l) => l.minutes)).toEqual([12, 12, 12, 12, 12]);
    expect(M.quiz.questions).toHaveLength(10);
  });

  it('shows the builder’s card of each strategy a lesson works with, for SPY, of templates that exist', () => {
    const cards = Object.fromEntries(
      M.lessons.map((l) => [
        l.id.replace('risk_adjustment.', ''),
        l.blocks.flatMap((b) => (b.type === 'interactive' && b.widget.kind === 'strategy-card' ? [b.widget] : [])),
      ]),
    );
    expect(Object.fromEntries(Object.entries(cards).map(([k, ws]) => [k, ws.map((w) => w.templateId)]))).toEqual({
      'exit-plan': ['bull-put-spread'],
      rolling: ['cash-secured-put'],
      assignment: ['cash-secured-put'],
      'tested-spreads': ['iron-condor'],
      'expiration-day': ['bull-put-spread'],
    });
    for (const w of Object.values(cards).flat()) {
      expect(templateById(w.templateId), w.templateId).toBeDefined();
      expect(w.underlying).toBe('SPY');
    }
  });

  it('quotes the product’s guidelines (spec part 3 §9) word for word', () => {
    const t = text('exit-plan');
    expect(t).toContain('"position size 1-5% (or 2-5%) of the portfolio"');
    expect(t).toContain('"profit target 25-50% of max profit"');
    expect(t).toContain('"stop at 2x credit or 50% of debit"');
  });

  it('says the paper account assigns short options only at expiry while a real broker can any day', () => {
    const t = text('assignment');
    expect(t).toContain('The paper account assigns short options only at expiry');
    expect(t).toContain('any trading day');
  });

  it('teaches each of its topics', () => {
    expect(text('exit-plan')).toMatch(/21 days/);
    expect(text('rolling')).toMatch(/\*\*Out\*\*[\s\S]*\*\*Down\*\*[\s\S]*\*\*up\*\*[\s\S]*for a net debit/);
    expect(text('assignment')).toMatch(/ex-dividend[\s\S]*spread's short leg can be assigned early[\s\S]*after hours/);
    expect(text('tested-spreads')).toMatch(/Close the tested side[\s\S]*Roll the untested side[\s\S]*Go inverted/);
    expect(text('expiration-day')).toContain('In the money at the close by \\$0.01 or more, a long option is **exercised automatically**');
  });
});

describe('risk_adjustment: figures recomputed from the raw snapshot', () => {
  it('recomputes every numerical question of the module (none is left unchecked)', () => {
    const numerical = quizzes.flatMap((q) => q.questions.filter((x) => x.type === 'numerical').map((x) => `${q.id} ${x.id}`));
    expect(numerical.sort()).toEqual(
      [
        'risk_adjustment.exit-plan.check target',
        'risk_adjustment.exit-plan.check stop',
        'risk_adjustment.rolling.check roll-out',
        'risk_adjustment.assignment.check extrinsic',
        'risk_adjustment.tested-spreads.check ic-max-loss',
        'risk_adjustment.expiration-day.check cash',
        'risk_adjustment.quiz size-dollars',
        'risk_adjustment.quiz target-25',
        'risk_adjustment.quiz roll-credit',
        'risk_adjustment.quiz condor-risk',
      ].sort(),
    );
  });

  it('plans the bull put spread’s exit: a 50% target bought back at half the credit, a stop at twice the credit', () => {
    expect(bpsCredit).toBeCloseTo(257, 6);
    expect(question('risk_adjustment.exit-plan.check', 'target').correctAnswer).toBeCloseTo(bpsCredit / 2, 6);
    expect(question('risk_adjustment.exit-plan.check', 'stop').correctAnswer).toBeCloseTo(2 * bpsCredit, 6);
    expect(question('risk_adjustment.quiz', 'target-25').correctAnswer).toBeCloseTo(0.25 * bpsCredit, 6);
    expect(question('risk_adjustment.quiz', 'size-dollars').correctAnswer).toBeCloseTo(0.05 * EQUITY, 6);
    expect(figureValue('exit-plan', 'Most it can lose')).toBe(usd(bpsMaxLoss));
    expect(figureValue('exit-plan', 'Stop: close at')).toBe(usd(2 * bpsCredit));
  });

  it('calls the spread too large for the example account, as the 5% guideline says', () => {
    expect(bpsMaxLoss / EQUITY).toBeGreaterThan(0.05);
    expect(text('exit-plan')).toContain('**too large** for this account');
  });

  it('rolls the tested 577 put out from the 28- to the 41-day expiry for a credit, and out and down to the lowest strike that still pays', () => {
    expect(Math.abs(S - ATM)).toBeLessThan(0.5);
    expect(rollOut).toBeGreaterThan(0);
    expect(question('risk_adjustment.rolling.check', 'roll-out').correctAnswer).toBeCloseTo(100 * rollOut, 6);
    expect(question('risk_adjustment.quiz', 'roll-credit').correctAnswer).toBeCloseTo(rollOut, 6);
    expect(figureValue('rolling', 'Rolling out: net credit a share')).toBe(usd(rollOut));
    const strikes = spy.expiries.find((e) => e.daysToExpiry === 41)!.contracts.filter((c) => c.contract_type === 'put' && c.strike_price < ATM);
    const down = strikes
      .map((c) => c.strike_price)
      .sort((a, b) => a - b)
      .find((k) => bid(41, 'put', k) > ask(28, 'put', ATM))!;
    expect(text('rolling')).toContain(`Dec 31 ${down} put at its bid of ${md(bid(41, 'put', down))}`);
    expect(text('rolling')).toContain(`a net credit of ${md(bid(41, 'put', down) - ask(28, 'put', ATM))}`);
  });

  it('measures the time value left in the in-the-money 589 put: little on the week, more a month later', () => {
    const week = mid(7, 'put', 589) - (589 - S);
    const later = mid(41, 'put', 589) - (589 - S);
    expect(589).toBeGreaterThanOrEqual(S * 1.02);
    expect(question('risk_adjustment.assignment.check', 'extrinsic').correctAnswer).toBeCloseTo(week, 6);
    expect(later).toBeGreaterThan(week);
    expect(text('assignment')).toContain(md(later));
  });

  it('shows the condor’s credit, breakevens and maximum loss, checked against its payoff at expiry', () => {
    expect(question('risk_adjustment.tested-spreads.check', 'ic-max-loss').correctAnswer).toBeCloseTo(icMaxLoss, 6);
    expect(question('risk_adjustment.quiz', 'condor-risk').correctAnswer).toBeCloseTo(icMaxLoss, 6);
    expect(icPnl(IC.longPut - 10)).toBeCloseTo(-icMaxLoss, 6);
    expect(icPnl(S)).toBeCloseTo(icCredit, 6);
    const low = IC.shortPut - icCredit / 100;
    const high = IC.shortCall + icCredit / 100;
    expect(icPnl(low)).toBeCloseTo(0, 6);
    expect(icPnl(high)).toBeCloseTo(0, 6);
    expect(text('tested-spreads')).toContain(`breaks even at ${md(low)} and ${md(high)}`);
    expect(text('tested-spreads')).toContain(`whole credit ${md(icCredit)}`);
  });

  it('asks for the cash one assignment of the week’s 577 put takes: 100 × the strike', () => {
    expect(question('risk_adjustment.expiration-day.check', 'cash').correctAnswer).toBe(100 * ATM);
    expect(figureValue('assignment', 'Shares bought on one assignment')).toBe(usd(100 * ATM));
  });
});
