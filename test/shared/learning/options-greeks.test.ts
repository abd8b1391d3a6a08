import { describe, expect, it } from 'vitest';
import { americanGreeks, americanImpliedVol, americanPrice, price, type OptionInput, type OptionType } from '@shared/pricing';
import { normCdf } from '@shared/pricing/normal-distribution';
import { earlyExercisePremium, positionGreeks, templateById, type StrategyLeg } from '@shared/strategy';
import type { OptionContract } from '@shared/market/chain';
import type { ChainSnapshot } from '@shared/learning/snapshot';
import type { ContentBlock, Figure, Lesson, Quiz } from '@shared/learning/content/types';
import { optionsGreeks } from '@shared/learning/content/modules/options-greeks';
import { COURSE } from '@shared/learning/content/course';
import { AttemptBody, PublicBlock, PublicQuestion } from '@shared/learning/learning.api';
import spyJson from '@shared/learning/snapshots/spy-2026-11-20.json';

/**
 * The options_greeks module (issue 17): its shape, and every figure and numerical key recomputed here from the SPY
 * snapshot of Nov 20, 2026 with the pricing core, independently of the module's own helpers, in the product's units
 * (theta per calendar day, vega per vol point, rho per rate point: shared/market/chain.ts). Also the claims the
 * lessons' words make about those numbers ("the call lost money", "the 7-day straddle loses more").
 */

const spy = spyJson as ChainSnapshot;
const S = spy.underlyingPrice;
const { r, q } = spy;
const M = optionsGreeks;
/** The quiz ids the attempts route accepts (learning.api.ts). */
const QuizId = /^[a-z_]+(\.[a-z0-9-]+)*\.(quiz|check)$/;

// ------------------------------------------------------------------------------------- independent recomputation

const expiryOf = (days: number) => spy.expiries.find((e) => e.daysToExpiry === days)!;
const contract = (days: number, type: OptionType, K: number): OptionContract =>
  expiryOf(days).contracts.find((c) => c.contract_type === type && c.strike_price === K)!;
const inputOf = (days: number, type: OptionType, K: number): OptionInput => {
  const T = days / 365;
  const sigma = americanImpliedVol({ type, S, K, T, r, q, price: contract(days, type, K).mark! });
  return { type, S, K, T, r, q, sigma };
};
const markOf = (days: number, type: OptionType, K: number) => contract(days, type, K).mark!;
const shown = (i: OptionInput) => {
  const g = americanGreeks(i);
  return { price: g.price, delta: g.delta, gamma: g.gamma, theta: g.theta / 365, vega: g.vega / 100, rho: g.rho / 100 };
};
const A = (i: OptionInput, change: Partial<OptionInput> = {}) => americanPrice({ ...i, ...change });
const E = (i: OptionInput, change: Partial<OptionInput> = {}) => price({ ...i, ...change });
const round = (x: number, digits: number) => Number(x.toFixed(digits));

const K = expiryOf(28)
  .contracts.map((c) => c.strike_price)
  .reduce((b, k) => (Math.abs(k - S) < Math.abs(b - S) ? k : b));
const c7 = inputOf(7, 'call', K);
const p7 = inputOf(7, 'put', K);
const c28 = inputOf(28, 'call', K);
const p28 = inputOf(28, 'put', K);
const c41 = inputOf(41, 'call', K);
const p41 = inputOf(41, 'put', K);
const [G7c, G7p, G28c, G28p, G41c, G41p] = [c7, p7, c28, p28, c41, p41].map(shown) as [
  ReturnType<typeof shown>,
  ReturnType<typeof shown>,
  ReturnType<typeof shown>,
  ReturnType<typeof shown>,
  ReturnType<typeof shown>,
  ReturnType<typeof shown>,
];
const m7c = markOf(7, 'call', K);
const m7p = markOf(7, 'put', K);
const m28c = markOf(28, 'call', K);
const m28p = markOf(28, 'put', K);
const m41c = markOf(41, 'call', K);
const m41p = markOf(41, 'put', K);

// Black-Scholes-Merton's d₁, d₂ written out here (Hull, 9th ed., §17.4).
const v28 = c28.sigma * Math.sqrt(c28.T);
const d1 = (Math.log(S / K) + (r - q + c28.sigma ** 2 / 2) * c28.T) / v28;
const d2 = d1 - v28;
const fwd = (T: number) => S * Math.exp(-q * T) - K * Math.exp(-r * T);

const c590 = inputOf(28, 'call', 590);
const G590 = shown(c590);
const deepPut = inputOf(41, 'put', 610);
const deepCallTv = (days: number) => markOf(days, 'call', 531) - (S - 531);
const dividend = (S * q) / 4;
const next = (i: OptionInput, dS: number) => A(i, { S: S + dS, T: i.T - 1 / 365 });

/** Every figure of the module, by lesson and label: the number(s) its value must show. */
const FIGURES: Record<string, number | number[]> = {};
const expectFigure = (lesson: string, label: string, x: number | number[]) => {
  FIGURES[`${lesson} › ${label}`] = x;
};

