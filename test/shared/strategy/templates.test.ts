import { describe, expect, it } from 'vitest';
import { addDays } from '@shared/market/dates';
import { greeks } from '@shared/pricing';
import {
  STRATEGY_TEMPLATES,
  TEMPLATE_CATEGORIES,
  analyzeAtExpiry,
  knownStrategy,
  placeTemplate,
  positionGreeks,
  searchTemplates,
  templateById,
  validateStrategy,
  type StrategyLeg,
  type StrategyTemplate,
} from '@shared/strategy';
import { ODD_CHAINS, TODAY } from './support/chains';

const count = (f: (t: StrategyTemplate) => boolean) => STRATEGY_TEMPLATES.filter(f).length;

/** The example's legs as builder legs: '30d' / '60d' from TODAY, on XYZ (no dividend). */
function exampleLegs(t: StrategyTemplate): StrategyLeg[] {
  return t.example.legs.map((l) => ({
    action: l.action,
    optionType: l.optionType,
    strike: l.strike,
    premium: l.premium,
    quantity: l.quantity,
    expiration: addDays(TODAY, l.expiration === '60d' ? 60 : 30),
    underlying: t.example.underlying,
    iv: l.iv ?? null,
  }));
}

/** Shares bought at the spot, written as a zero-strike call bought at the spot (same payoff, S − spot per share). */
const sharesAsLeg = (t: StrategyTemplate): StrategyLeg[] =>
  t.example.shares
    ? [
        {
          action: 'buy',
          optionType: 'call',
          strike: 1e-9,
          premium: t.example.spot,
          quantity: t.example.shares / 100,
          expiration: addDays(TODAY, 30),
          underlying: t.example.underlying,
        },
      ]
    : [];

