import { formatUsd } from '../format/money';

/**
 * Pre-trade compliance checks (spec part 3 §4, §5, §8, §9). Every message is the spec's, word for
 * word where it gives one. A check of severity 'error' blocks the order.
 */
export type CheckType = 'order_validation' | 'buying_power' | 'trading_level' | 'naked_short' | 'pdt' | 'margin';
export type Severity = 'info' | 'warning' | 'error';

export interface ComplianceCheck {
  passed: boolean;
  type: CheckType;
  severity: Severity;
  message: string;
  details?: Record<string, unknown>;
}

export const PDT_THRESHOLD = 4;
export const PDT_WARNING_AT = 3;
export const PDT_MIN_EQUITY = 25_000;
export const PDT_WINDOW_TRADING_DAYS = 5;

const pass = (type: CheckType, message: string, details?: Record<string, unknown>): ComplianceCheck => ({
  passed: true,
  type,
  severity: 'info',
  message,
  ...(details ? { details } : {}),
});
const fail = (type: CheckType, message: string, details?: Record<string, unknown>): ComplianceCheck => ({
  passed: false,
  type,
  severity: 'error',
  message,
  ...(details ? { details } : {}),
});

export const MESSAGES = {
  wholeQuantity: 'Options orders must have whole number quantities',
  positiveQuantity: 'Order quantity must be greater than zero',
  limitRequired: 'Limit price required for limit orders',
  limitPositive: 'A single-leg limit price must be above $0.00: it is the most you pay, or the least you accept, per share.',
  dayOnly: 'Options orders must use day time_in_force',
  pdtWarning: 'One more will trigger Pattern Day Trader rules',
  marginMet: 'Margin requirements met',
  nakedCall: 'Naked short calls are not allowed at any trading level. Sell a call against 100 shares per contract, or as part of a spread.',
} as const;

/** The brokerage order rules: whole quantities, above zero, a limit price for limit orders, day orders only. */
export function checkOrderRules(order: { type: string; limitPrice?: number; timeInForce: string; legs: readonly { quantity: number }[] }): ComplianceCheck[] {
  const checks: ComplianceCheck[] = [];
  if (order.legs.some((l) => !Number.isInteger(l.quantity))) checks.push(fail('order_validation', MESSAGES.wholeQuantity));
  if (order.legs.some((l) => !(l.quantity > 0))) checks.push(fail('order_validation', MESSAGES.positiveQuantity));
  if (order.type === 'limit' && (order.limitPrice === undefined || !Number.isFinite(order.limitPrice)))
    checks.push(fail('order_validation', MESSAGES.limitRequired));
  // A multi-leg limit is a signed net price (a credit is negative); one leg's limit is a price, and a price of zero or
  // less would rest for ever holding nothing (issue 16).
  else if (order.type === 'limit' && order.legs.length === 1 && order.limitPrice! <= 0) checks.push(fail('order_validation', MESSAGES.limitPositive));
  if (order.timeInForce !== 'day') checks.push(fail('order_validation', MESSAGES.dayOnly));
  return checks;
}

/**
 * Order cost against the larger of buying power and options buying power. An order that frees buying power
 * (required <= 0, such as selling to close) always passes, even when the account's buying power is negative:
 * blocking it would keep a learner from raising the cash they lack.
 */
export function checkBuyingPower(required: number, buyingPower: number, optionsBuyingPower = buyingPower): ComplianceCheck {
  const available = Math.max(buyingPower, optionsBuyingPower);
  return required > 0 && required > available + 1e-9
    ? fail('buying_power', `Insufficient buying power. Required: ${formatUsd(required)}, Available: ${formatUsd(available)}`, { required, available })
    : pass('buying_power', `Sufficient buying power available: ${formatUsd(available)}`, { required, available });
}

export function checkTradingLevel(required: number, current: number): ComplianceCheck {
  return current >= required
    ? pass('trading_level', `Trading level ${required} approved for this strategy`, { required, current })
    : fail('trading_level', `Trading level ${required} required. Current level: ${current}`, { required, current });
}

export function checkNakedCalls(naked: readonly { symbol: string; quantity: number }[]): ComplianceCheck | null {
  return naked.length ? fail('naked_short', MESSAGES.nakedCall, { naked }) : null;
}

/**
 * Margin: the total absolute position value divided by the multiplier must be covered by equity. An order that
 * does not add to the position value (reducesExposure) is not blocked by a shortfall it did not cause: the same
 * message comes as a warning, so closing positions stays possible.
 */
export function checkMargin(totalAbsolutePositionValue: number, equity: number, multiplier = 1, reducesExposure = false): ComplianceCheck {
  const required = totalAbsolutePositionValue / multiplier;
  if (!(equity + 1e-9 < required)) return pass('margin', MESSAGES.marginMet, { required, available: equity });
  const shortfall = fail('margin', `Insufficient margin. Required: ${formatUsd(required)}, Available: ${formatUsd(equity)}`, { required, available: equity });
  return reducesExposure ? { ...shortfall, severity: 'warning' } : shortfall;
}

export interface PdtStatus {
  isPatternDayTrader: boolean;
  dayTradeCount: number;
  dayTradesRemaining: number;
  equityRequirement: number;
  currentEquity: number;
  meetsRequirement: boolean;
  warning?: string;
}

/** Flagged at 4 day trades in 5 trading days (or when the broker says so); remaining = 4 − count − 1, floored at 0. */
export function pdtStatus(dayTradeCount: number, equity: number, flaggedByBroker = false): PdtStatus {
  const isPatternDayTrader = flaggedByBroker || dayTradeCount >= PDT_THRESHOLD;
  return {
    isPatternDayTrader,
    dayTradeCount,
    dayTradesRemaining: Math.max(0, PDT_THRESHOLD - dayTradeCount - 1),
    equityRequirement: PDT_MIN_EQUITY,
    currentEquity: equity,
    meetsRequirement: !isPatternDayTrader || equity >= PDT_MIN_EQUITY,
    ...(dayTradeCount === PDT_WARNING_AT ? { warning: MESSAGES.pdtWarning } : {}),
  };
}

export function checkPdt(status: PdtStatus): ComplianceCheck[] {
  const checks: ComplianceCheck[] = [];
  if (status.isPatternDayTrader && !status.meetsRequirement) {
    checks.push(fail('pdt', `Pattern Day Trader account requires minimum $25,000 equity. Current equity: ${formatUsd(status.currentEquity)}`, { ...status }));
  }
  if (status.warning) checks.push({ passed: true, type: 'pdt', severity: 'warning', message: status.warning, details: { ...status } });
  checks.push(pass('pdt', `Day trade count: ${status.dayTradeCount} (limit: 3 for non-PDT accounts)`, { ...status }));
  return checks;
}

/** A pre-trade result can proceed only if no check has severity error. */
export const canProceed = (checks: readonly ComplianceCheck[]): boolean => !checks.some((c) => c.severity === 'error');
