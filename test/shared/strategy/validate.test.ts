import { describe, expect, it } from 'vitest';
import { KNOWN_STRATEGIES, OUR_TEXTS, SPEC_TEXTS, STRATEGY_REQUIREMENTS, validateStrategy, type StrategyLeg } from '@shared/strategy';
import { buyCall, buyPut, leg, sellCall, sellPut } from './support/legs';

const errors = (name: string, legs: StrategyLeg[]) => validateStrategy(name, legs).errors;
const warnings = (name: string, legs: StrategyLeg[]) => validateStrategy(name, legs).warnings;
const LATER = '2027-01-15';

describe('validateStrategy: the general cases', () => {
  it("says 'No legs selected' for no legs and 'Unknown strategy: {name}' for a name outside the table", () => {
    expect(validateStrategy('Bull Call Spread', [])).toEqual({ valid: false, errors: ['No legs selected'], warnings: [] });
    expect(validateStrategy('Moon Shot', [buyCall(100, 3)])).toEqual({ valid: false, errors: ['Unknown strategy: Moon Shot'], warnings: [] });
  });

  it('matches names exactly, or ignoring case and spacing', () => {
    expect(validateStrategy('long  call', [buyCall(100, 3)]).valid).toBe(true);
  });

  it('returns the expiry figures of a well-formed position', () => {
    expect(validateStrategy('Bull Call Spread', [buyCall(100, 3), sellCall(105, 1.2)])).toEqual({
      valid: true,
      errors: [],
      warnings: [],
      figures: { maxProfit: 320, maxLoss: -180, breakevens: [101.8], netPremium: -180 },
    });
  });

  it('rejects malformed legs (our wording) and then computes no figures', () => {
    const r = validateStrategy('Long Call', [leg('buy', 'call', 0, -1, 1.5, { expiration: '2026-13-01' })]);
    expect(r.errors).toEqual([OUR_TEXTS.badStrike, OUR_TEXTS.badQuantity, OUR_TEXTS.badPremium, OUR_TEXTS.badExpiration]);
    expect(r.figures).toBeUndefined();
  });

  it('has a requirements row and a rule for every known strategy; only the calendars need different expirations', () => {
    expect(KNOWN_STRATEGIES).toHaveLength(29);
    const different = KNOWN_STRATEGIES.filter((k) => STRATEGY_REQUIREMENTS[k].expirations === 'different');
    expect(different).toEqual(['Long Calendar with Puts', 'Long Calendar with Calls']);
    expect(STRATEGY_REQUIREMENTS['Butterfly Spread']).toEqual({ minLegs: 3, maxLegs: 4, optionTypes: 'same', expirations: 'same' });
    expect(STRATEGY_REQUIREMENTS['Put Ratio Back Spread'].maxLegs).toBe(Infinity);
  });
});