describe('the template library', () => {
  it('has about 50 templates: 15 bullish, 12 bearish, 16 neutral, 10 volatility', () => {
    expect(STRATEGY_TEMPLATES).toHaveLength(53);
    expect(count((t) => t.type === 'bullish')).toBe(15);
    expect(count((t) => t.type === 'bearish')).toBe(12);
    expect(count((t) => t.type === 'neutral')).toBe(16);
    expect(count((t) => t.type === 'volatility')).toBe(10);
    expect(TEMPLATE_CATEGORIES.map((c) => c.label)).toEqual(['Bullish', 'Bearish', 'Neutral', 'Others']);
  });

  it('spreads over the three complexity levels', () => {
    expect(count((t) => t.complexity === 'beginner')).toBe(8);
    expect(count((t) => t.complexity === 'intermediate')).toBe(16);
    expect(count((t) => t.complexity === 'advanced')).toBe(29);
  });

  it('covers every family the spec names', () => {
    const ids = [
      'long-call',
      'cash-secured-put',
      'long-put',
      'sell-call', // buy and sell call and put
      'bull-call-spread',
      'bull-put-spread',
      'bear-put-spread',
      'bear-call-spread', // verticals
      'call-ratio-spread',
      'put-ratio-spread',
      'call-ratio-back-spread',
      'put-ratio-back-spread', // ratio and back spreads
      'calendar-spread',
      'long-calendar-calls',
      'long-calendar-puts',
      'bull-call-diagonal',
      'bear-put-diagonal', // calendars, diagonals
      'iron-condor',
      'bear-condor',
      'bull-condor',
      'long-call-condor',
      'butterfly-spread',
      'bear-butterfly',
      'long-iron-butterfly', // condors, butterflies
      'batman',
      'double-plateau',
      'jade-lizard',
      'reverse-jade-lizard',
      'long-synthetic-future',
      'short-synthetic-future',
      'long-straddle',
      'short-straddle',
      'long-strangle',
      'short-strangle',
      'strip',
      'strap',
      'risk-reversal',
    ];
    for (const id of ids) expect(templateById(id), id).toBeDefined();
  });

  it('has unique kebab-case ids and unique names', () => {
    expect(new Set(STRATEGY_TEMPLATES.map((t) => t.id)).size).toBe(STRATEGY_TEMPLATES.length);
    expect(new Set(STRATEGY_TEMPLATES.map((t) => t.name)).size).toBe(STRATEGY_TEMPLATES.length);
    for (const t of STRATEGY_TEMPLATES) expect(t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("uses the validator's names where it knows the strategy", () => {
    const known = STRATEGY_TEMPLATES.filter((t) => knownStrategy(t.name)).map((t) => t.name);
    expect(known).toHaveLength(25);
    expect(known).toEqual(
      expect.arrayContaining([
        'Bull Call Spread',
        'Bear Put Spread',
        'Iron Condor',
        'Long Iron Butterfly',
        'Put Ratio Back Spread',
        'Long Calendar with Puts',
        'Strip',
        'Strap',
      ]),
    );
  });
});

describe.each(STRATEGY_TEMPLATES.map((t) => [t.id, t] as const))('template %s', (_id, t) => {
  it("has every field of the spec's strategy template", () => {
    for (const text of [t.name, t.description, t.maxRisk, t.maxProfit, t.example.walkthrough]) expect(text.length).toBeGreaterThan(3);
    expect(['bullish', 'bearish', 'neutral', 'volatility']).toContain(t.type);
    expect(['beginner', 'intermediate', 'advanced']).toContain(t.complexity);
    for (const impact of [t.timeDecay, t.volatilityImpact]) expect(['positive', 'negative', 'neutral']).toContain(impact);
    for (const list of [t.breakevens, t.bestMarketConditions, t.worstMarketConditions, t.instructions]) {
      expect(list.length).toBeGreaterThan(0);
      for (const s of list) expect(s.length).toBeGreaterThan(3);
    }
    expect(t.legs.length).toBeGreaterThan(0);
    for (const l of t.legs) {
      expect(l.strike).toBe(0);
      expect(['30d', '60d']).toContain(l.expiration);
      expect(Number.isInteger(l.quantity) && l.quantity >= 1).toBe(true);
      expect(l.place).toBeDefined();
    }
  });

  it('uses a 60-day leg only as the later leg of a calendar or diagonal', () => {
    const later = t.legs.filter((l) => l.expiration === '60d');
    if (later.length === 0) return;
    expect(t.legs.some((l) => l.expiration === '30d')).toBe(true);
    expect(later.every((l) => l.action === 'buy')).toBe(true);
    expect(t.example.approximate).toBe(true);
  });

  it('says "Unlimited" exactly where its example is unlimited', () => {
    expect(t.maxRisk.startsWith('Unlimited')).toBe(t.example.maxLoss === -Infinity);
    expect(t.maxProfit.startsWith('Unlimited')).toBe(t.example.maxProfit === Infinity);
  });

  it('has a worked example whose figures analyzeAtExpiry reproduces', () => {
    const legs = exampleLegs(t);
    expect(legs.map((l) => [l.action, l.optionType, l.quantity])).toEqual(t.legs.map((l) => [l.action, l.optionType, l.quantity]));
    expect(analyzeAtExpiry(legs).netPremium).toBeCloseTo(t.example.netPremium, 6);
    const a = analyzeAtExpiry([...legs, ...sharesAsLeg(t)]);
    const close = (x: number, y: number, tolerance: number) =>
      Number.isFinite(y) ? expect(Math.abs(x - y)).toBeLessThanOrEqual(tolerance) : expect(x).toBe(y);
    const tol = t.example.approximate ? 0.6 : 1e-5;
    close(a.maxProfit, t.example.maxProfit, tol);
    close(a.maxLoss, t.example.maxLoss, tol);
    expect(a.breakevens).toHaveLength(t.example.breakevens.length);
    a.breakevens.forEach((b, i) => close(b, t.example.breakevens[i]!, t.example.approximate ? 0.006 : 1e-5));
  });

  /**
   * Time decay and volatility impact against the placed position's Greeks on each odd chain: the sign of
   * Σ theta (Σ vega) must match 'positive' / 'negative', and a 'neutral' label needs |Σ| below a quarter of
   * Σ |leg theta| (Σ |leg vega|).
   */
  it.each(Object.entries(ODD_CHAINS))('has time decay and volatility labels that match its Greeks on %s', (_label, make) => {
    const chain = make();
    const placed = placeTemplate(t, chain, { today: TODAY });
    if (!placed.ok) throw new Error(placed.error.message);
    const g = positionGreeks(placed.legs, { spot: chain.spot, asOf: TODAY });
    let grossTheta = 0,
      grossVega = 0;
    for (const l of placed.legs) {
      const x = greeks({
        type: l.optionType,
        S: chain.spot,
        K: l.strike,
        T: (Date.parse(l.expiration) - Date.parse(TODAY)) / 864e5 / 365,
        r: 0.04,
        q: 0,
        sigma: l.iv!,
      });
      grossTheta += Math.abs(x.theta / 365) * 100 * l.quantity;
      grossVega += (Math.abs(x.vega) / 100) * 100 * l.quantity;
    }
    const check = (label: string, net: number, gross: number) => {
      if (label === 'positive') expect(net).toBeGreaterThan(0);
      else if (label === 'negative') expect(net).toBeLessThan(0);
      else expect(Math.abs(net) / gross).toBeLessThan(0.25);
    };
    check(t.timeDecay, g.theta, grossTheta);
    check(t.volatilityImpact, g.vega, grossVega);
  });
});

describe('templates the validator knows', () => {
  it.each(STRATEGY_TEMPLATES.filter((t) => knownStrategy(t.name)).map((t) => [t.name, t] as const))('%s has an example the validator accepts', (_name, t) => {
    expect(validateStrategy(t.name, exampleLegs(t)).errors).toEqual([]);
  });
});

describe('templates that need shares (the legs are options only)', () => {
  const withShares = STRATEGY_TEMPLATES.filter((t) => t.requiresShares !== undefined);
  it('are the covered call, the protective put and the collar', () =>
    expect(withShares.map((t) => t.id)).toEqual(['covered-call', 'protective-put', 'collar']));
  it.each(withShares.map((t) => [t.id, t] as const))('%s says in its instructions that it needs 100 shares', (_id, t) => {
    expect(t.requiresShares).toBe(100);
    expect(t.instructions.join(' ')).toMatch(/100 shares/);
    expect(t.example.shares).toBe(100);
  });
});

describe('searchTemplates (the Ready-made panel)', () => {
  it('matches name or description, case-insensitively, within a tab', () => {
    expect(searchTemplates('CONDOR').map((t) => t.id)).toEqual([
      'bull-condor',
      'bear-condor',
      'iron-condor',
      'long-iron-butterfly',
      'long-call-condor',
      'double-plateau',
      'double-diagonal',
      'reverse-iron-condor',
      'short-call-condor',
    ]);
    expect(searchTemplates('condor', 'volatility').map((t) => t.id)).toEqual(['reverse-iron-condor', 'short-call-condor']);
    expect(searchTemplates('', 'bearish')).toHaveLength(12);
    expect(searchTemplates('no such strategy')).toEqual([]);
  });
});
