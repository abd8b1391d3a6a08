import { describe, expect, it } from 'vitest';
import { americanGreeks, americanPrice, type OptionType } from '@shared/pricing';
import { STRATEGY_TEMPLATES, templateById, type StrategyLeg } from '@shared/strategy';
import { MESSAGES } from '@shared/compliance/checks';
import type { OptionContract } from '@shared/market/chain';
import type { ChainSnapshot } from '@shared/learning/snapshot';
import type { Figure, Question, Quiz } from '@shared/learning/content/types';
import { ADVANCED_BOX, ADVANCED_PLACEMENTS as PL, CONDOR_MAX_LOSS, advancedStrategies as M } from '@shared/learning/content/modules/advanced-strategies';
import { COURSE } from '@shared/learning/content/course';
import spyJson from '@shared/learning/snapshots/spy-2026-11-20.json';

/**
 * The advanced_strategies module (issue 17): its shape, the strategies it places (the builder's templates on the SPY
 * snapshot of Nov 20, 2026) and every figure and numerical key recomputed here from the raw snapshot, independently
 * of shared/strategy's analytics: the expiry payoff as a sum of intrinsic values, position Greeks with the American
 * engine, the box from the quotes. Also the claims the lessons' words make about those numbers.
 */

const spy = spyJson as ChainSnapshot;
const S = spy.underlyingPrice;
const { r, q } = spy;
const front = spy.expiries.find((e) => e.daysToExpiry === 28)!;
const back = spy.expiries.find((e) => e.daysToExpiry === 41)!;
const all: OptionContract[] = spy.expiries.flatMap((e) => e.contracts);
const raw = (expiration: string, type: OptionType, K: number): OptionContract =>
  all.find((c) => c.expiration_date === expiration && c.contract_type === type && c.strike_price === K)!;