{
  const l = 'options_greeks.what-sets-the-price';
  const changes: [string, Partial<OptionInput> | ((i: OptionInput) => Partial<OptionInput>)][] = [
    ['S up $5', { S: S + 5 }],
    ['K up $5', (i) => ({ K: i.K + 5 })],
    ['13 more days', (i) => ({ T: i.T + 13 / 365 })],
    ['σ up 5 points', (i) => ({ sigma: i.sigma + 0.05 })],
    ['r up 1 point', { r: r + 0.01 }],
    ['q up 1 point', { q: q + 0.01 }],
  ];
  for (const [label, change] of changes) {
    expectFigure(l, `Call: ${label}`, A(c28, typeof change === 'function' ? change(c28) : change) - m28c);
    expectFigure(l, `Put: ${label}`, A(p28, typeof change === 'function' ? change(p28) : change) - m28p);
  }
  expectFigure(l, 'IV of the 550 put', inputOf(28, 'put', 550).sigma * 100);
  expectFigure(l, `IV of the ${K} call`, c28.sigma * 100);
  expectFigure(l, 'IV of the 600 call', inputOf(28, 'call', 600).sigma * 100);
}
{
  const l = 'options_greeks.parity';
  expectFigure(l, 'd₁', d1);
  expectFigure(l, 'd₂', d2);
  expectFigure(l, 'N(d₁)', normCdf(d1));
  expectFigure(l, 'N(d₂)', normCdf(d2));
  expectFigure(l, 'European call value', S * Math.exp(-q * c28.T) * normCdf(d1) - K * Math.exp(-r * c28.T) * normCdf(d2));
  expectFigure(l, 'American call value (the product’s)', A(c28));
  expectFigure(l, 'C − P that European parity requires', fwd(28 / 365));
  expectFigure(l, 'European C − P at one σ', E(c28) - E(c28, { type: 'put' }));
  expectFigure(l, 'Market C − P (American marks)', m28c - m28p);
  expectFigure(l, 'American lower bound', S * Math.exp(-q * c28.T) - K);
  expectFigure(l, 'American upper bound', S - K * Math.exp(-r * c28.T));
  expectFigure(l, 'The put’s early-exercise premium at that σ', A(c28, { type: 'put' }) - E(c28, { type: 'put' }));
}
{
  const l = 'options_greeks.delta';
  expectFigure(l, 'Delta', G28c.delta);
  expectFigure(l, '+$1 by delta', G28c.delta);
  expectFigure(l, '+$1 by re-pricing', A(c28, { S: S + 1 }) - m28c);
  expectFigure(l, '+$10 by delta', 10 * G28c.delta);
  expectFigure(l, '+$10 by re-pricing', A(c28, { S: S + 10 }) - m28c);
  expectFigure(l, '−$10 by re-pricing', A(c28, { S: S - 10 }) - m28c);
  expectFigure(l, 'One contract, per $1', 100 * G28c.delta);
  expectFigure(l, 'Shares to hedge one call', Math.round(100 * G28c.delta));
  expectFigure(l, 'Hedged position delta', 100 * G28c.delta - Math.round(100 * G28c.delta));
  expectFigure(l, 'Call: probability in the money, N(d₂)', normCdf(d2));
  expectFigure(l, 'Put delta', G28p.delta);
  expectFigure(l, 'Put: probability in the money, N(−d₂)', normCdf(-d2));
}
const straddleGamma7 = -100 * (G7c.gamma + G7p.gamma);
const straddleGamma41 = -100 * (G41c.gamma + G41p.gamma);
const jumpPnl7 = 100 * (m7c + m7p - next(c7, 10) - next(p7, 10));
const jumpPnl41 = 100 * (m41c + m41p - next(c41, 10) - next(p41, 10));
{
  const l = 'options_greeks.gamma';
  expectFigure(l, 'Gamma, 7 days', G7c.gamma);
  expectFigure(l, 'Gamma, 41 days', G41c.gamma);
  expectFigure(l, 'Delta after +$5, 7 days', [G7c.delta, shown({ ...c7, S: S + 5 }).delta]);
  expectFigure(l, 'Delta after +$5, 41 days', [G41c.delta, shown({ ...c41, S: S + 5 }).delta]);
  expectFigure(l, 'Position gamma, short 7-day straddle', straddleGamma7);
  expectFigure(l, 'Position gamma, short 41-day straddle', straddleGamma41);
  expectFigure(l, 'Credit, 7-day straddle', 100 * (m7c + m7p));
  expectFigure(l, 'Credit, 41-day straddle', 100 * (m41c + m41p));
  expectFigure(l, 'P&L next day after +$10, 7-day', jumpPnl7);
  expectFigure(l, 'P&L next day after +$10, 41-day', jumpPnl41);
}
const decay = [28, 21, 14, 7, 3, 1, 0].map((d) => A(c28, { T: d / 365 }));
{
  const l = 'options_greeks.theta';
  expectFigure(l, 'Theta per day, 7 days', G7c.theta);
  expectFigure(l, 'Theta per day, 28 days', G28c.theta);
  expectFigure(l, 'Theta per day, 41 days', G41c.theta);
  expectFigure(l, 'Daily decay as % of price, 7 days', (-G7c.theta / m7c) * 100);
  expectFigure(l, 'Daily decay as % of price, 41 days', (-G41c.theta / m41c) * 100);
  expectFigure(l, '7-day call, one day later', A(c7, { T: 6 / 365 }) - m7c);
  [28, 21, 14, 7, 3, 1, 0].forEach((d, i) => expectFigure(l, `${d} day${d === 1 ? '' : 's'} left`, decay[i]!));
}
const afterMove = A(c28, { S: S + 5 });
const afterIv = A(c28, { S: S + 5, sigma: c28.sigma - 0.05 });
const afterDay = A(c28, { S: S + 5, sigma: c28.sigma - 0.05, T: 27 / 365 });
const straddlePnl = 100 * (A(c28, { sigma: c28.sigma - 0.05 }) + A(p28, { sigma: p28.sigma - 0.05 }) - m28c - m28p);
{
  const l = 'options_greeks.vega';
  expectFigure(l, 'Vega per vol point, 28 days', G28c.vega);
  expectFigure(l, 'Vega per vol point, 7 days', G7c.vega);
  expectFigure(l, 'Vega per vol point, 41 days', G41c.vega);
  expectFigure(l, 'IV −5 points by vega', -5 * G28c.vega);
  expectFigure(l, 'IV −5 points by re-pricing', A(c28, { sigma: c28.sigma - 0.05 }) - m28c);
  expectFigure(l, 'SPY +$5', afterMove - m28c);
  expectFigure(l, 'then IV −5 points', afterIv - afterMove);
  expectFigure(l, 'then one day passes', afterDay - afterIv);
  expectFigure(l, 'Total, per share', afterDay - m28c);
  expectFigure(l, 'Total, per contract', 100 * (afterDay - m28c));
  expectFigure(l, 'Straddle vega, per vol point', 100 * (G28c.vega + G28p.vega));
  expectFigure(l, 'Straddle cost', 100 * (m28c + m28p));
  expectFigure(l, 'P&L after IV −5 points', straddlePnl);
}
{
  const l = 'options_greeks.rho-dividends-early-exercise';
  expectFigure(l, 'Rho per rate point, 41-day call', G41c.rho);
  expectFigure(l, 'Rho per rate point, 41-day put', G41p.rho);
  expectFigure(l, 'Rho per rate point, 7-day call', G7c.rho);
  expectFigure(l, '28-day call with no dividend', A(c28, { q: 0 }) - m28c);
  expectFigure(l, '28-day put with no dividend', A(p28, { q: 0 }) - m28p);
  expectFigure(l, 'Intrinsic value', 610 - S);
  expectFigure(l, 'American value (the mark)', A(deepPut));
  expectFigure(l, 'European value, same σ', E(deepPut));
  expectFigure(l, 'Early-exercise premium', A(deepPut) - E(deepPut));
  expectFigure(l, 'Dividend a quarter (from the yield)', dividend);
  expectFigure(l, 'Time value, 7-day 531 call', deepCallTv(7));
  expectFigure(l, 'Time value, 28-day 531 call', deepCallTv(28));
}
const byHand = (k: 'delta' | 'gamma' | 'theta' | 'vega' | 'rho') => 100 * (G28c[k] - G590[k]);
const shortStraddle = (k: 'delta' | 'gamma' | 'theta' | 'vega') => -100 * (G28c[k] + G28p[k]);
{
  const l = 'options_greeks.position-greeks';
  for (const k of ['delta', 'gamma', 'theta', 'vega', 'rho'] as const) expectFigure(l, `Spread ${k}`, byHand(k));
  expectFigure(l, 'Covered call delta', 100 - 100 * G590.delta);
  for (const k of ['delta', 'gamma', 'theta', 'vega'] as const) expectFigure(l, `Short straddle ${k}`, shortStraddle(k));
}

