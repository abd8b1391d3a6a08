import { describe, expect, it } from 'vitest';
import { americanGreeks, americanPrice } from '@shared/pricing';
import { normCdf } from '@shared/pricing/normal-distribution';
import { templateById, validateStrategy, type StrategyLeg } from '@shared/strategy';
import type { OptionContract } from '@shared/market/chain';
import type { ChainSnapshot } from '@shared/learning/snapshot';
import type { Figure, Question, Quiz } from '@shared/learning/content/types';
import { basicStrategies } from '@shared/learning/content/modules/basic-strategies';
import { COURSE } from '@shared/learning/content/course';
import { DEFAULT_SETTINGS } from '@shared/paper/types';
import { AttemptBody, PublicExercise, PublicQuestion } from '@shared/learning/learning.api';
import spyJson from '@shared/learning/snapshots/spy-2026-11-20.json';

/**
 * The basic_strategies module (issue 17): its shape, the builder's templates it shows, and every numerical key and
 * headline figure recomputed here from the raw SPY snapshot of Nov 20, 2026 by hand (payoffs at expiry as
 * intrinsic value less premium, a buy at the ask and a sale at the bid), independently of the module's helpers and
 * of the strategy analytics it uses.
 */

const spy = spyJson as ChainSnapshot;
const S = spy.underlyingPrice;
const M = basicStrategies;
const COMMISSION = DEFAULT_SETTINGS.commissionPerContract;

const contract = (days: number, type: 'call' | 'put', K: number): OptionContract =>
  spy.expiries.find((e) => e.daysToExpiry === days)!.contracts.find((c) => c.contract_type === type && c.strike_price === K)!;
const ask = (days: number, type: 'call' | 'put', K: number) => contract(days, type, K).ask!;
const bid = (days: number, type: 'call' | 'put', K: number) => contract(days, type, K).bid!;
const mid = (days: number, type: 'call' | 'put', K: number) => (bid(days, type, K) + ask(days, type, K)) / 2;
/** The strike of a type on an expiry whose |delta| is nearest d (as the chain lists its deltas). */
const strikeNearDelta = (days: number, type: 'call' | 'put', d: number): number => {
  const cs = spy.expiries.find((e) => e.daysToExpiry === days)!.contracts.filter((c) => c.contract_type === type);
  return cs.reduce((b, c) => (Math.abs(Math.abs(c.delta!) - d) < Math.abs(Math.abs(b.delta!) - d) ? c : b)).strike_price;
};

const quizzes: Quiz[] = [...M.lessons.map((l) => l.check!), M.quiz];
const question = (quizId: string, id: string): Question => {
  const q = quizzes.find((x) => x.id === quizId)?.questions.find((x) => x.id === id);
  if (!q) throw new Error(`${quizId} has no ${id}`);
  return q;
};
const figures = (lessonSlug: string): Figure[] =>
  M.lessons.find((l) => l.id === `basic_strategies.${lessonSlug}`)!.blocks.flatMap((b) => (b.type === 'example' ? (b.figures ?? []) : []));