/** "$1,234.50" and "−$1,234.50", as the module prints dollars. */
const usd = (x: number, digits = 2) =>
  `${x < 0 ? '−' : ''}$${Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
/** A per-share price: cents, or thousandths where it has them. */
const perShare = (x: number) => {
  const m = Math.round(x * 1000);
  return usd(m / 1000, m % 10 === 0 ? 2 : 3);
};

const quizzes: Quiz[] = [...M.lessons.map((l) => l.check!), M.quiz];
const question = (quizId: string, id: string): Question => {
  const q = quizzes.find((x) => x.id === quizId)!.questions.find((x) => x.id === id);
  if (!q) throw new Error(`${quizId} has no ${id}`);
  return q;
};
const lesson = (slug: string) => M.lessons.find((l) => l.id === `advanced_strategies.${slug}`)!;
const figuresOf = (slug: string): Figure[] => lesson(slug).blocks.flatMap((b) => (b.type === 'example' ? (b.figures ?? []) : []));
const fig = (slug: string, label: string): string => {
  const f = figuresOf(slug).find((x) => x.label === label);
  if (!f) throw new Error(`${slug} has no figure ${label}`);
  return f.value;
};
const textOf = (slug: string) =>
  lesson(slug)
    .blocks.map((b) => b.content)
    .join('\n');

// ------------------------------------------------------------------------------------- independent recomputation

/** One lot at expiry, single expiry: Σ ±qty × 100 × (intrinsic − premium). */
const pnl = (legs: StrategyLeg[]) => (x: number) =>
  legs.reduce(
    (s, l) => s + (l.action === 'buy' ? 1 : -1) * l.quantity * 100 * (Math.max(0, l.optionType === 'call' ? x - l.strike : l.strike - x) - l.premium),
    0,
  );
const credit = (legs: StrategyLeg[]) => legs.reduce((s, l) => s + (l.action === 'sell' ? 1 : -1) * l.quantity * 100 * l.premium, 0);

interface Exact {
  maxProfit: number;
  maxLoss: number;
  breakevens: number[];
}
/** Extremes over the strikes and 0, unlimited when the slope beyond the top strike is non-zero; roots per piece. */
function exact(legs: StrategyLeg[]): Exact {
  const f = pnl(legs);
  const xs = [0, ...new Set(legs.map((l) => l.strike).sort((a, b) => a - b))];
  const top = xs.at(-1)!;
  // Beyond the top strike only the calls move: each adds ±quantity × 100 per dollar.
  const slope = legs.reduce((sum, l) => sum + (l.optionType === 'call' ? (l.action === 'buy' ? 1 : -1) * l.quantity * 100 : 0), 0);
  const values = xs.map(f);
  const roots: number[] = [];
  for (let i = 0; i + 1 < xs.length; i++) {
    const [a, b, fa, fb] = [xs[i]!, xs[i + 1]!, values[i]!, values[i + 1]!];
    if (fa * fb < 0) roots.push(a + ((b - a) * fa) / (fa - fb));
    else if (fb === 0 && i + 1 < xs.length) roots.push(b);
  }
  if (slope !== 0 && values.at(-1)! * slope < 0) roots.push(top - values.at(-1)! / slope);
  return {
    maxProfit: slope > 0 ? Infinity : Math.max(...values),
    maxLoss: slope < 0 ? -Infinity : Math.min(...values),
    breakevens: roots,
  };
}

const rounded = (x: number) => Math.round(x * 1e6) / 1e6;

describe('the module', () => {
  it('is the advanced module of the spec: 90 minutes, after the basic strategies and the Greeks, in COURSE after them', () => {
    expect(M.id).toBe('advanced_strategies');
    expect(M.difficulty).toBe('advanced');
    expect(M.estimatedTime).toBe(90);
    expect(M.prerequisites).toEqual(['basic_strategies', 'options_greeks']);
    const ids = COURSE.map((m) => m.id);
    expect(ids.indexOf('advanced_strategies')).toBeGreaterThan(ids.indexOf('options_greeks'));
  });

  it('has one lesson per strategy family, in order', () => {
    expect(M.lessons.map((l) => l.id)).toEqual(
      [
        'straddles-strangles',
        'iron-condor-butterfly',
        'butterflies',
        'calendars-diagonals',
        'ratio-backspreads',
        'jade-lizard-synthetics',
        'no-free-money',
      ].map((s) => `advanced_strategies.${s}`),
    );
  });

  it('shows the card of each strategy a lesson teaches, of templates that exist', () => {
    const cards = (slug: string) =>
      lesson(slug).blocks.flatMap((b) => (b.type === 'interactive' && b.widget.kind === 'strategy-card' ? [b.widget.templateId] : []));
    expect(cards('straddles-strangles')).toEqual(['long-straddle', 'long-strangle', 'short-straddle', 'short-strangle']);
    expect(cards('iron-condor-butterfly')).toEqual(['iron-condor', 'long-iron-butterfly']);
    expect(cards('butterflies')).toEqual(['butterfly-spread', 'broken-wing-butterfly']);
    expect(cards('calendars-diagonals')).toEqual(['calendar-spread', 'bull-call-diagonal']);
    expect(cards('ratio-backspreads')).toEqual(['call-ratio-spread', 'call-ratio-back-spread']);
    expect(cards('jade-lizard-synthetics')).toEqual(['jade-lizard', 'bullish-risk-reversal', 'long-synthetic-future']);
    for (const l of M.lessons)
      for (const b of l.blocks)
        if (b.type === 'interactive' && b.widget.kind === 'strategy-card') expect(templateById(b.widget.templateId), l.id).toBeDefined();
    const placed = Object.values(PL).filter((p) => 'template' in p);
    expect(placed).toHaveLength(Object.keys(PL).length - 1); // all but the narrowed condor, which moves two legs
    for (const p of placed) if ('template' in p) expect(STRATEGY_TEMPLATES).toContain(p.template);
  });

  it('asks for the iron condor of the brief: SPY, 20–50 days, at most $800 of loss, one limit order at or better than the mid', () => {
    const ex = M.practicalExercise!;
    expect(ex.id).toBe('advanced_strategies.iron-condor');
    expect(ex.requirements).toEqual([
      expect.objectContaining({
        type: 'position',
        criteria: { strategy: 'iron-condor', underlying: 'SPY', minDaysToExpiry: 20, maxDaysToExpiry: 50, maxLoss: 800 },
      }),
      expect.objectContaining({ type: 'order', criteria: { orderType: 'limit', atOrBetterThanMid: true, underlying: 'SPY' } }),
    ]);
    expect(ex.requirements[1]!.description).toContain('multi-leg limit order');
    // The solution meets it on the snapshot: 28 days, a loss under $800, and its strikes and figures are the ones named.
    const legs = PL.narrowCondor.legs;
    const e = exact(legs);
    expect(front.daysToExpiry).toBeGreaterThanOrEqual(20);
    expect(-e.maxLoss).toBeLessThanOrEqual(CONDOR_MAX_LOSS);
    for (const l of legs)
      expect(ex.solution).toContain(`${l.strike} ${l.optionType} at ${perShare(raw(l.expiration, l.optionType, l.strike).mark!).replace('$', '\\$')}`);
    expect(ex.solution).toContain(usd(-e.maxLoss).replace('$', '\\$'));
    const fills = legs.reduce((s, l) => {
      const c = raw(l.expiration, l.optionType, l.strike);
      return s + (l.action === 'sell' ? c.bid! : -c.ask!);
    }, 0);
    expect(ex.solution).toContain(`it would bring only ${perShare(fills).replace('$', '\\$')}`);
    expect(fills).toBeLessThan(credit(legs) / 100);
  });
});

describe('the strategies, placed on the snapshot', () => {
  const strikeNearest = (expiration: string, type: OptionType, target: number) =>
    all
      .filter((c) => c.expiration_date === expiration && c.contract_type === type)
      .reduce((b, c) => (Math.abs(Math.abs(c.delta!) - target) < Math.abs(Math.abs(b.delta!) - target) ? c : b)).strike_price;
  const K = front.contracts.map((c) => c.strike_price).reduce((b, k) => (Math.abs(k - S) < Math.abs(b - S) ? k : b));

  it('trades every leg at its contract’s mark on the listed expiry nearest 30 days (and nearest 60 for the later legs)', () => {
    for (const [name, p] of Object.entries(PL)) {
      for (const l of p.legs) {
        const c = raw(l.expiration, l.optionType, l.strike);
        expect(c, `${name} ${l.strike}`).toBeDefined();
        expect(l.premium, name).toBe(c.mark);
        expect([front.expiration, back.expiration]).toContain(l.expiration);
      }
    }
    expect(PL.calendar.legs.map((l) => l.expiration)).toEqual([front.expiration, back.expiration]);
  });

  it('places the straddle at the strike nearest SPY, the condor’s sold legs nearest 20 delta and its wings as the template says', () => {
    expect(K).toBe(577);
    expect(PL.longStraddle.legs.map((l) => l.strike)).toEqual([K, K]);
    const [lp, sp, sc, lc] = PL.condor.legs.map((l) => l.strike) as [number, number, number, number];
    expect(sp).toBe(strikeNearest(front.expiration, 'put', 0.2));
    expect(sc).toBe(strikeNearest(front.expiration, 'call', 0.2));
    expect(lc - sc).toBe(sp - lp);
    expect(PL.narrowCondor.legs.map((l) => l.strike)).toEqual([sp - 10, sp, sc, sc + 10]);
  });

  it.each(Object.entries(PL).filter(([name]) => !['calendar', 'diagonal'].includes(name)))('%s: the expiry figures are the payoff’s own', (_, p) => {
    const e = exact(p.legs);
    expect(p.analysis.netPremium).toBeCloseTo(credit(p.legs), 6);
    expect(p.analysis.maxProfit).toBe(Number.isFinite(e.maxProfit) ? rounded(e.maxProfit) : Infinity);
    expect(p.analysis.maxLoss).toBe(Number.isFinite(e.maxLoss) ? rounded(e.maxLoss) : -Infinity);
    expect(p.analysis.breakevens.length).toBe(e.breakevens.length);
    p.analysis.breakevens.forEach((b, i) => expect(b).toBeCloseTo(e.breakevens[i]!, 6));
  });

  it.each(Object.entries(PL))('%s: the position Greeks are the American engine’s, summed over the legs', (_, p) => {
    const sum = { delta: 0, theta: 0, vega: 0 };
    for (const l of p.legs) {
      const days = spy.expiries.find((e) => e.expiration === l.expiration)!.daysToExpiry;
      const g = americanGreeks({ type: l.optionType, S, K: l.strike, T: days / 365, r, q, sigma: l.iv! });
      const w = (l.action === 'buy' ? 1 : -1) * l.quantity * 100;
      sum.delta += w * g.delta;
      sum.theta += (w * g.theta) / 365;
      sum.vega += (w * g.vega) / 100;
    }
    expect(p.greeks.delta).toBeCloseTo(sum.delta, 6);
    expect(p.greeks.theta).toBeCloseTo(sum.theta, 6);
    expect(p.greeks.vega).toBeCloseTo(sum.vega, 6);
  });

  it('estimates the calendar at the front expiry with the later call valued at its IV (American engine)', () => {
    const [short, long] = PL.calendar.legs as [StrategyLeg, StrategyLeg];
    const tau = (back.daysToExpiry - front.daysToExpiry) / 365;
    const at = (x: number) =>
      100 * (americanPrice({ type: 'call', S: x, K: long.strike, T: tau, r, q, sigma: long.iv! }) - long.premium) -
      100 * (Math.max(0, x - short.strike) - short.premium);
    let best = -Infinity;
    for (let x = 540; x <= 620; x += 0.05) best = Math.max(best, at(x));
    expect(PL.calendar.analysis.maxProfit).toBeCloseTo(best, 0);
    expect(PL.calendar.analysis.maxLoss).toBeCloseTo(credit(PL.calendar.legs), 6);
    for (const b of PL.calendar.analysis.breakevens) expect(Math.abs(at(b))).toBeLessThan(0.01);
  });
});

describe('what the lessons say about the numbers', () => {
  it('shows the straddle’s and strangle’s costs and breakevens, and the short straddle selling theta and vega', () => {
    const s = exact(PL.longStraddle.legs);
    expect(fig('straddles-strangles', 'Straddle cost')).toBe(usd(-credit(PL.longStraddle.legs)));
    expect(fig('straddles-strangles', 'Straddle breakevens')).toBe(s.breakevens.map(perShare).join(' and '));
    expect(fig('straddles-strangles', 'Strangle cost')).toBe(usd(-credit(PL.longStrangle.legs)));
    expect(PL.shortStraddle.greeks.theta).toBeGreaterThan(0);
    expect(PL.shortStraddle.greeks.vega).toBeLessThan(0);
    expect(exact(PL.shortStrangle.legs).maxLoss).toBe(-Infinity);
    // The paper account's refusal is quoted word for word.
    expect(textOf('straddles-strangles')).toContain(MESSAGES.nakedCall);
    expect(textOf('ratio-backspreads')).toContain(MESSAGES.nakedCall);
  });

  it('shows that wider condor wings collect more and risk more, and the iron butterfly more credit in a narrower range', () => {
    const wide = exact(PL.condor.legs);
    const narrow = exact(PL.narrowCondor.legs);
    const fly = exact(PL.ironFly.legs);
    expect(credit(PL.condor.legs)).toBeGreaterThan(credit(PL.narrowCondor.legs));
    expect(-wide.maxLoss).toBeGreaterThan(-narrow.maxLoss);
    expect(-narrow.maxLoss).toBeCloseTo(1000 - credit(PL.narrowCondor.legs), 6);
    expect(credit(PL.ironFly.legs)).toBeGreaterThan(credit(PL.condor.legs));
    expect(fly.breakevens[1]! - fly.breakevens[0]!).toBeLessThan(wide.breakevens[1]! - wide.breakevens[0]!);
    expect(fig('iron-condor-butterfly', '$10-wide: maximum loss at expiry')).toBe(usd(-narrow.maxLoss));
    expect(fig('iron-condor-butterfly', '$20-wide: maximum loss at expiry')).toBe(usd(-wide.maxLoss));
    expect(PL.condor.legs[3]!.strike - PL.condor.legs[2]!.strike).toBe(20);
  });

  it('shows the butterfly paying most at the middle strike and the broken wing losing more above than below', () => {
    const f = pnl(PL.fly.legs);
    expect(f(577)).toBe(Math.max(...[540, 562, 570, 577, 585, 592, 610].map(f)));
    const bwb = exact(PL.bwb.legs);
    const down = pnl(PL.bwb.legs)(500);
    const up = pnl(PL.bwb.legs)(700);
    expect(up).toBeLessThan(down);
    expect(bwb.maxLoss).toBeCloseTo(up, 6);
    expect(fig('butterflies', 'Broken wing: maximum loss at expiry')).toBe(usd(-up));
  });

  it('shows the calendar’s vega positive, unlike the condor’s and the butterfly’s, and the diagonal’s theta as it is', () => {
    expect(PL.calendar.greeks.vega).toBeGreaterThan(0);
    expect(PL.condor.greeks.vega).toBeLessThan(0);
    expect(PL.fly.greeks.vega).toBeLessThan(0);
    expect(PL.diagonal.greeks.theta).toBeLessThan(0);
    expect(textOf('calendars-diagonals')).toContain(`Its theta is ${usd(PL.diagonal.greeks.theta).replace('$', '\\$')} a day`);
  });

  it('shows the jade lizard with a credit above the call spread’s cost, so that no rally loses', () => {
    const [, sc, lc] = PL.lizard.legs as [StrategyLeg, StrategyLeg, StrategyLeg];
    expect(credit(PL.lizard.legs)).toBeGreaterThan(100 * (lc.strike - sc.strike));
    expect(pnl(PL.lizard.legs)(10_000)).toBeGreaterThan(0);
    expect(exact(PL.lizard.legs).breakevens).toHaveLength(1);
  });

  it('prices the box from the quotes: dearer to buy than it pays, and a dear loan to sell', () => {
    const c = (type: OptionType, K: number) => raw(front.expiration, type, K);
    const { low, high } = ADVANCED_BOX;
    const buy = c('call', low).ask! - c('call', high).bid! + c('put', high).ask! - c('put', low).bid!;
    const sell = c('call', low).bid! - c('call', high).ask! + c('put', high).bid! - c('put', low).ask!;
    expect(fig('no-free-money', 'Cost to buy the box')).toBe(usd(100 * buy));
    expect(fig('no-free-money', 'Credit to sell the box')).toBe(usd(100 * sell));
    expect(buy).toBeGreaterThan(high - low);
    const rate = Math.log((high - low) / sell) / (front.daysToExpiry / 365);
    expect(fig('no-free-money', 'Rate the seller borrows at')).toBe(`${(rate * 100).toFixed(1)}%`);
    expect(rate).toBeGreaterThan(r);
  });

  it('says no contract of the snapshot is marked below intrinsic, which is so', () => {
    const below = all.filter((c) => c.mark! < Math.max(0, c.contract_type === 'call' ? S - c.strike_price : c.strike_price - S) - 1e-9);
    expect(below).toEqual([]);
    expect(all.every((c) => c.pricing_model === 'american')).toBe(true);
    expect(textOf('no-free-money')).toContain(`of the ${all.length} contracts of this snapshot, none has a mark below intrinsic`);
  });
});

describe('the numerical keys, recomputed', () => {
  const box = (side: 'buy' | 'sell') => {
    const c = (type: OptionType, K: number) => raw(front.expiration, type, K);
    const { low, high } = ADVANCED_BOX;
    return side === 'buy'
      ? 100 * (c('call', low).ask! - c('call', high).bid! + c('put', high).ask! - c('put', low).bid!)
      : 100 * (c('call', low).bid! - c('call', high).ask! + c('put', high).bid! - c('put', low).ask!);
  };
  const [sc, lc] = [PL.lizard.legs[1]!, PL.lizard.legs[2]!];
  const KEYS: Record<string, () => number> = {
    'advanced_strategies.straddles-strangles.check straddle-upper-breakeven': () =>
      577 + (raw(front.expiration, 'call', 577).mark! + raw(front.expiration, 'put', 577).mark!),
    'advanced_strategies.iron-condor-butterfly.check narrow-max-loss': () => 1000 - credit(PL.narrowCondor.legs),
    'advanced_strategies.butterflies.check fly-max-profit': () => 100 * 15 + credit(PL.fly.legs),
    'advanced_strategies.calendars-diagonals.check calendar-debit': () =>
      100 * (raw(back.expiration, 'call', 577).mark! - raw(front.expiration, 'call', 577).mark!),
    'advanced_strategies.ratio-backspreads.check ratio-max-profit': () => 100 * (PL.ratio.legs[1]!.strike - PL.ratio.legs[0]!.strike) + credit(PL.ratio.legs),
    'advanced_strategies.jade-lizard-synthetics.check synthetic-breakeven': () =>
      577 + raw(front.expiration, 'call', 577).mark! - raw(front.expiration, 'put', 577).mark!,
    'advanced_strategies.no-free-money.check box-cost': () => box('buy'),
    'advanced_strategies.quiz strangle-cost': () => -credit(PL.longStrangle.legs),
    'advanced_strategies.quiz short-straddle-max': () => 100 * (raw(front.expiration, 'call', 577).mark! + raw(front.expiration, 'put', 577).mark!),
    'advanced_strategies.quiz condor-credit': () => 100 * 20 - credit(PL.condor.legs),
    'advanced_strategies.quiz bwb-upside-loss': () => -pnl(PL.bwb.legs)(1000),
    'advanced_strategies.quiz lizard-upside': () => credit(PL.lizard.legs) - 100 * (lc.strike - sc.strike),
    'advanced_strategies.quiz box-sell': () => box('sell'),
  };

  it.each(Object.entries(KEYS))('%s', (name, key) => {
    const [quizId, id] = name.split(' ') as [string, string];
    const q = question(quizId, id);
    expect(q.type).toBe('numerical');
    expect(q.tolerance).toBe(0.01);
    // Every key here is a whole number of cents, so the rounded key is the figure itself.
    expect(Math.abs((q.correctAnswer as number) - key())).toBeLessThan(1e-6);
  });

  it('covers every numerical question of the module', () => {
    const numerical = quizzes.flatMap((quiz) => quiz.questions.filter((q) => q.type === 'numerical').map((q) => `${quiz.id} ${q.id}`));
    expect(numerical.sort()).toEqual(Object.keys(KEYS).sort());
  });

  it('keys the condor breakeven question to the computed breakevens', () => {
    const q = question('advanced_strategies.quiz', 'condor-breakeven');
    expect(q.correctAnswer).toBe(
      exact(PL.condor.legs)
        .breakevens.map((b) => perShare(b).replace('$', '\\$'))
        .join(' and '),
    );
  });
});