/** Every numerical key, by quiz and question: the value, the digits it is given to, and what the learner gets from the figures the question shows. */
const r4 = (x: number) => round(x, 4);
const r6 = (x: number) => round(x, 6);
const KEYS: Record<string, { exact: number; digits: number; fromShown: number }> = {
  'options_greeks.what-sets-the-price.check › reprice-s': { exact: A(c28, { S: S + 5 }), digits: 2, fromShown: m28c + round(A(c28, { S: S + 5 }) - m28c, 2) },
  'options_greeks.parity.check › parity-rhs': { exact: fwd(28 / 365), digits: 2, fromShown: fwd(28 / 365) },
  'options_greeks.delta.check › position-delta': { exact: 300 * G28c.delta, digits: 2, fromShown: 300 * r4(G28c.delta) },
  'options_greeks.delta.check › hedge': { exact: 1000 * G28c.delta, digits: 0, fromShown: 1000 * r4(G28c.delta) },
  'options_greeks.gamma.check › delta-after': { exact: G7c.delta + 2 * G7c.gamma, digits: 3, fromShown: r4(G7c.delta) + 2 * r4(G7c.gamma) },
  'options_greeks.theta.check › two-contracts': { exact: -200 * G7c.theta, digits: 2, fromShown: -200 * r4(G7c.theta) },
  'options_greeks.vega.check › crush-contract': { exact: 500 * G28c.vega, digits: 2, fromShown: 500 * r4(G28c.vega) },
  'options_greeks.rho-dividends-early-exercise.check › rho-contract': { exact: 50 * G41c.rho, digits: 2, fromShown: 50 * r4(G41c.rho) },
  'options_greeks.position-greeks.check › spread-delta': { exact: byHand('delta'), digits: 2, fromShown: 100 * (r4(G28c.delta) - r4(G590.delta)) },
  'options_greeks.position-greeks.check › covered-call': { exact: 100 - 100 * G590.delta, digits: 2, fromShown: 100 - 100 * r4(G590.delta) },
  'options_greeks.quiz › position-delta': { exact: 400 * G41c.delta, digits: 2, fromShown: 400 * r4(G41c.delta) },
  'options_greeks.quiz › parity-41': { exact: fwd(41 / 365), digits: 2, fromShown: fwd(41 / 365) },
  'options_greeks.quiz › vega-loss': { exact: 600 * G28p.vega, digits: 2, fromShown: 600 * r4(G28p.vega) },
  'options_greeks.quiz › theta-week': { exact: -3500 * G41c.theta, digits: 2, fromShown: -3500 * r4(G41c.theta) },
  'options_greeks.quiz › straddle-gamma': { exact: straddleGamma7, digits: 2, fromShown: -100 * (r6(G7c.gamma) + r6(G7p.gamma)) },
  'options_greeks.quiz › spread-theta': { exact: byHand('theta'), digits: 2, fromShown: 100 * (r4(G28c.theta) - r4(G590.theta)) },
};