const figureValue = (lessonSlug: string, label: string) => figures(lessonSlug).find((f) => f.label === label)?.value;
const usd = (x: number) => `${x < 0 ? '−' : ''}$${Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

// The strikes the builder's templates land on, found here from the chain's own deltas and strikes.
const ATM = 577;
const CC_CALL = 590; // covered call, bear call spread's sold leg, bull call spread's sold leg: the 0.30-delta call
const CSP_PUT = 564; // cash-secured put, protective put, bull put spread's sold leg: the 0.30-delta put

describe('basic_strategies: the module', () => {
  it('is the spec’s 75-minute module, third on the path, after options_basics, in seven lessons of 5–12 minutes', () => {
    expect(COURSE.map((m) => m.id).slice(0, 3)).toEqual(['options_basics', 'options_greeks', 'basic_strategies']);
    expect(M.estimatedTime).toBe(75);
    expect(M.difficulty).toBe('beginner');
    expect(M.prerequisites).toEqual(['options_basics']);
    expect(M.lessons.map((l) => l.id.replace('basic_strategies.', ''))).toEqual([
      'long-call-put',
      'covered-call',
      'cash-secured-put',
      'protective-put-collar',
      'debit-verticals',
      'credit-verticals',
      'leaps-pmcc',
    ]);
    expect(M.lessons.reduce((s, l) => s + l.minutes, 0)).toBeLessThanOrEqual(75);
  });

  it('shows in every lesson the builder’s card of each strategy it teaches, for SPY', () => {
    const cards = Object.fromEntries(
      M.lessons.map((l) => [
        l.id.replace('basic_strategies.', ''),
        l.blocks.flatMap((b) => (b.type === 'interactive' && b.widget.kind === 'strategy-card' ? [b.widget] : [])),
      ]),
    );
    expect(Object.fromEntries(Object.entries(cards).map(([k, ws]) => [k, ws.map((w) => w.templateId)]))).toEqual({
      'long-call-put': ['long-call', 'long-put'],
      'covered-call': ['covered-call'],
      'cash-secured-put': ['cash-secured-put'],
      'protective-put-collar': ['protective-put', 'collar'],
      'debit-verticals': ['bull-call-spread', 'bear-put-spread'],
      'credit-verticals': ['bull-put-spread', 'bear-call-spread'],
      'leaps-pmcc': ['deep-itm-call', 'bull-call-diagonal'],
    });
    for (const w of Object.values(cards).flat()) {
      expect(templateById(w.templateId), w.templateId).toBeDefined();
      expect(w.underlying).toBe('SPY');
    }
  });

  it('places its strategies where the templates’ intents land on the chain: the 577 strike at the money, the 0.30-delta call and put', () => {
    const month = spy.expiries.find((e) => e.daysToExpiry === 28)!;
    const strikes = [...new Set(month.contracts.map((c) => c.strike_price))];
    expect(strikes.reduce((a, b) => (Math.abs(b - S) < Math.abs(a - S) ? b : a))).toBe(ATM);
    expect(strikeNearDelta(28, 'call', 0.3)).toBe(CC_CALL);
    expect(strikeNearDelta(28, 'put', 0.3)).toBe(CSP_PUT);
    expect(question('basic_strategies.covered-call.check', 'max-profit').question).toContain(`Dec 18 ${CC_CALL} call`);
    expect(question('basic_strategies.cash-secured-put.check', 'cash').question).toContain(`Dec 18 ${CSP_PUT} put`);
  });

  it('fits the content API’s public shapes: questions with answers the attempt body accepts, and the exercise without its solution', () => {
    for (const quiz of quizzes) {
      expect(quiz.id).toMatch(/^[a-z_]+(\.[a-z0-9-]+)*\.(quiz|check)$/);
      for (const q of quiz.questions) {
        expect(PublicQuestion.safeParse(q).success, `${quiz.id} ${q.id}`).toBe(true);
        for (const o of q.options ?? []) expect(AttemptBody.safeParse({ answers: { [q.id]: o } }).success, o).toBe(true);
      }
    }
    const { solution: _solution, ...publicExercise } = M.practicalExercise!;
    expect(PublicExercise.safeParse(publicExercise).success).toBe(true);
  });

  it('keeps its payoff widgets at the paper account’s default fills: a buy at the ask, a sale at the bid', () => {
    for (const l of M.lessons) {
      for (const b of l.blocks) {
        if (b.type !== 'interactive' || b.widget.kind !== 'payoff') continue;
        for (const leg of b.widget.legs) {
          const days = spy.expiries.find((e) => e.expiration === leg.expiration)!.daysToExpiry;
          expect(leg.premium, `${l.id} ${leg.strike}`).toBe(
            leg.action === 'buy' ? ask(days, leg.optionType, leg.strike) : bid(days, leg.optionType, leg.strike),
          );
        }
      }
    }
  });
});

/** Every numerical key, the strikes and quotes its question names, and the key computed by hand. */
const KEYS: { quiz: string; id: string; names: string[]; key: number }[] = [
  { quiz: 'long-call-put.check', id: 'put-breakeven', names: ['Dec 31 577 put'], key: ATM - ask(41, 'put', ATM) },
  { quiz: 'covered-call.check', id: 'max-profit', names: ['Dec 18 590 call', usd(S)], key: 100 * (CC_CALL - S + bid(28, 'call', CC_CALL)) },
  { quiz: 'covered-call.check', id: 'breakeven', names: [], key: S - bid(28, 'call', CC_CALL) },
  { quiz: 'cash-secured-put.check', id: 'effective-price', names: ['Dec 31 564 put'], key: CSP_PUT - bid(41, 'put', CSP_PUT) },
  { quiz: 'cash-secured-put.check', id: 'cash', names: ['Dec 18 564 put'], key: 100 * CSP_PUT },
  { quiz: 'protective-put-collar.check', id: 'insurance-cost', names: ['Dec 18 564 put'], key: 100 * ask(28, 'put', CSP_PUT) },
  { quiz: 'protective-put-collar.check', id: 'worst-case', names: [usd(S)], key: 100 * (S - CSP_PUT + ask(28, 'put', CSP_PUT)) },
  {
    quiz: 'debit-verticals.check',
    id: 'max-loss',
    names: ['Dec 18 577 call', 'Dec 18 590 call'],
    key: 100 * (ask(28, 'call', ATM) - bid(28, 'call', CC_CALL)),
  },
  {
    quiz: 'debit-verticals.check',
    id: 'max-profit',
    names: [],
    key: 100 * (CC_CALL - ATM - (ask(28, 'call', ATM) - bid(28, 'call', CC_CALL))),
  },
  { quiz: 'debit-verticals.check', id: 'breakeven', names: [], key: ATM + ask(28, 'call', ATM) - bid(28, 'call', CC_CALL) },
  { quiz: 'credit-verticals.check', id: 'credit', names: ['Dec 18 590 call', 'Dec 18 599 call'], key: 100 * (bid(28, 'call', 590) - ask(28, 'call', 599)) },
  { quiz: 'credit-verticals.check', id: 'max-loss', names: [], key: 100 * (599 - 590 - (bid(28, 'call', 590) - ask(28, 'call', 599))) },
  { quiz: 'leaps-pmcc.check', id: 'extrinsic', names: ['$551.00'], key: 0 /* set below: the pricing core's value less intrinsic */ },
  { quiz: 'quiz', id: 'bear-put-loss', names: ['Dec 31 577 put', 'Dec 31 567 put'], key: 100 * (ask(41, 'put', 577) - bid(41, 'put', 567)) },
  { quiz: 'quiz', id: 'bull-put-loss', names: ['Dec 31 564 put', 'Dec 31 559 put'], key: 100 * (5 - (bid(41, 'put', 564) - ask(41, 'put', 559))) },
  { quiz: 'quiz', id: 'bull-put-breakeven', names: [], key: 564 - (bid(41, 'put', 564) - ask(41, 'put', 559)) },
  { quiz: 'quiz', id: 'covered-call-breakeven', names: ['Dec 31 590 call'], key: S - bid(41, 'call', 590) },
];
// The one-year 551 call: the American pricing core at the IV of the Dec 31 551 call, as the lesson says.
const leapsInput = { type: 'call' as const, S, K: 551, T: 1, r: spy.r, q: spy.q, sigma: contract(41, 'call', 551).implied_volatility! };
const leapsValue = Math.round(americanPrice(leapsInput) * 100) / 100;
KEYS.find((k) => k.id === 'extrinsic')!.key = leapsValue - (S - 551);

describe('basic_strategies: every numerical key recomputed from the raw snapshot', () => {
  it.each(KEYS.map((k) => [`${k.quiz} ${k.id}`, k] as const))('%s', (_, k) => {
    const q = question(`basic_strategies.${k.quiz}`, k.id);
    expect(q.type).toBe('numerical');
    for (const name of k.names) expect(q.question).toContain(name);
    expect(Math.abs((q.correctAnswer as number) - k.key)).toBeLessThan(1e-6);
    expect(q.tolerance).toBe(0.01);
  });

  it('leaves no numerical question unchecked', () => {
    const all = quizzes.flatMap((quiz) => quiz.questions.filter((q) => q.type === 'numerical').map((q) => `${quiz.id} ${q.id}`));
    expect(all.sort()).toEqual(KEYS.map((k) => `basic_strategies.${k.quiz} ${k.id}`).sort());
  });
});

describe('basic_strategies: the figures and the claims the lessons make', () => {
  it('covered call: capped at the strike, breakeven at the share price less the premium', () => {
    expect(figureValue('covered-call', 'Most it can make')).toBe(usd(100 * (CC_CALL - S + bid(28, 'call', CC_CALL))));
    expect(figureValue('covered-call', 'Breakeven at expiry')).toBe(usd(S - bid(28, 'call', CC_CALL)));
  });

  it('protective put and collar: the worst case and the cap', () => {
    expect(figureValue('protective-put-collar', 'Protective put: worst case')).toBe(usd(-100 * (S - CSP_PUT + ask(28, 'put', CSP_PUT))));
    const put = strikeNearDelta(28, 'put', 0.25);
    const call = strikeNearDelta(28, 'call', 0.25);
    expect(figureValue('protective-put-collar', 'Collar: most it can make')).toBe(usd(100 * (call - S + bid(28, 'call', call) - ask(28, 'put', put))));
  });

  it('bull call spread: max loss the debit, max profit the width less the debit, breakeven the bought strike plus the debit', () => {
    const debit = ask(28, 'call', ATM) - bid(28, 'call', CC_CALL);
    expect(figureValue('debit-verticals', 'Bull call spread: max loss')).toBe(usd(-100 * debit));
    expect(figureValue('debit-verticals', 'Bull call spread: max profit')).toBe(usd(100 * (CC_CALL - ATM - debit)));
    expect(figureValue('debit-verticals', 'Bull call spread: breakeven')).toBe(usd(ATM + debit));
  });

  it('bull put spread: loses several times its credit, and its probability of profit is N(d₂) at the breakeven', () => {
    const lower = strikeNearDelta(28, 'put', 0.15);
    const credit = bid(28, 'put', CSP_PUT) - ask(28, 'put', lower);
    const maxLoss = 100 * (CSP_PUT - lower - credit);
    expect(figureValue('credit-verticals', 'Bull put spread: max loss')).toBe(usd(-maxLoss));
    expect(maxLoss).toBeGreaterThan(3 * 100 * credit);
    const sigma = (contract(28, 'call', ATM).implied_volatility! + contract(28, 'put', ATM).implied_volatility!) / 2;
    const T = 28 / 365;
    const be = CSP_PUT - credit;
    const pop = normCdf((Math.log(S / be) + (spy.r - spy.q - sigma ** 2 / 2) * T) / (sigma * Math.sqrt(T)));
    expect(figureValue('credit-verticals', 'Bull put spread: probability of profit')).toBe(`${Math.round(pop * 100)}%`);
    // "A high probability of profit is not an edge": were every loss the maximum, it would need to win more often than its POP.
    const needed = maxLoss / (maxLoss + 100 * credit);
    expect(figureValue('credit-verticals', 'Win rate needed if every loss were the maximum')).toBe(`${Math.round(needed * 100)}%`);
    expect(needed).toBeGreaterThan(pop);
  });

  it('the thetas it quotes are the American engine’s, and say what the lessons say: decay is fastest near expiry, a spread decays less than its call', () => {
    /** Dollars a day for one contract, long (negative) or short (positive). */
    const theta = (days: number, K: number, sigma: number, sign = 1) =>
      (sign * 100 * americanGreeks({ type: 'call', S, K, T: days / 365, r: spy.r, q: spy.q, sigma }).theta) / 365;
    const call = (days: number, K: number, sign = 1) => theta(days, K, contract(days, 'call', K).implied_volatility!, sign);
    expect(figureValue('long-call-put', 'Dec 18 577 call: theta a day')).toBe(usd(Math.round(call(28, ATM) * 100) / 100));
    const share = [7, 28, 41].map((d) => -call(d, ATM) / (100 * ask(d, 'call', ATM)));
    expect(share[0]).toBeGreaterThan(share[1]!);
    expect(share[1]).toBeGreaterThan(share[2]!);
    const lesson = (slug: string) => M.lessons.find((l) => l.id === `basic_strategies.${slug}`)!;
    const text = (slug: string) =>
      lesson(slug)
        .blocks.map((b) => b.content)
        .join('\n');
    for (const d of [7, 28, 41])
      expect(text('long-call-put')).toContain(`| ${d} | \\${usd(100 * ask(d, 'call', ATM))} | −\\${usd(-Math.round(call(d, ATM) * 100) / 100)} |`);
    // The bull call spread's theta is well under the call's alone.
    const spread = call(28, ATM) + call(28, CC_CALL, -1);
    expect(Math.abs(spread)).toBeLessThan(Math.abs(call(28, ATM)) / 2);
    expect(text('debit-verticals')).toContain(
      `| theta a day | −\\${usd(-Math.round(spread * 100) / 100)} | −\\${usd(-Math.round(call(28, ATM) * 100) / 100)} |`,
    );
    // The one-year call decays more slowly than the same strike a month out, and than the sold 590 call earns.
    const leaps = theta(365, 551, leapsInput.sigma);
    expect(Math.abs(leaps)).toBeLessThan(Math.abs(call(28, 551)));
    expect(Math.abs(leaps)).toBeLessThan(call(28, CC_CALL, -1));
    expect(question('basic_strategies.leaps-pmcc.check', 'decay').correctAnswer).toBe('False');
  });

  it('bull put spread assigned early: shares bought at the sold strike plus the long put lose at worst what the spread could', () => {
    const lower = strikeNearDelta(28, 'put', 0.15);
    const credit = bid(28, 'put', CSP_PUT) - ask(28, 'put', lower);
    // Assigned: 100 shares at the sold strike; the premium received stays; the long put still pays below its strike.
    const assigned = (ST: number) => 100 * (ST - CSP_PUT) + 100 * Math.max(lower - ST, 0) + 100 * credit;
    const worst = Math.min(...[0, lower / 2, lower, CSP_PUT].map(assigned));
    expect(worst).toBeCloseTo(-100 * (CSP_PUT - lower - credit), 9);
    expect(question('basic_strategies.credit-verticals.check', 'assigned').correctAnswer).toContain(
      `100 shares bought at $${CSP_PUT}.00, and the ${lower} put`,
    );
  });

  it('LEAPS: the model value is the American pricing core’s, shown as a model value and not a quote', () => {
    expect(figureValue('leaps-pmcc', 'One-year call (model value)')).toBe(usd(leapsValue));
    const lesson = M.lessons.find((l) => l.id === 'basic_strategies.leaps-pmcc')!;
    const example = lesson.blocks.find((b) => b.type === 'example');
    expect(example?.type === 'example' && example.source).toMatch(/model value from the American pricing core, not a quote/);
  });
});

describe('basic_strategies.defined-risk-spread', () => {
  const ex = M.practicalExercise!;

  it('asks for a bull call or bull put spread on SPY, 20–45 days, at most $500, by a limit at or better than the mid', () => {
    expect(ex.id).toBe('basic_strategies.defined-risk-spread');
    expect(ex.requirements).toEqual([
      expect.objectContaining({
        type: 'position',
        criteria: { strategy: ['bull-call-spread', 'bull-put-spread'], underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 45, maxLoss: 500 },
      }),
      expect.objectContaining({ type: 'order', criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' } }),
    ]);
  });

  it('has a solution that meets it on the snapshot: both spreads valid, within 20–45 days, risking $500 or less', () => {
    const leg = (action: 'buy' | 'sell', type: 'call' | 'put', K: number): StrategyLeg => ({
      action,
      optionType: type,
      strike: K,
      premium: action === 'buy' ? ask(28, type, K) : bid(28, type, K),
      quantity: 1,
      expiration: '2026-12-18',
      underlying: 'SPY',
    });
    expect(ex.solution).toContain('buy the Dec 18 577 call and sell the Dec 18 586 call');
    expect(ex.solution).toContain('sell the Dec 18 564 put and buy the Dec 18 559 put');
    const bullCall = validateStrategy('Bull Call Spread', [leg('buy', 'call', 577), leg('sell', 'call', 586)]);
    const bullPut = validateStrategy('Bull Put Spread', [leg('sell', 'put', 564), leg('buy', 'put', 559)]);
    for (const v of [bullCall, bullPut]) {
      expect(v.valid, v.errors.join('; ')).toBe(true);
      expect(-v.figures!.maxLoss + 2 * COMMISSION).toBeLessThanOrEqual(500);
    }
    expect(ex.solution).toContain(`a $${(mid(28, 'call', 577) - mid(28, 'call', 586)).toFixed(2)} debit`);
    // Legged in, each at its own mid: the bought call at or below 577's mid, the sold one at or above 586's.
    // Sent from the builder as one order at a net limit: the debit no higher than the net mid, the credit no lower.
    expect(ex.solution).toContain(`a net debit of at most $${(mid(28, 'call', 577) - mid(28, 'call', 586)).toFixed(2)}`);
    expect(ex.solution).toContain(`a net credit of at least $${(mid(28, 'put', 564) - mid(28, 'put', 559)).toFixed(2)}`);
    expect(spy.expiries.find((e) => e.expiration === '2026-12-18')!.daysToExpiry).toBeGreaterThanOrEqual(20);
    // 586 is the widest: the next strike up would cost more than the budget.
    expect(100 * (ask(28, 'call', 577) - bid(28, 'call', 587)) + 2 * COMMISSION).toBeGreaterThan(500);
  });
});
