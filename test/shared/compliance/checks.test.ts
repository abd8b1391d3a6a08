import { describe, expect, it } from 'vitest';
import { canProceed, checkBuyingPower, checkMargin, checkOrderRules, checkPdt, checkTradingLevel, pdtStatus } from '@shared/compliance/checks';
import { TRADING_LEVELS } from '@shared/compliance/levels';

const order = (o: Partial<{ type: string; limitPrice: number; timeInForce: string; legs: { quantity: number }[] }> = {}) => ({
  type: 'market',
  timeInForce: 'day',
  legs: [{ quantity: 1 }],
  ...o,
});

describe('order rules (spec part 3 §5)', () => {
  it('uses the spec messages word for word', () => {
    expect(checkOrderRules(order({ legs: [{ quantity: 1.5 }] })).map((c) => c.message)).toEqual(['Options orders must have whole number quantities']);
    expect(checkOrderRules(order({ legs: [{ quantity: 0 }] })).map((c) => c.message)).toEqual(['Order quantity must be greater than zero']);
    expect(checkOrderRules(order({ type: 'limit' })).map((c) => c.message)).toEqual(['Limit price required for limit orders']);
    expect(checkOrderRules(order({ timeInForce: 'gtc' })).map((c) => c.message)).toEqual(['Options orders must use day time_in_force']);
    expect(checkOrderRules(order({ type: 'limit', limitPrice: 1.2 }))).toEqual([]);
    expect(checkOrderRules(order()).every((c) => c.severity === 'error')).toBe(true);
  });

  it('refuses a single-leg limit of zero or less, and keeps a multi-leg credit (a negative net price)', () => {
    const why = 'A single-leg limit price must be above $0.00: it is the most you pay, or the least you accept, per share.';
    expect(checkOrderRules(order({ type: 'limit', limitPrice: -100_000 })).map((c) => c.message)).toEqual([why]);
    expect(checkOrderRules(order({ type: 'limit', limitPrice: 0 })).map((c) => c.message)).toEqual([why]);
    expect(checkOrderRules(order({ type: 'limit', limitPrice: -1.25, legs: [{ quantity: 1 }, { quantity: 1 }] }))).toEqual([]);
  });
});

describe('buying power', () => {
  it('compares the cost with the larger of buying power and options buying power', () => {
    expect(checkBuyingPower(1234.5, 1000)).toMatchObject({
      passed: false,
      severity: 'error',
      message: 'Insufficient buying power. Required: $1,234.50, Available: $1,000.00',
    });
    expect(checkBuyingPower(1234.5, 1000, 2000)).toMatchObject({ passed: true, severity: 'info', message: 'Sufficient buying power available: $2,000.00' });
  });

  it('never blocks an order that frees buying power, even when the account has none left', () => {
    expect(checkBuyingPower(-250, -1_000)).toMatchObject({ passed: true, severity: 'info' });
    expect(checkBuyingPower(10, -1_000)).toMatchObject({
      passed: false,
      severity: 'error',
      message: 'Insufficient buying power. Required: $10.00, Available: −$1,000.00',
    });
  });
});

describe('trading level (spec part 3 §6)', () => {
  it('says which level is needed and which the account has', () => {
    expect(checkTradingLevel(2, 1)).toMatchObject({ passed: false, severity: 'error', message: 'Trading level 2 required. Current level: 1' });
    expect(checkTradingLevel(3, 3)).toMatchObject({ passed: true, message: 'Trading level 3 approved for this strategy' });
    expect(TRADING_LEVELS.map((l) => l.name)).toEqual(['Disabled', 'Basic', 'Standard', 'Advanced']);
  });
});

describe('pattern day trader (spec part 3 §4, §9)', () => {
  it('flags at 4 day trades, warns at 3, and counts remaining as 4 − count − 1 floored at 0', () => {
    expect(pdtStatus(2, 10_000)).toMatchObject({ isPatternDayTrader: false, dayTradesRemaining: 1, meetsRequirement: true });
    expect(pdtStatus(3, 10_000)).toMatchObject({ isPatternDayTrader: false, dayTradesRemaining: 0, warning: 'One more will trigger Pattern Day Trader rules' });
    expect(pdtStatus(4, 10_000)).toMatchObject({ isPatternDayTrader: true, dayTradesRemaining: 0, meetsRequirement: false, equityRequirement: 25_000 });
    expect(pdtStatus(0, 10_000, true).isPatternDayTrader).toBe(true);
  });

  it('blocks a flagged account under $25,000 and always reports the count', () => {
    const blocked = checkPdt(pdtStatus(4, 12_345.6));
    expect(blocked[0]).toMatchObject({ severity: 'error', message: 'Pattern Day Trader account requires minimum $25,000 equity. Current equity: $12,345.60' });
    expect(blocked.at(-1)!.message).toBe('Day trade count: 4 (limit: 3 for non-PDT accounts)');
    const warned = checkPdt(pdtStatus(3, 50_000));
    expect(warned.map((c) => c.severity)).toEqual(['warning', 'info']);
    expect(canProceed(warned)).toBe(true);
    expect(canProceed(checkPdt(pdtStatus(5, 30_000)))).toBe(true);
  });
});

describe('margin', () => {
  it('needs equity to cover the total absolute position value', () => {
    expect(checkMargin(5000, 10_000)).toMatchObject({ passed: true, message: 'Margin requirements met' });
    expect(checkMargin(12_000, 10_000)).toMatchObject({ passed: false, message: 'Insufficient margin. Required: $12,000.00, Available: $10,000.00' });
    expect(checkMargin(12_000, 10_000, 2).passed).toBe(true);
  });

  it('only warns about a shortfall when the order does not add to the position value', () => {
    expect(checkMargin(12_000, 10_000, 1, true)).toMatchObject({
      passed: false,
      severity: 'warning',
      message: 'Insufficient margin. Required: $12,000.00, Available: $10,000.00',
    });
    expect(canProceed([checkMargin(12_000, 10_000, 1, true)])).toBe(true);
  });
});