describe('Bull Call Spread (every rule with the spec text)', () => {
  const good = [buyCall(100, 3), sellCall(105, 1.2)];
  it('accepts a correct spread', () => expect(validateStrategy('Bull Call Spread', good).valid).toBe(true));
  it('needs exactly 2 legs', () => expect(errors('Bull Call Spread', [buyCall(100, 3)])).toEqual(['Bull Call Spread requires exactly 2 legs']));
  it('needs one buy and one sell', () =>
    expect(errors('Bull Call Spread', [buyCall(100, 3), buyCall(105, 1.2)])).toEqual(['Must have one buy leg and one sell leg']));
  it('needs two calls', () => expect(errors('Bull Call Spread', [buyCall(100, 3), sellPut(105, 1.2)])).toEqual(['Both legs must be call options']));
  it('needs one underlying', () =>
    expect(errors('Bull Call Spread', [buyCall(100, 3), sellCall(105, 1.2, 1, { underlying: 'ABC' })])).toEqual([
      'Both legs must have the same underlying asset',
    ]));
  it('needs one expiration', () =>
    expect(errors('Bull Call Spread', [buyCall(100, 3), sellCall(105, 1.2, 1, { expiration: LATER })])).toEqual([
      'Both legs must have the same expiration date',
    ]));
  it('needs the bought strike below the sold strike', () =>
    expect(errors('Bull Call Spread', [buyCall(105, 1.2), sellCall(100, 3)])).toEqual(['Buy call strike must be lower than sell call strike']));
  it('needs equal quantities', () =>
    expect(errors('Bull Call Spread', [buyCall(100, 3), sellCall(105, 1.2, 2)])).toEqual(['Both legs must have the same quantity']));
  it('refuses the same contract twice (by ticker or by its terms)', () => {
    const t = { contractTicker: 'XYZ261218C00100000' };
    expect(errors('Bull Call Spread', [buyCall(100, 3, 1, t), sellCall(100, 3, 1, t)])).toContain('Cannot use the same contract for both legs');
    expect(errors('Bull Call Spread', [buyCall(100, 3), sellCall(100, 3)])).toContain('Cannot use the same contract for both legs');
  });
  it('warns of low liquidity when open interest and volume are both 0 (not when unknown)', () => {
    const dead = { openInterest: 0, volume: 0 };
    expect(warnings('Bull Call Spread', [buyCall(100, 3, 1, dead), sellCall(105, 1.2, 1, dead)])).toEqual([
      'Buy leg has low liquidity',
      'Sell leg has low liquidity',
    ]);
    expect(
      warnings('Bull Call Spread', [buyCall(100, 3, 1, { openInterest: 0, volume: 3 }), sellCall(105, 1.2, 1, { openInterest: null, volume: null })]),
    ).toEqual([]);
  });
  it('warns when the debit is at least the width', () =>
    expect(warnings('Bull Call Spread', [buyCall(100, 6), sellCall(105, 1)])).toEqual(['This spread has no profit potential at current prices']));
});

describe('Bear Put Spread, Bear Call Spread and Bull Put Spread', () => {
  it('Bear Put Spread: puts, bought strike above the sold one', () => {
    expect(validateStrategy('Bear Put Spread', [buyPut(100, 2.7), sellPut(95, 1.05)]).valid).toBe(true);
    expect(errors('Bear Put Spread', [buyPut(95, 1.05), sellPut(100, 2.7)])).toEqual(['Buy put strike must be higher than sell put strike']);
    expect(errors('Bear Put Spread', [buyPut(100, 2.7), sellCall(95, 6)])).toEqual([OUR_TEXTS.bothPuts]);
    expect(errors('Bear Put Spread', [buyPut(100, 2.7)])).toEqual(['Bear Put Spread requires exactly 2 legs']);
    expect(warnings('Bear Put Spread', [buyPut(100, 5.5), sellPut(95, 0.5)])).toEqual(['This spread has no profit potential at current prices']);
  });
  it('Bear Call Spread: sold strike below the bought one, a net credit expected', () => {
    expect(validateStrategy('Bear Call Spread', [sellCall(105, 1.2), buyCall(110, 0.4)])).toMatchObject({ valid: true, warnings: [] });
    expect(errors('Bear Call Spread', [sellCall(110, 0.4), buyCall(105, 1.2)])).toEqual(['Sell call strike must be lower than buy call strike']);
    expect(errors('Bear Call Spread', [sellCall(105, 1.2), buyCall(110, 0.4, 2)])).toEqual(['Both legs must have the same quantity']);
    expect(warnings('Bear Call Spread', [sellCall(105, 0.4), buyCall(110, 0.4)])).toEqual(['This spread should generate a net credit']);
  });
  it('Bull Put Spread (our mirror of the bear call spread)', () => {
    expect(validateStrategy('Bull Put Spread', [sellPut(95, 1.05), buyPut(90, 0.35)]).valid).toBe(true);
    expect(errors('Bull Put Spread', [sellPut(90, 0.35), buyPut(95, 1.05)])).toEqual([OUR_TEXTS.sellPutHigher]);
    expect(warnings('Bull Put Spread', [sellPut(95, 0.3), buyPut(90, 0.35)])).toEqual(['This spread should generate a net credit']);
  });
});