// ------------------------------------------------------------------------------------------------------- helpers

const quizzes: Quiz[] = [...M.lessons.map((l) => l.check!), M.quiz];
const allQuestions = quizzes.flatMap((qz) => qz.questions.map((question) => ({ quiz: qz, question })));
const examples = M.lessons.flatMap((l) =>
  l.blocks.filter((b): b is Extract<ContentBlock, { type: 'example' }> => b.type === 'example').map((b) => ({ lesson: l, block: b })),
);
const figures: { lesson: Lesson; figure: Figure }[] = examples.flatMap(({ lesson, block }) => (block.figures ?? []).map((figure) => ({ lesson, figure })));

/** The numbers a figure shows: "−$3.18" → −3.18, "0.5033 → 0.6655" → [0.5033, 0.6655], "52 shares" → 52. */
function shownNumbers(value: string): { x: number; decimals: number }[] {
  return value.split(' → ').map((part) => {
    const m = /^([+−]?)\$?([\d,]*\.?\d+)/.exec(part.trim());
    if (!m) throw new Error(`not a number: ${value}`);
    const digits = m[2]!.replace(/,/g, '');
    return { x: (m[1] === '−' ? -1 : 1) * Number(digits), decimals: digits.includes('.') ? digits.split('.')[1]!.length : 0 };
  });
}

/** Markdown strings, where a bare "$" opens KaTeX maths: money must be written "\$". */
const markdownOf = (): { where: string; text: string }[] => [
  ...M.lessons.flatMap((l) => l.blocks.map((b) => ({ where: `${l.id} › ${b.title}`, text: b.content }))),
  ...allQuestions.flatMap(({ quiz, question }) => [
    { where: `${quiz.id} › ${question.id}`, text: question.question },
    { where: `${quiz.id} › ${question.id} (explanation)`, text: question.explanation },
  ]),
  { where: 'exercise scenario', text: M.practicalExercise!.scenario },
  ...M.practicalExercise!.hints.map((h, i) => ({ where: `exercise hint ${i}`, text: h })),
  { where: 'exercise solution', text: M.practicalExercise!.solution },
];

const BASICS_LESSONS = [
  'why-options',
  'calls-and-puts',
  'four-positions',
  'reading-a-chain',
  'moneyness',
  'breakeven',
  'expiration-exercise',
  'orders-and-spread',
].map((x) => `options_basics.${x}`);

// --------------------------------------------------------------------------------------------------------- tests

