import { describe, expect, it } from 'vitest';
import type { OptionType } from '@shared/pricing';
import { positionGreeks, templateById, type StrategyLeg } from '@shared/strategy';
import type { OptionContract } from '@shared/market/chain';
import type { ChainSnapshot } from '@shared/learning/snapshot';
import type { Figure, Question, Quiz } from '@shared/learning/content/types';
import { STARTING_CAPITALS } from '@shared/paper/types';
import { TRADING_LEVELS, levelForOpening } from '@shared/compliance/levels';
import * as RM from '@shared/learning/content/modules/risk-management';
import { COURSE } from '@shared/learning/content/course';
import spyJson from '@shared/learning/snapshots/spy-2026-11-20.json';
import { checkRequirement } from '@shared/learning/exercises';
import { positionsOf } from '@shared/learning/content/riskmgmt-lib/book';

/**
 * The risk_management module (issue 17): its shape, and every figure and numerical key recomputed here from the raw
 * snapshot by hand (spread arithmetic, reserves as spec part 3 and shared/paper/buying-power.ts describe them,
 * expectancy as win rate × average win − loss rate × average loss), and the compliance messages the lessons quote checked word for word
 * against spec part 3 §9.
 */

const M = RM.riskManagement;
const spy = spyJson as ChainSnapshot;
const S = spy.underlyingPrice;
const all: OptionContract[] = spy.expiries.flatMap((e) => e.contracts);
const raw = (expiration: string, type: OptionType, K: number): OptionContract =>
  all.find((c) => c.expiration_date === expiration && c.contract_type === type && c.strike_price === K)!;