describe('Straddle / Long Straddle and Strangle / Long Strangle', () => {
  it.each(['Straddle', 'Long Straddle'])('%s: one call, one put, both bought, one strike', (name) => {
    expect(validateStrategy(name, [buyCall(100, 3), buyPut(100, 2.7)]).valid).toBe(true);
    expect(errors(name, [buyCall(100, 3), buyCall(100, 3)])).toContain('Must have one call and one put');
    expect(errors(name, [sellCall(100, 3), buyPut(100, 2.7)])).toEqual(['Both legs must be buys for a long straddle']);
    expect(errors(name, [buyCall(105, 1.2), buyPut(100, 2.7)])).toEqual(['Call and put must have the same strike price for a straddle']);
    expect(errors(name, [buyCall(100, 3), buyPut(100, 2.7, 1, { expiration: LATER })])).toEqual(['Both legs must have the same expiration date']);
    expect(errors(name, [buyCall(100, 3), buyPut(100, 2.7, 1, { underlying: 'ABC' })])).toEqual(['Both legs must have the same underlying asset']);
    expect(errors(name, [buyCall(100, 3), buyPut(100, 2.7, 2)])).toEqual(['Both legs must have the same quantity']);
    expect(errors(name, [buyCall(100, 3)])).toEqual([`${name} requires exactly 2 legs`]);
  });
  it.each(['Strangle', 'Long Strangle'])('%s: call strike not below the put strike, equal strikes warned', (name) => {
    expect(validateStrategy(name, [buyCall(105, 1.2), buyPut(95, 1.05)])).toMatchObject({ valid: true, warnings: [] });
    expect(errors(name, [buyCall(95, 6.2), buyPut(105, 5.85)])).toEqual(['Call strike must be higher than put strike for a strangle']);
    expect(validateStrategy(name, [buyCall(100, 3), buyPut(100, 2.7)])).toMatchObject({ valid: true, warnings: [OUR_TEXTS.strangleEqual] });
    expect(errors(name, [sellCall(105, 1.2), sellPut(95, 1.05)])).toEqual([OUR_TEXTS.strangleBuys]);
    expect(errors(name, [buyCall(105, 1.2), buyCall(110, 0.4)])).toEqual(['Must have one call and one put']);
  });
});

describe('Iron Condor / Bear Condor', () => {
  const condor = [buyPut(90, 0.35), sellPut(95, 1.05), sellCall(105, 1.2), buyCall(110, 0.4)];
  it.each(['Iron Condor', 'Bear Condor'])('%s: the four-leg pattern', (name) => {
    expect(validateStrategy(name, condor)).toMatchObject({ valid: true, warnings: [] });
    expect(errors(name, condor.slice(0, 3))).toEqual([`${name} requires exactly 4 legs`]);
    expect(errors(name, [buyPut(90, 0.35), sellPut(95, 1.05), sellPut(97, 1.5), buyCall(110, 0.4)])).toEqual(['Must have 2 puts and 2 calls']);
    expect(errors(name, [sellPut(90, 0.35), buyPut(95, 1.05), sellCall(105, 1.2), buyCall(110, 0.4)])).toEqual([OUR_TEXTS.condorPuts]);
    expect(errors(name, [buyPut(90, 0.35), sellPut(95, 1.05), buyCall(105, 1.2), sellCall(110, 0.4)])).toEqual([OUR_TEXTS.condorCalls]);
    expect(errors(name, [buyPut(100, 2.7), sellPut(106, 6.5), sellCall(105, 1.2), buyCall(110, 0.4)])).toEqual([OUR_TEXTS.condorOrder]);
    expect(errors(name, [...condor.slice(0, 3), buyCall(110, 0.4, 1, { expiration: LATER })])).toEqual([OUR_TEXTS.allSameExpiration]);
    expect(errors(name, [...condor.slice(0, 3), buyCall(110, 0.4, 1, { underlying: 'ABC' })])).toEqual([OUR_TEXTS.allSameUnderlying]);
  });
  it("warns 'Iron Condor should be a net credit strategy'", () => {
    const debit = [buyPut(90, 2), sellPut(95, 1.05), sellCall(105, 1.2), buyCall(110, 2)];
    expect(warnings('Iron Condor', debit)).toEqual(['Iron Condor should be a net credit strategy']);
    expect(warnings('Bear Condor', debit)).toEqual(['Bear Condor should be a net credit strategy']);
  });
});