describe('options_greeks: the module’s shape', () => {
  it('is the spec’s module: 60 minutes, intermediate, after options_basics, eight lessons in the fixed order', () => {
    expect(M).toMatchObject({ id: 'options_greeks', difficulty: 'intermediate', estimatedTime: 60, prerequisites: ['options_basics'] });
    expect(M.lessons.map((l) => l.id)).toEqual([
      'options_greeks.what-sets-the-price',
      'options_greeks.parity',
      'options_greeks.delta',
      'options_greeks.gamma',
      'options_greeks.theta',
      'options_greeks.vega',
      'options_greeks.rho-dividends-early-exercise',
      'options_greeks.position-greeks',
    ]);
    for (const l of M.lessons) {
      expect(l.minutes, l.id).toBeGreaterThanOrEqual(5);
      expect(l.minutes, l.id).toBeLessThanOrEqual(12);
    }
    expect(M.lessons.reduce((s, l) => s + l.minutes, 0)).toBe(M.estimatedTime);
    expect(COURSE).toContain(M);
  });

  it('ends each lesson in a check of 3–5 questions and the module in a quiz of 10–12, all passing at 80', () => {
    for (const l of M.lessons) {
      expect(l.check?.id).toBe(`${l.id}.check`);
      expect(l.check!.questions.length, l.id).toBeGreaterThanOrEqual(3);
      expect(l.check!.questions.length, l.id).toBeLessThanOrEqual(5);
    }
    expect(M.quiz.id).toBe('options_greeks.quiz');
    expect(M.quiz.questions.length).toBeGreaterThanOrEqual(10);
    expect(M.quiz.questions.length).toBeLessThanOrEqual(12);
    for (const qz of quizzes) expect(qz.passingScore, qz.id).toBe(80);
  });

  it('gives every question a unique id, a key and an explanation; choices contain their key; numerical ones state their tolerance', () => {
    for (const qz of quizzes) expect(new Set(qz.questions.map((x) => x.id)).size, qz.id).toBe(qz.questions.length);
    for (const { quiz, question: x } of allQuestions) {
      const where = `${quiz.id} › ${x.id}`;
      expect(x.explanation.trim().length, where).toBeGreaterThan(20);
      if (x.type === 'true-false') expect(x.options, where).toEqual(['True', 'False']);
      if (x.type !== 'numerical') {
        expect(new Set(x.options).size, where).toBe(x.options!.length);
        expect(x.options, where).toContain(x.correctAnswer);
      } else {
        expect(typeof x.correctAnswer, where).toBe('number');
        expect(x.tolerance, where).toBeGreaterThan(0);
        expect(x.unit, where).toBeDefined();
        const stated = /\(Answers within (\\\$)?([\d.]+) (.*)of the key count as correct\.\)$/.exec(x.question);
        expect(stated, where).not.toBeNull();
        expect(Number(stated![2]), where).toBe(x.tolerance);
        expect(stated![1] === undefined ? stated![3]!.trim() : '$', where).toBe(
          x.unit === '$' ? '$' : x.tolerance === 1 ? x.unit!.replace(/s$/, '') : x.unit!.replace('$', '\\$'),
        );
      }
    }
  });

  it('fits the content API’s public shapes: every block (the chain task once the server attaches its chain) and question, with answers the attempt body accepts', () => {
    for (const l of M.lessons)
      for (const b of l.blocks) {
        const pub =
          b.type === 'interactive' && b.widget.kind === 'chain-task'
            ? { ...b, widget: { ...b.widget, chain: { underlying: 'SPY', underlyingPrice: S, asOf: spy.asOf, source: spy.source, contracts: [] } } }
            : b;
        expect(PublicBlock.safeParse(pub).success, `${l.id} › ${b.title}`).toBe(true);
      }
    for (const { quiz, question } of allQuestions) {
      expect(QuizId.test(quiz.id), quiz.id).toBe(true);
      expect(PublicQuestion.safeParse(question).success, `${quiz.id} › ${question.id}`).toBe(true);
      for (const o of question.options ?? []) expect(AttemptBody.safeParse({ answers: { [question.id]: o } }).success, o).toBe(true);
    }
  });

  it('names the data and its date under every example, and every figure shows a formula and its inputs', () => {
    for (const { lesson, block } of examples) {
      expect(block.source, `${lesson.id} › ${block.title}`).toMatch(/end of day, Nov 20, 2026 \(simulated market\)/);
      expect(block.figures?.length, `${lesson.id} › ${block.title}`).toBeGreaterThan(0);
    }
    for (const { lesson, figure } of figures) {
      expect(figure.formula.length, `${lesson.id} › ${figure.label}`).toBeGreaterThan(0);
      expect(figure.inputs.length, `${lesson.id} › ${figure.label}`).toBeGreaterThan(0);
    }
    for (const l of M.lessons) {
      const labels = figures.filter((f) => f.lesson === l).map((f) => f.figure.label);
      expect(new Set(labels).size, l.id).toBe(labels.length);
    }
  });

  it('writes money in Markdown as "\\$" so KaTeX never mistakes it for maths, and keeps maths delimiters paired', () => {
    for (const { where, text } of markdownOf()) {
      expect(text, where).not.toMatch(/(?<!\\)\$[\d,]*\d/);
      const bare = text.replace(/\\\$/g, '').replace(/\$\$/g, '').match(/\$/g)?.length ?? 0;
      expect(bare % 2, where).toBe(0);
    }
  });

  it('links only to lessons that exist', () => {
    const known = new Set([...BASICS_LESSONS, ...M.lessons.map((l) => l.id)]);
    const links = markdownOf().flatMap(({ text }) => [...text.matchAll(/lesson:([a-z_]+\.[a-z0-9-]+)/g)].map((m) => m[1]!));
    expect(links.length).toBeGreaterThan(0);
    for (const id of links) expect(known, id).toContain(id);
  });

  it('sets its widgets on the snapshot: greeks explorers at a contract’s inputs, payoff legs at their marks, a chain task with its key offered by the check', () => {
    const widgets = M.lessons.flatMap((l) => l.blocks.flatMap((b) => (b.type === 'interactive' ? [{ lesson: l, widget: b.widget }] : [])));
    expect(widgets.filter((w) => w.widget.kind === 'greeks').length).toBeGreaterThanOrEqual(6);
    expect(widgets.some((w) => w.widget.kind === 'payoff' && w.widget.legs.length === 2 && w.widget.legs.every((x) => x.action === 'buy'))).toBe(true);
    for (const { lesson, widget } of widgets) {
      if (widget.kind === 'greeks') {
        expect(widget.inputs, lesson.id).toMatchObject({ S, r, q });
        expect(
          [7, 28, 41].map((d) => d / 365),
          lesson.id,
        ).toContain(widget.inputs.T);
        const days = Math.round(widget.inputs.T * 365);
        expect(widget.inputs.sigma, lesson.id).toBeCloseTo(inputOf(days, widget.optionType, widget.inputs.K).sigma, 12);
      }
      if (widget.kind === 'payoff') {
        expect(widget).toMatchObject({ underlying: 'SPY', spot: S, asOf: spy.session });
        for (const leg of widget.legs) {
          const c = spy.expiries.flatMap((e) => e.contracts).find((x) => x.contract_ticker === leg.contractTicker)!;
          expect(leg, leg.contractTicker).toMatchObject({
            premium: c.mark,
            strike: c.strike_price,
            optionType: c.contract_type,
            expiration: c.expiration_date,
          });
        }
      }
      if (widget.kind === 'chain-task') {
        const e = spy.expiries.find((x) => x.expiration === widget.expiration)!;
        const puts = e.contracts.filter((c) => c.contract_type === 'put');
        const nearest = puts.reduce((b, c) => (Math.abs(c.delta! + 0.3) < Math.abs(b.delta! + 0.3) ? c : b));
        expect(widget.snapshot).toBe('spy-2026-11-20');
        expect(widget.answer).toEqual([nearest.contract_ticker]);
        const offered = lesson.check!.questions.find((x) => x.options?.includes(nearest.contract_ticker));
        expect(offered?.correctAnswer).toBe(nearest.contract_ticker);
      }
    }
  });

  it('asks in its exercise for a long straddle that the snapshot’s at-the-money straddle satisfies', () => {
    const ex = M.practicalExercise!;
    expect(ex.id).toBe('options_greeks.delta-neutral');
    const position = ex.requirements.find((x) => x.type === 'position')!;
    if (position.type !== 'position') throw new Error('no position requirement');
    expect(templateById(position.criteria.strategy as string)?.id).toBe('long-straddle');
    expect(28).toBeGreaterThanOrEqual(position.criteria.minDaysToExpiry!);
    expect(28).toBeLessThanOrEqual(position.criteria.maxDaysToExpiry!);
    expect(100 * (contract(28, 'call', K).ask! + contract(28, 'put', K).ask!)).toBeLessThanOrEqual(position.criteria.maxLoss!);
    expect(ex.requirements.find((x) => x.type === 'order')).toMatchObject({ criteria: { orderType: 'limit', atOrBetterThanMid: true } });
  });
});

