import { fillPrice } from '@shared/paper/fills';
import { cents } from '@shared/paper/money';
import { orderCost } from '@shared/paper/order-cost';
import { fundsAndMargins, type StrategyLeg, type ValidationResult } from '@shared/strategy';
import type { AccountSettings, ComplianceCheck, OrderRequest } from '@web/api/paper-account';
import { contractLabel } from '@web/components/trading/contract-label';
import { MAX_ORDER_LEGS } from '@shared/paper/types';
import type { QuotedLeg } from './legs';
import type { BuilderPortfolio } from './types';

/** Spec part 3 §5 and §8, word for word. */
export const NO_LEGS = 'Please add at least one leg to the strategy';
export const INSUFFICIENT_BUYING_POWER = 'Insufficient buying power for this strategy';
export const successMessage = (legs: number, contracts: number) => `Strategy placed successfully! ${legs} legs × ${contracts} contracts`;

export interface TradeAllInput {
  quoted: readonly QuotedLeg[];
  legs: readonly StrategyLeg[];
  multiplier: number;
  strategyName: string;
  validation: ValidationResult | null;
  portfolio: BuilderPortfolio | null | undefined;
  sharesHeld: number;
}

/**
 * Why Trade All cannot go on to the confirmation, in the order a learner would fix them; null when it can.
 * Buying power: the spec compares |net debit| × multiplier with it; the funds the paper account really sets aside
 * (net debit plus the short legs' requirement, fundsAndMargins().required) are used when they are larger.
 */
export function tradeAllProblem(input: TradeAllInput): string | null {
  const { quoted, legs, multiplier, portfolio } = input;
  if (quoted.length === 0) return NO_LEGS;
  if (quoted.length > MAX_ORDER_LEGS) {
    return `This strategy has ${quoted.length} legs, and a paper order takes at most ${MAX_ORDER_LEGS}. Strategies like this need to be placed as two orders, which this build cannot do yet: study it here and keep it in your drafts.`;
  }
  if (quoted.some((q) => q.status === 'loading')) return 'Prices are still loading. Try again in a moment.';
  const missing = quoted.findIndex((q) => q.status !== 'listed' || q.premium === null);
  if (missing >= 0) return `Leg ${missing + 1} is not listed in the current chain. Pick another strike or expiry for it, or remove it.`;
  if (input.validation && !input.validation.valid) return `The legs do not form a valid ${input.strategyName} yet: ${input.validation.errors.join('; ')}.`;
  if (portfolio === undefined) return 'Your paper account is still loading. Try again in a moment.';
  if (portfolio === null) return 'Open your paper account first: trades here use virtual money from it.';
  const funds = fundsAndMargins(legs, { multiplier, sharesHeld: input.sharesHeld });
  if (!funds.allowed && funds.message) return funds.message;
  const specFigure = Math.abs(funds.netDebit);
  if (Math.max(specFigure, funds.required) > portfolio.account.buyingPower) return INSUFFICIENT_BUYING_POWER;
  return null;
}

/** One multi-leg market day order: quantities are lots × multiplier. */
export function buildOrder(quoted: readonly QuotedLeg[], multiplier: number, strategy: string, clientOrderId: string): OrderRequest {
  return {
    clientOrderId,
    type: 'market',
    timeInForce: 'day',
    legs: quoted.map((q) => ({ contract: q.contract!.contract_ticker, side: q.leg.action, quantity: q.leg.lots * multiplier })),
    strategy,
  };
}

export interface TradeEstimate {
  legs: { action: 'BUY' | 'SELL'; quantity: number; symbol: string; price: number | null }[];
  /** Net per unit of the strategy, per share, at the prices the order would fill at now: positive debit, negative credit. */
  netPerUnit: number;
  /** The same at the mid-prices the analysis uses, so the two can be shown side by side (issue 24). */
  midPerUnit: number;
  /** Premium for the whole order (net per unit × contracts), without commission: at the natural prices and at the mid. */
  premium: number;
  midPremium: number;
  commission: number;
  /** Money leaving the account, commission included; negative for a net credit. */
  total: number;
}

/** What the confirmation shows: each leg at its estimated fill, the net and the total with commission. */
export function estimateTrade(quoted: readonly QuotedLeg[], multiplier: number, settings: AccountSettings): TradeEstimate {
  const priced = quoted.map((q) => ({ leg: q.leg, contract: q.contract!, price: fillPrice(q.contract!, q.leg.action, settings) ?? q.premium }));
  const net = priced.reduce((sum, p) => sum + (p.leg.action === 'buy' ? 1 : -1) * (p.price ?? 0) * p.leg.lots, 0);
  const cost = orderCost(
    priced.map((p) => ({ side: p.leg.action, quantity: p.leg.lots * multiplier, price: p.price ?? 0 })),
    settings.commissionPerContract,
  );
  const legs = priced.map((p) => ({
    action: p.leg.action === 'buy' ? ('BUY' as const) : ('SELL' as const),
    quantity: p.leg.lots * multiplier,
    symbol: contractLabel(p.contract.contract_ticker),
    price: p.price,
  }));
  const mid = quoted.reduce((sum, q) => sum + (q.leg.action === 'buy' ? 1 : -1) * (q.premium ?? 0) * q.leg.lots, 0);
  return {
    legs,
    netPerUnit: cents(net),
    midPerUnit: cents(mid),
    premium: cost.premium,
    midPremium: cents(mid * multiplier * 100),
    commission: cost.commission,
    total: cost.totalCost,
  };
}

/** A blocked order's checks that block, as one line for the confirmation dialog. */
export function blockingText(message: string, checks: readonly ComplianceCheck[] | undefined): string {
  const blocking = (checks ?? []).filter((c) => c.severity === 'error').map((c) => c.message);
  const all = [message, ...blocking.filter((m) => m !== message)];
  return all.join(' · ');
}