describe('Butterfly Spread / Bear Butterfly', () => {
  it.each(['Butterfly Spread', 'Bear Butterfly'])('%s: 3 or 4 legs, one type, one expiry, exactly 3 strikes', (name) => {
    expect(validateStrategy(name, [buyCall(95, 6.2), sellCall(100, 3, 2), buyCall(105, 1.2)]).valid).toBe(true);
    expect(validateStrategy(name, [buyPut(95, 1), sellPut(100, 2.7), sellPut(100, 2.7), buyPut(105, 5.9)]).valid).toBe(true);
    expect(errors(name, [buyCall(95, 6.2), sellCall(100, 3, 2)])).toEqual([`${name} requires 3 or 4 legs`]);
    expect(errors(name, [buyCall(95, 6.2), sellPut(100, 3, 2), buyCall(105, 1.2)])).toEqual([OUR_TEXTS.sameType]);
    expect(errors(name, [buyCall(95, 6.2), sellCall(100, 3), sellCall(102, 2), buyCall(105, 1.2)])).toEqual([OUR_TEXTS.threeStrikes]);
    expect(errors(name, [buyCall(95, 6.2), sellCall(100, 3, 2), buyCall(105, 1.2, 1, { expiration: LATER })])).toEqual([OUR_TEXTS.allSameExpiration]);
  });
});

describe('Put Ratio Back Spread', () => {
  const name = 'Put Ratio Back Spread';
  it('one sold put above the bought puts, more bought than sold', () => {
    expect(validateStrategy(name, [sellPut(100, 2.7), buyPut(95, 1.05, 2)])).toMatchObject({ valid: true, warnings: [] });
    expect(validateStrategy(name, [sellPut(100, 2.7), buyPut(95, 1.05), buyPut(90, 0.35)]).valid).toBe(true);
    expect(errors(name, [sellPut(100, 2.7)])).toEqual(['Put Ratio Back Spread requires at least 2 legs']);
    expect(errors(name, [sellPut(100, 2.7), sellPut(95, 1.05)])).toEqual([OUR_TEXTS.oneSellLeg, OUR_TEXTS.buyLegNeeded]);
    expect(errors(name, [sellPut(100, 2.7), buyCall(95, 6, 2)])).toEqual([OUR_TEXTS.bothPuts]);
    expect(errors(name, [sellPut(100, 2.7), buyPut(95, 1.05), buyCall(90, 11)])).toEqual([OUR_TEXTS.allPuts]);
    expect(errors(name, [sellPut(95, 1.05), buyPut(100, 2.7, 2)])).toEqual([OUR_TEXTS.sellPutHigher]);
    expect(warnings(name, [sellPut(100, 2.7), buyPut(95, 1.05)])).toEqual([OUR_TEXTS.backSpreadRatio]);
  });
});

describe('Risk Reversal and Short Synthetic Future', () => {
  it('Risk Reversal: put bought, call sold, always warned of unlimited risk', () => {
    expect(validateStrategy('Risk Reversal', [buyPut(95, 1.05), sellCall(105, 1.2)])).toMatchObject({ valid: true, warnings: [OUR_TEXTS.riskReversalRisk] });
    expect(errors('Risk Reversal', [sellPut(95, 1.05), buyCall(105, 1.2)])).toEqual([OUR_TEXTS.putBoughtCallSold]);
    expect(errors('Risk Reversal', [buyPut(95, 1.05), sellPut(90, 0.35)])).toEqual(['Must have one call and one put']);
    expect(errors('Risk Reversal', [buyPut(95, 1.05), sellCall(105, 1.2, 1, { expiration: LATER })])).toEqual(['Both legs must have the same expiration date']);
    expect(errors('Risk Reversal', [buyPut(95, 1.05)])).toEqual(['Risk Reversal requires exactly 2 legs']);
  });
  it('Short Synthetic Future: also one strike, warned of unlimited upside risk', () => {
    expect(validateStrategy('Short Synthetic Future', [buyPut(100, 2.7), sellCall(100, 3)])).toMatchObject({
      valid: true,
      warnings: [OUR_TEXTS.syntheticRisk],
    });
    expect(errors('Short Synthetic Future', [buyPut(100, 2.7), sellCall(105, 1.2)])).toEqual([OUR_TEXTS.syntheticStrike]);
    expect(errors('Short Synthetic Future', [buyCall(100, 3), sellPut(100, 2.7)])).toEqual([OUR_TEXTS.putBoughtCallSold]);
    expect(errors('Short Synthetic Future', [buyPut(100, 2.7), sellCall(100, 3, 1, { underlying: 'ABC' })])).toEqual([
      'Both legs must have the same underlying asset',
    ]);
  });
});