describe('options_greeks: every number recomputed with the pricing core', () => {
  it('uses the chain’s own Greeks: the at-the-money contracts’ figures equal the snapshot’s delta, gamma, theta, vega and rho', () => {
    const pairs: [OptionContract, ReturnType<typeof shown>][] = [
      [contract(7, 'call', K), G7c],
      [contract(7, 'put', K), G7p],
      [contract(28, 'call', K), G28c],
      [contract(28, 'put', K), G28p],
      [contract(41, 'call', K), G41c],
      [contract(41, 'put', K), G41p],
    ];
    for (const [c, g] of pairs) {
      expect(round(g.delta, 5), c.contract_ticker).toBe(c.delta);
      expect(round(g.gamma, 6), c.contract_ticker).toBe(c.gamma);
      expect(round(g.theta, 5), c.contract_ticker).toBe(c.theta);
      expect(round(g.vega, 5), c.contract_ticker).toBe(c.vega);
      expect(round(g.rho, 5), c.contract_ticker).toBe(c.rho);
    }
  });

  it('shows every figure to the last digit it prints', () => {
    const seen = new Set<string>();
    for (const { lesson, figure } of figures) {
      const key = `${lesson.id} › ${figure.label}`;
      seen.add(key);
      expect(FIGURES, `no independent value for ${key}`).toHaveProperty([key]);
      const expected = [FIGURES[key]!].flat();
      const got = shownNumbers(figure.value);
      expect(got.length, key).toBe(expected.length);
      got.forEach(({ x, decimals }, i) =>
        expect(Math.abs(x - expected[i]!), `${key}: ${figure.value} vs ${expected[i]}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9),
      );
    }
    expect([...seen].sort()).toEqual(Object.keys(FIGURES).sort());
  });

  it('keys every numerical question to the pricing core’s value, and accepts the answer worked from the numbers the question shows', () => {
    const numerical = allQuestions.filter(({ question }) => question.type === 'numerical');
    expect(numerical.map(({ quiz, question }) => `${quiz.id} › ${question.id}`).sort()).toEqual(Object.keys(KEYS).sort());
    for (const { quiz, question } of numerical) {
      const key = `${quiz.id} › ${question.id}`;
      const { exact, digits, fromShown } = KEYS[key]!;
      expect(question.correctAnswer, key).toBe(round(exact, digits));
      expect(Math.abs(fromShown - (question.correctAnswer as number)), key).toBeLessThanOrEqual(question.tolerance!);
    }
  });

  it('position Greeks by hand equal the strategy builder’s positionGreeks', () => {
    const leg = (c: OptionContract, action: 'buy' | 'sell', iv: number): StrategyLeg => ({
      action,
      optionType: c.contract_type,
      strike: c.strike_price,
      premium: c.mark!,
      quantity: 1,
      expiration: c.expiration_date,
      underlying: 'SPY',
      iv,
    });
    const spread = positionGreeks([leg(contract(28, 'call', K), 'buy', c28.sigma), leg(contract(28, 'call', 590), 'sell', c590.sigma)], {
      spot: S,
      asOf: spy.session,
      r,
      q,
    });
    for (const k of ['delta', 'gamma', 'theta', 'vega', 'rho'] as const) expect(spread[k], k).toBeCloseTo(byHand(k), 9);
  });
});

describe('options_greeks: what the lessons say about the numbers holds', () => {
  it('lesson 1: each input moves the call and the put the way the table says; IV differs by strike (skew)', () => {
    const dir = (i: OptionInput, change: Partial<OptionInput>) => Math.sign(A(i, change) - A(i));
    expect([{ S: S + 5 }, { K: K + 5 }, { T: 41 / 365 }, { sigma: c28.sigma + 0.05 }, { r: r + 0.01 }, { q: q + 0.01 }].map((x) => dir(c28, x))).toEqual([
      1, -1, 1, 1, 1, -1,
    ]);
    expect([{ S: S + 5 }, { K: K + 5 }, { T: 41 / 365 }, { sigma: p28.sigma + 0.05 }, { r: r + 0.01 }, { q: q + 0.01 }].map((x) => dir(p28, x))).toEqual([
      -1, 1, 1, 1, -1, 1,
    ]);
    const ivMove = A(c28, { sigma: c28.sigma + 0.05 }) - m28c;
    const sMove = A(c28, { S: S + 5 }) - m28c;
    expect(ivMove / sMove).toBeGreaterThan(0.67);
    expect(ivMove / sMove).toBeLessThan(1.5);
    expect(Math.abs(A(c28, { r: r + 0.01 }) - m28c)).toBeLessThan(1);
    expect(Math.abs(A(c28, { q: q + 0.01 }) - m28c)).toBeLessThan(1);
    expect(inputOf(28, 'put', 550).sigma).toBeGreaterThan(c28.sigma);
    expect(c28.sigma).toBeGreaterThan(inputOf(28, 'call', 600).sigma);
  });

  it('lesson 2: the European formula gives the call’s mark back; the market’s C − P is below European parity and inside the American bounds', () => {
    expect(Math.abs(E(c28) - m28c)).toBeLessThan(0.005);
    expect(A(c28) - E(c28)).toBeLessThan(0.005);
    expect(m28c - m28p).toBeLessThan(fwd(28 / 365));
    expect(m28c - m28p).toBeGreaterThan(S * Math.exp(-q * c28.T) - K);
    expect(m28c - m28p).toBeLessThan(S - K * Math.exp(-r * c28.T));
    expect(A(c28, { type: 'put' })).toBeGreaterThan(E(c28, { type: 'put' }));
    // The European explorer's words: far enough below the strike (within its 70% range) the put is worth less than K − S.
    expect(E(p28, { S: 0.7 * S })).toBeLessThan(K - 0.7 * S);
  });

  it('lesson 3: re-pricing beats delta on the way up and loses less on the way down; delta sits above N(d₂)', () => {
    expect(A(c28, { S: S + 1 }) - m28c).toBeGreaterThan(G28c.delta);
    expect(A(c28, { S: S + 10 }) - m28c).toBeGreaterThan(10 * G28c.delta);
    expect(Math.abs(A(c28, { S: S - 10 }) - m28c)).toBeLessThan(A(c28, { S: S + 10 }) - m28c);
    expect(G28c.delta).toBeGreaterThan(normCdf(d2));
    // The figure's formula is the European one: for this call the American delta is the same number.
    expect(G28c.delta).toBeCloseTo(Math.exp(-q * c28.T) * normCdf(d1), 12);
  });

  it('lesson 4: the 7-day straddle takes in less, has more negative gamma, and loses more on a $10 jump', () => {
    expect(G7c.gamma).toBeGreaterThan(G41c.gamma);
    expect(shown({ ...c7, S: S + 5 }).delta - G7c.delta).toBeGreaterThan(shown({ ...c41, S: S + 5 }).delta - G41c.delta);
    expect(m7c + m7p).toBeLessThan(m41c + m41p);
    expect(straddleGamma7).toBeLessThan(straddleGamma41);
    expect(jumpPnl7).toBeLessThan(jumpPnl41);
    expect(jumpPnl41).toBeLessThan(0);
    // The quiz's "earns the most time decay": the short 7-day straddle's theta beats the 41-day one's.
    expect(-100 * (G7c.theta + G7p.theta)).toBeGreaterThan(-100 * (G41c.theta + G41p.theta));
  });

  it('lesson 5: decay speeds up, a day’s re-pricing is a little over theta, and the call expires worthless below its strike', () => {
    expect(Math.abs(G7c.theta)).toBeGreaterThan(Math.abs(G28c.theta));
    expect(Math.abs(G28c.theta)).toBeGreaterThan(Math.abs(G41c.theta));
    const day = A(c7, { T: 6 / 365 }) - m7c;
    expect(day).toBeLessThan(G7c.theta);
    expect(day / G7c.theta).toBeLessThan(1.1);
    const weekly = [decay[0]! - decay[1]!, decay[1]! - decay[2]!, decay[2]! - decay[3]!, decay[3]! - decay[6]!];
    for (let i = 1; i < weekly.length; i++) expect(weekly[i]).toBeGreaterThan(weekly[i - 1]!);
    expect(S).toBeLessThan(K);
    expect(decay[6]).toBe(0);
    expect(A(c41, { T: 34 / 365 }) - m41c).toBeLessThan(7 * G41c.theta);
  });

  it('lesson 6: vega grows with time; the IV drop takes back more than the $5 rise gave, and the call ends lower', () => {
    expect(G7c.vega).toBeLessThan(G28c.vega);
    expect(G28c.vega).toBeLessThan(G41c.vega);
    expect(Math.abs(A(c28, { sigma: c28.sigma - 0.05 }) - m28c - -5 * G28c.vega)).toBeLessThan(0.05);
    expect(afterMove).toBeGreaterThan(m28c);
    expect(afterMove - afterIv).toBeGreaterThan(afterMove - m28c);
    expect(afterDay).toBeLessThan(afterIv);
    expect(afterDay).toBeLessThan(m28c);
    expect(straddlePnl).toBeLessThan(0);
  });

  it('lesson 7: rho’s signs and size; the deep put’s European value is below intrinsic, its premium the builder’s; the dividend rule sorts the two 531 calls; no call early-exercise premium under a yield', () => {
    expect(G41c.rho).toBeGreaterThan(0);
    expect(G41p.rho).toBeLessThan(0);
    expect(G41c.rho).toBeGreaterThan(G7c.rho);
    expect(Math.abs(A(c28, { q: 0 }) - m28c)).toBeGreaterThan(0.5 * G41c.rho);
    expect(E(deepPut)).toBeLessThan(610 - S);
    const deepPutLeg: StrategyLeg = {
      action: 'buy',
      optionType: 'put',
      strike: 610,
      premium: markOf(41, 'put', 610),
      quantity: 1,
      expiration: expiryOf(41).expiration,
      underlying: 'SPY',
      iv: deepPut.sigma,
    };
    expect(earlyExercisePremium(deepPutLeg, { spot: S, asOf: spy.session, r, q })).toBeCloseTo(A(deepPut) - E(deepPut), 9);
    expect(markOf(41, 'put', 610)).toBeGreaterThan(610 - S);
    const atIntrinsic = contract(7, 'put', 600);
    expect(atIntrinsic.mark).toBeCloseTo(600 - S, 9);
    expect(atIntrinsic.implied_volatility).toBeNull();
    expect(deepCallTv(7)).toBeLessThan(dividend);
    expect(deepCallTv(28)).toBeGreaterThan(dividend);
    // The widget's words: dragging S down (the explorer goes to 70% of S) reaches the exercise region, where delta is
    // −1, gamma 0 and the price K − S; a higher r starts it at a higher S.
    const boundary = (rate: number) => {
      let b = 0;
      for (let x = 0.7 * S; x <= S; x += 0.5) {
        const g = americanGreeks({ ...deepPut, S: x, r: rate });
        if (g.delta === -1 && g.gamma === 0 && Math.abs(g.price - (610 - x)) < 1e-9) b = x;
      }
      return b;
    };
    expect(boundary(r)).toBeGreaterThan(0.7 * S);
    expect(boundary(r + 0.02)).toBeGreaterThan(boundary(r));
    for (const days of [7, 28]) {
      const i = inputOf(days, 'call', 531);
      expect(A(i) - E(i), `${days}-day 531 call`).toBeLessThan(0.005);
    }
  });

  it('lesson 8: the spread has less than half the call’s delta and much less theta and vega; the short straddle starts near delta-neutral, earns theta, is short gamma and vega', () => {
    expect(byHand('delta')).toBeLessThan(0.5 * 100 * G28c.delta);
    expect(byHand('theta')).toBeGreaterThan(100 * G28c.theta);
    expect(byHand('theta')).toBeLessThan(0);
    expect(byHand('vega')).toBeLessThan(0.25 * 100 * G28c.vega);
    expect(Math.abs(shortStraddle('delta'))).toBeLessThan(5);
    expect(shortStraddle('theta')).toBeGreaterThan(0);
    expect(shortStraddle('gamma')).toBeLessThan(0);
    expect(shortStraddle('vega')).toBeLessThan(0);
  });
});