const usd = (x: number, digits = 2) =>
  `${x < 0 ? '−' : ''}$${Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
const esc = (s: string) => s.replace(/\$/g, '\\$');

const quizzes: Quiz[] = [...M.lessons.map((l) => l.check!), M.quiz];
const question = (quizId: string, id: string): Question => {
  const q = quizzes.find((x) => x.id === quizId)!.questions.find((x) => x.id === id);
  if (!q) throw new Error(`${quizId} has no ${id}`);
  return q;
};
const lesson = (slug: string) => M.lessons.find((l) => l.id === `risk_management.${slug}`)!;
const fig = (slug: string, label: string): string => {
  const f = lesson(slug)
    .blocks.flatMap((b): Figure[] => (b.type === 'example' ? (b.figures ?? []) : []))
    .find((x) => x.label === label);
  if (!f) throw new Error(`${slug} has no figure ${label}`);
  return f.value;
};
const textOf = (slug: string) =>
  lesson(slug)
    .blocks.map((b) => b.content)
    .join('\n');

/** Legs rebuilt from the raw snapshot at the strikes the module uses; each premium must be that contract's mark. */
const rebuild = (legs: readonly StrategyLeg[]) =>
  legs.map((l) => {
    const c = raw(l.expiration, l.optionType, l.strike);
    expect(c, `${l.expiration} ${l.strike} ${l.optionType}`).toBeDefined();
    expect(l.premium).toBe(c.mark);
    return { sign: l.action === 'buy' ? 1 : -1, type: l.optionType, K: l.strike, premium: c.mark! };
  });
/** Worst case at expiry of one lot of a defined-risk position on one expiry: the minimum of the payoff at its kinks. */
const worst = (legs: readonly StrategyLeg[]) => {
  const r = rebuild(legs);
  const pnl = (x: number) => r.reduce((s, l) => s + l.sign * 100 * (Math.max(0, l.type === 'call' ? x - l.K : l.K - x) - l.premium), 0);
  return -Math.min(...[0, ...r.map((l) => l.K), 10_000].map(pnl));
};
const credit = (legs: readonly StrategyLeg[]) => -rebuild(legs).reduce((s, l) => s + l.sign * l.premium * 100, 0);

// ------------------------------------------------------------------------------------- independent keys

const BUDGET = 100_000 * 0.01;
const R_CALL = worst(RM.BULL_CALL.legs);
const AW = credit(RM.BULL_PUT.legs);
const AL = worst(RM.BULL_PUT.legs);
const ATM = raw('2026-12-18', 'call', 577);
const ROUND_TRIP = (ATM.ask! - ATM.bid!) * 100;
const PLAN = [RM.BULL_CALL, RM.BULL_PUT_NARROW, RM.CONDOR_NARROW].map((p) => ({ r: worst(p.legs), lots: Math.floor(BUDGET / worst(p.legs)) }));
const PLAN_RISK = PLAN.reduce((s, x) => s + x.lots * x.r, 0);
const bookDelta = positionGreeks([...RM.BULL_CALL.legs, ...RM.BULL_PUT.legs, ...RM.CONDOR.legs], { spot: S, asOf: spy.session, r: spy.r, q: spy.q }).delta;

const KEYS: { quiz: string; id: string; key: number }[] = [
  { quiz: 'risk_management.position-sizing.check', id: 'lots', key: Math.floor(BUDGET / R_CALL) },
  { quiz: 'risk_management.position-sizing.check', id: 'budget', key: 25_000 * 0.01 },
  { quiz: 'risk_management.buying-power-and-rules.check', id: 'csp-reserve', key: RM.CSP.legs[0]!.strike * 100 },
  { quiz: 'risk_management.portfolio-greeks.check', id: 'one-percent', key: bookDelta * S * 0.01 },
  { quiz: 'risk_management.expectancy.check', id: 'break-even', key: (100 * AL) / (AW + AL) },
  { quiz: 'risk_management.expectancy.check', id: 'expectancy', key: 60 },
  { quiz: 'risk_management.psychology-overtrading.check', id: 'round-trip', key: ROUND_TRIP },
  { quiz: 'risk_management.journaling.check', id: 'r-multiple', key: 1.5 },
  { quiz: 'risk_management.trading-plan.check', id: 'total-risk', key: PLAN_RISK },
  { quiz: 'risk_management.quiz', id: 'lots', key: Math.floor(BUDGET / R_CALL) },
  { quiz: 'risk_management.quiz', id: 'spread-reserve', key: (RM.BULL_PUT.legs[0]!.strike - RM.BULL_PUT.legs[1]!.strike) * 100 },
  { quiz: 'risk_management.quiz', id: 'break-even', key: 80 },
  { quiz: 'risk_management.quiz', id: 'kelly', key: 20 },
  { quiz: 'risk_management.quiz', id: 'ruin', key: 100 * 0.9 ** 10 },
  { quiz: 'risk_management.quiz', id: 'r', key: -0.5 },
];

describe('risk_management module', () => {
  it('is in the course after advanced_strategies, 50 minutes over 7 lessons, with its chosen level and prerequisites', () => {
    const ids = COURSE.map((m) => m.id);
    expect(ids.indexOf('risk_management')).toBeGreaterThan(ids.indexOf('advanced_strategies'));
    expect(M.estimatedTime).toBe(50);
    expect(M.lessons).toHaveLength(7);
    expect(M.lessons.reduce((s, l) => s + l.minutes, 0)).toBe(50);
    expect(M.difficulty).toBe('intermediate');
    expect(M.prerequisites).toEqual(['basic_strategies', 'options_greeks']);
  });

  it('sizes on the largest paper starting balance, and shows strategy cards of templates that exist', () => {
    expect(STARTING_CAPITALS).toContain(100_000);
    const cards = M.lessons
      .flatMap((l) => l.blocks)
      .flatMap((b) => (b.type === 'interactive' && b.widget.kind === 'strategy-card' ? [b.widget.templateId] : []));
    expect(cards).toEqual(['bull-call-spread', 'bull-put-spread', 'iron-condor']);
    for (const id of cards) expect(templateById(id)).toBeDefined();
  });

  it('recomputes every numerical key (none is left unchecked)', () => {
    const numerical = quizzes.flatMap((z) => z.questions.filter((q) => q.type === 'numerical').map((q) => `${z.id} ${q.id}`));
    expect(numerical.sort()).toEqual(KEYS.map((k) => `${k.quiz} ${k.id}`).sort());
    for (const k of KEYS) {
      const q = question(k.quiz, k.id);
      expect(Math.abs((q.correctAnswer as number) - k.key), `${k.quiz} ${k.id}`).toBeLessThanOrEqual(q.tolerance! + 0.005 + 1e-9);
    }
  });

  it('sizes the bull call spread by its debit and shows why the placed bull put spread does not fit 1%', () => {
    expect(fig('position-sizing', '1R, one lot')).toBe(usd(R_CALL));
    expect(fig('position-sizing', 'Contracts')).toBe(`${Math.floor(BUDGET / R_CALL)}`);
    expect(fig('position-sizing', 'Bull put spread, 1R')).toBe(usd(AL));
    expect(AL).toBeGreaterThan(BUDGET);
    expect(worst(RM.BULL_PUT_NARROW.legs)).toBeLessThan(BUDGET);
    expect(fig('position-sizing', 'Narrowed bull put spread, 1R')).toBe(usd(worst(RM.BULL_PUT_NARROW.legs)));
    const csp = RM.CSP.legs[0]!;
    expect(fig('position-sizing', 'Cash-secured put, worst case')).toBe(usd((csp.strike - raw(csp.expiration, 'put', csp.strike).mark!) * 100));
  });

  it('reserves buying power as the paper account does and quotes the spec’s messages word for word', () => {
    const put = RM.BULL_PUT.legs;
    expect(fig('buying-power-and-rules', 'Bull put spread reserve')).toBe(usd((put[0]!.strike - put[1]!.strike) * 100));
    expect(fig('buying-power-and-rules', 'Cash-secured put reserve')).toBe(usd(RM.CSP.legs[0]!.strike * 100));
    const c = RM.CONDOR.legs.map((l) => l.strike);
    expect(fig('buying-power-and-rules', 'Iron condor reserve')).toBe(usd(Math.max(c[1]! - c[0]!, c[3]! - c[2]!) * 100));
    const text = textOf('buying-power-and-rules');
    for (const l of TRADING_LEVELS) expect(text).toContain(`| ${l.level} | ${l.name} |`);
    expect(text).toContain(esc(`Insufficient buying power. Required: ${usd(RM.CSP.legs[0]!.strike * 100)}, Available: $10,000.00`));
    expect(text).toContain('Trading level 3 required. Current level: 2');
    expect(text).toContain('One more will trigger Pattern Day Trader rules');
    expect(text).toContain(esc('Pattern Day Trader account requires minimum $25,000 equity. Current equity: $10,000.00'));
    expect(text).toContain('Day trade count: 3 (limit: 3 for non-PDT accounts)');
    expect(text).toContain('Naked short calls are not allowed at any trading level.');
    expect(text).toContain('Margin requirements met');
    expect(text).toContain('Four or more day trades within 5 trading days');
  });

  it('adds the book’s deltas, the two spreads long and the condor short, into the 1% move it shows', () => {
    const opts = { spot: S, asOf: spy.session, r: spy.r, q: spy.q };
    expect(positionGreeks(RM.BULL_CALL.legs, opts).delta).toBeGreaterThan(0);
    expect(positionGreeks(RM.BULL_PUT.legs, opts).delta).toBeGreaterThan(0);
    expect(positionGreeks(RM.CONDOR.legs, opts).delta).toBeLessThan(0);
    expect(textOf('portfolio-greeks')).toContain('leans short on this chain and offsets part of them');
    expect(fig('portfolio-greeks', 'P&L of a 1% move, about')).toBe(usd(bookDelta * S * 0.01));
  });

  it('computes expectancy, the break-even win rate and Kelly for the bull put spread, and says there is no edge at 70%', () => {
    expect(fig('expectancy', 'Break-even win rate')).toBe(`${((100 * AL) / (AW + AL)).toFixed(1)}%`);
    const E = 0.7 * AW - 0.3 * AL;
    expect(E).toBeLessThan(0);
    expect(fig('expectancy', 'Expectancy at a 70% win rate')).toBe(usd(E));
    expect(0.7 - 0.3 / (AW / AL)).toBeLessThan(0);
    expect(textOf('expectancy')).toContain('there is no edge');
    expect(fig('expectancy', 'Left after 10 losses at 1%')).toBe(`${(100 * 0.99 ** 10).toFixed(2)}%`);
    expect(fig('expectancy', 'Left after 10 losses at 10%')).toBe(`${(100 * 0.9 ** 10).toFixed(2)}%`);
  });

  it('prices churning from the quote and journals the bull call spread in R', () => {
    expect(fig('psychology-overtrading', 'Spread paid per round trip')).toBe(usd(ROUND_TRIP));
    const [long, short] = rebuild(RM.BULL_CALL.legs);
    const debit = (long!.premium - short!.premium) * 100;
    expect(fig('journaling', 'R at the upper strike')).toBe(`${(((short!.K - long!.K) * 100 - debit) / debit).toFixed(2)}R`);
    expect(S).toBeLessThan(long!.K);
    expect(fig('journaling', 'R with SPY unchanged')).toBe('−1.00R');
  });

  it('builds a plan whose three sized trades fit the 5% cap, each within 1%', () => {
    for (const x of PLAN) {
      expect(x.lots).toBeGreaterThan(0);
      expect(x.lots * x.r).toBeLessThanOrEqual(BUDGET);
    }
    expect(PLAN_RISK).toBeLessThanOrEqual(5_000);
    for (const p of [RM.BULL_CALL, RM.BULL_PUT_NARROW, RM.CONDOR_NARROW]) expect(levelForOpening(p.legs.map((l) => ({ side: l.action })))).toBe(3);
    expect(textOf('trading-plan')).toContain('All three need trading level 3.');
    expect(fig('trading-plan', 'Total open risk')).toBe(usd(PLAN_RISK));
    expect(question('risk_management.trading-plan.check', 'cap').correctAnswer).toBe('True');
  });

  it('offers no reward for trading volume or profit', () => {
    const all = M.lessons.map((l) => l.blocks.map((b) => b.content).join('\n')).join('\n');
    expect(all).toContain('This course never rewards trading more');
    expect(question('risk_management.trading-plan.check', 'goal').correctAnswer).toBe('Following your written plan and journaling each trade');
  });

  it('asks for a bull put spread sized to 1% of $100,000, which the solution meets and one more lot would not', () => {
    const ex = M.practicalExercise!;
    expect(ex.id).toBe('risk_management.sized-trade');
    expect(ex.requirements).toEqual([
      expect.objectContaining({
        type: 'position',
        criteria: { strategy: 'bull-put-spread', underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 60, maxLoss: 1_000 },
      }),
      expect.objectContaining({ type: 'order', criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' } }),
    ]);
    const legs = RM.BULL_PUT_NARROW.legs;
    const r = worst(legs);
    const lots = Math.floor(1_000 / r);
    expect(ex.solution).toContain(`${lots} lots`);
    expect(ex.solution).toContain(esc(usd(lots * r)));
    expect(ex.solution).toContain(`${esc(usd(credit(legs) / 100, 3))} credit at the mid`);
    const state = (n: number) => ({ hasAccount: true, positions: positionsOf(legs, n), orders: [], quotes: new Map(), now: new Date('2026-11-20T21:00:00Z') });
    expect(checkRequirement(ex.requirements[0]!, state(lots)).met).toBe(true);
    const over = checkRequirement(ex.requirements[0]!, state(lots + 1));
    expect(over.met).toBe(false);
    expect(over.detail).toContain('more than $1,000.00');
  });
});