describe('Call Ratio Spread / Put Ratio Spread', () => {
  it('Call Ratio Spread: more sold than bought, bought strike lower, warned of unlimited risk', () => {
    expect(validateStrategy('Call Ratio Spread', [buyCall(100, 3), sellCall(105, 1.2, 2)])).toMatchObject({ valid: true, warnings: [OUR_TEXTS.callRatioRisk] });
    expect(errors('Call Ratio Spread', [buyCall(100, 3), sellCall(105, 1.2)])).toEqual(['Sell leg must have more contracts than buy leg for ratio spread']);
    expect(errors('Call Ratio Spread', [buyCall(105, 1.2), sellCall(100, 3, 2)])).toEqual(['Buy call strike must be lower than sell call strike']);
    expect(errors('Call Ratio Spread', [buyPut(100, 2.7), sellPut(95, 1.05, 2)])).toEqual(['Both legs must be call options']);
    expect(errors('Call Ratio Spread', [buyCall(100, 3), buyCall(105, 1.2, 2)])).toEqual(['Must have one buy leg and one sell leg']);
  });
  it('Put Ratio Spread: bought strike higher, warned of significant risk', () => {
    expect(validateStrategy('Put Ratio Spread', [buyPut(100, 2.7), sellPut(95, 1.05, 2)])).toMatchObject({ valid: true, warnings: [OUR_TEXTS.putRatioRisk] });
    expect(errors('Put Ratio Spread', [buyPut(95, 1.05), sellPut(100, 2.7, 2)])).toEqual(['Buy put strike must be higher than sell put strike']);
    expect(errors('Put Ratio Spread', [buyPut(100, 2.7, 2), sellPut(95, 1.05, 2)])).toEqual([
      'Sell leg must have more contracts than buy leg for ratio spread',
    ]);
    expect(errors('Put Ratio Spread', [buyPut(100, 2.7), sellPut(95, 1.05, 2), sellPut(90, 0.35)])).toEqual(['Put Ratio Spread requires exactly 2 legs']);
  });
});

describe('Strip and Strap', () => {
  it('Strip: one call and two puts, both bought; differing strikes warned', () => {
    expect(validateStrategy('Strip', [buyCall(100, 3), buyPut(100, 2.7, 2)])).toMatchObject({ valid: true, warnings: [] });
    expect(errors('Strip', [buyCall(100, 3), buyPut(100, 2.7)])).toEqual([OUR_TEXTS.stripRatio]);
    expect(errors('Strip', [sellCall(100, 3), buyPut(100, 2.7, 2)])).toEqual(['Both legs must be buys for a strip']);
    expect(warnings('Strip', [buyCall(105, 1.2), buyPut(100, 2.7, 2)])).toEqual(['Call and put strikes differ; a strip normally uses one strike']);
  });
  it('Strap: two calls and one put', () => {
    expect(validateStrategy('Strap', [buyCall(100, 3, 2), buyPut(100, 2.7)]).valid).toBe(true);
    expect(errors('Strap', [buyCall(100, 3), buyPut(100, 2.7, 2)])).toEqual([OUR_TEXTS.strapRatio]);
    expect(warnings('Strap', [buyCall(105, 1.2, 2), buyPut(100, 2.7)])).toEqual(['Call and put strikes differ; a strap normally uses one strike']);
    expect(errors('Strap', [buyCall(100, 3, 2), buyCall(100, 3)])).toEqual(['Must have one call and one put']);
  });
});

describe('Long Iron Butterfly and Long Iron Condor', () => {
  it.each(['Long Iron Butterfly', 'Long Iron Condor'])('%s: lower put bought, higher put sold, lower call sold, higher call bought', (name) => {
    expect(validateStrategy(name, [buyPut(95, 1.05), sellPut(100, 2.7), sellCall(100, 3), buyCall(105, 1.2)]).valid).toBe(true);
    expect(errors(name, [sellPut(95, 1.05), buyPut(100, 2.7), buyCall(100, 3), sellCall(105, 1.2)])).toEqual([OUR_TEXTS.condorPuts, OUR_TEXTS.condorCalls]);
    expect(errors(name, [buyPut(95, 1.05), sellPut(100, 2.7), sellCall(100, 3)])).toEqual([`${name} requires exactly 4 legs`]);
    expect(errors(name, [buyPut(95, 1.05), sellPut(100, 2.7), sellPut(100, 3), buyCall(105, 1.2)])).toEqual(['Must have 2 puts and 2 calls']);
  });
});

describe('single-leg strategies', () => {
  it.each([
    ['Long Call', buyCall(100, 3), sellCall(100, 3)],
    ['Long Put', buyPut(100, 2.7), sellPut(100, 2.7)],
    ['Buy Put', buyPut(100, 2.7), buyCall(100, 3)],
    ['Cash-Secured Put', sellPut(95, 1.05), buyPut(95, 1.05)],
    ['Covered Call', sellCall(105, 1.2), sellPut(105, 1.2)],
    ['Sell Call', sellCall(105, 1.2), buyCall(105, 1.2)],
  ] as const)('%s: exactly one contract of the right kind', (name, right, wrong) => {
    expect(validateStrategy(name, [right]).valid).toBe(true);
    expect(errors(name, [right, right])).toEqual(['Single-leg strategy requires exactly 1 contract']);
    expect(errors(name, [wrong])).toEqual([OUR_TEXTS.singleLegKind(name, right.action, right.optionType)]);
  });
  it("warns of the naked call and of the covered call's shares", () => {
    expect(warnings('Sell Call', [sellCall(105, 1.2)])).toEqual([OUR_TEXTS.nakedCallRisk]);
    expect(warnings('Covered Call', [sellCall(105, 1.2)])).toEqual([OUR_TEXTS.coveredCallShares]);
    expect(OUR_TEXTS.singleLegKind('Long Call', 'buy', 'call')).toBe('Long Call must buy a call option');
  });
});

describe('Long Calendar with Puts (and with Calls)', () => {
  const name = 'Long Calendar with Puts';
  it('exactly 2 legs, different expirations, the bought leg expiring later', () => {
    expect(validateStrategy(name, [sellPut(95, 0.9), buyPut(95, 1.74, 1, { expiration: LATER })])).toMatchObject({ valid: true, warnings: [] });
    expect(errors(name, [sellPut(95, 0.9)])).toEqual(['Calendar spread requires exactly 2 legs']);
    expect(validateStrategy(name, [sellPut(95, 0.9), buyPut(95, 1.74)])).toMatchObject({ valid: true, warnings: [OUR_TEXTS.calendarExpirations] });
    expect(errors(name, [sellPut(95, 1.74, 1, { expiration: LATER }), buyPut(95, 0.9)])).toEqual([OUR_TEXTS.calendarLongLater]);
    expect(errors(name, [sellCall(95, 0.9), buyCall(95, 1.74, 1, { expiration: LATER })])).toEqual([OUR_TEXTS.bothPuts]);
    expect(errors(name, [buyPut(95, 0.9), buyPut(95, 1.74, 1, { expiration: LATER })])).toEqual(['Must have one buy leg and one sell leg']);
    expect(warnings(name, [sellPut(95, 0.9), buyPut(90, 0.8, 1, { expiration: LATER })])).toEqual([OUR_TEXTS.calendarStrikes]);
  });
  it('with calls (our mirror): call legs required', () => {
    expect(validateStrategy('Long Calendar with Calls', [sellCall(105, 1.17), buyCall(105, 2.33, 1, { expiration: LATER })]).valid).toBe(true);
    expect(errors('Long Calendar with Calls', [sellPut(105, 1.17), buyPut(105, 2.33, 1, { expiration: LATER })])).toEqual(['Both legs must be call options']);
  });
});

describe('message catalogue', () => {
  it('keeps the spec texts word for word', () => {
    expect(SPEC_TEXTS).toMatchObject({
      noLegs: 'No legs selected',
      bullCallLegs: 'Bull Call Spread requires exactly 2 legs',
      sameContract: 'Cannot use the same contract for both legs',
      netCredit: 'This spread should generate a net credit',
      ironCondorCredit: 'Iron Condor should be a net credit strategy',
      singleLeg: 'Single-leg strategy requires exactly 1 contract',
      calendarLegs: 'Calendar spread requires exactly 2 legs',
    });
    expect(SPEC_TEXTS.unknownStrategy('X')).toBe('Unknown strategy: X');
  });
});
