import { formatUsd } from '@shared/format/money';
import { plural } from '@shared/format/words';
import { fillPrice } from '@shared/paper/fills';
import { cents, gcd } from '@shared/kernel/money';
import { orderCost } from '@shared/paper/order-cost';
import { fundsAndMargins, type StrategyLeg, type ValidationResult } from '@shared/strategy';
import type { AccountSettings, ComplianceCheck, OrderRequest } from '@web/api/paper-account';
import { contractLabel } from '@web/components/trading/contract-label';
import { CONTRACT_MULTIPLIER } from '@shared/paper/types';
import { MAX_ORDER_LEGS } from '@shared/trading/order';
import type { QuotedLeg } from './legs';
import type { BuilderPortfolio } from './types';

/** Spec part 3 §5 and §8, word for word. */
export const NO_LEGS = 'Please add at least one leg to the strategy';
export const INSUFFICIENT_BUYING_POWER = 'Insufficient buying power for this strategy';
/** Spec part 3 §8's success alert with its counts in English: "4 legs × 2 contracts", "2 legs × 1 contract". */
export const successMessage = (legs: number, contracts: number) => `Strategy placed successfully! ${plural(legs, 'leg')} × ${plural(contracts, 'contract')}`;
/** A limit order that did not fill when placed: what happens next, without cheering. */
export const RESTING_MESSAGE = 'Your limit order is open: it fills when the market reaches your price, or expires at the close.';

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

/**
 * One multi-leg day order: quantities are lots × multiplier. With a limit (the signed net per order unit, see
 * NetLimit) it is a limit order; one leg's limit goes as the price itself, as the paper account reads it.
 */
export function buildOrder(quoted: readonly QuotedLeg[], multiplier: number, strategy: string, clientOrderId: string, limit?: NetLimit): OrderRequest {
  return {
    clientOrderId,
    type: limit ? 'limit' : 'market',
    ...(limit ? { limitPrice: quoted.length === 1 ? limit.amount : limit.signed } : {}),
    timeInForce: 'day',
    legs: quoted.map((q) => ({ contract: q.contract!.contract_ticker, side: q.leg.action, quantity: q.leg.lots * multiplier })),
    strategy,
  };
}

export type NetSide = 'debit' | 'credit';

/** A limit for the whole order: a net price per unit, paid (debit) or received (credit). */
export interface NetLimit {
  amount: number;
  side: NetSide;
  /** As the paper account reads a multi-leg limit: positive for a debit paid, negative for a credit received. */
  signed: number;
}

/**
 * The paper account trades a multi-leg order in units of its leg ratio (shared/paper/fills orderUnits): legs of 2 and
 * 2 lots are 2 units of 1:1. The limit is a price per such unit, so the builder's lots are divided by their common
 * factor; for the usual lots of 1 a unit is the builder's unit.
 */
export const lotsFactor = (quoted: readonly QuotedLeg[]): number => quoted.reduce((g, q) => gcd(g, q.leg.lots), 0) || 1;

/** Words for a unit that is not the builder's (lots sharing a factor), else null. */
export function unitNote(quoted: readonly QuotedLeg[]): string | null {
  const g = lotsFactor(quoted);
  if (g === 1) return null;
  const ratio = quoted.map((q) => q.leg.lots / g).join(':');
  return `Your legs' lots share a factor of ${g}, so the paper account counts each multiple as ${g} units of ${ratio}: the limit is the net price of one ${ratio} unit, and a unit in the price breakdown is ${g} of them.`;
}

/** One leg's side fixes the limit's side: a buy pays, a sell receives. */
export const fixedSide = (quoted: readonly QuotedLeg[]): NetSide | null =>
  quoted.length === 1 ? (quoted[0]!.leg.action === 'buy' ? 'debit' : 'credit') : null;

/** The net mid per order unit, rounded to the nearest cent (neither side's favour): where the limit starts. */
export function midLimit(quoted: readonly QuotedLeg[]): NetLimit {
  const g = lotsFactor(quoted);
  const mid = cents(quoted.reduce((sum, q) => sum + (q.leg.action === 'buy' ? 1 : -1) * (q.premium ?? 0) * (q.leg.lots / g), 0));
  const side = fixedSide(quoted) ?? (mid > 0 ? 'debit' : 'credit');
  return { amount: Math.abs(mid), side, signed: side === 'debit' ? Math.abs(mid) : -Math.abs(mid) };
}

/** The limit field's text: the mid's amount with two decimals. */
export const limitText = (limit: NetLimit): string => limit.amount.toFixed(2);

/** The largest limit the paper account takes (shared/paper/paper.api OrderBody). */
const MAX_LIMIT = 100_000;

/** The limit a learner typed, or why it cannot be sent, in words. */
export function parseLimit(text: string, side: NetSide, singleLeg: boolean): { ok: true; limit: NetLimit } | { ok: false; message: string } {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (cleaned === '') return { ok: false, message: 'Enter a limit price: the net price per unit you accept.' };
  if (cleaned.startsWith('-')) return { ok: false, message: 'Enter the limit without a minus sign, and choose net debit or net credit beside it.' };
  if (!/^\d*\.?\d*$/.test(cleaned) || cleaned === '.') return { ok: false, message: 'The limit price must be a number of dollars, such as 6.95.' };
  if (/\.\d{3,}$/.test(cleaned)) return { ok: false, message: 'The limit price can have at most 2 decimals: options trade in whole cents.' };
  const amount = Number(cleaned);
  if (amount > MAX_LIMIT) return { ok: false, message: `The limit price can be at most ${formatUsd(MAX_LIMIT)} per unit.` };
  if (side === 'debit' && !(amount > 0))
    return { ok: false, message: 'A debit limit must be above $0.00: it is the most you pay per unit. To be paid for the order, choose net credit.' };
  if (singleLeg && !(amount > 0)) return { ok: false, message: 'A single-leg limit must be above $0.00: it is the least you accept per share.' };
  return { ok: true, limit: { amount, side, signed: side === 'debit' ? amount : -amount } };
}

/** The limit in words, as the field and the confirmation say it. */
export const limitWords = (limit: NetLimit): string =>
  limit.side === 'debit'
    ? `Limit: pay at most ${formatUsd(limit.amount)} net per unit`
    : `Limit: receive at least ${formatUsd(limit.amount)} net credit per unit`;

/** The confirmation's order type. */
export const limitOrderType = (limit: NetLimit): string => `Limit ${formatUsd(limit.amount)} net ${limit.side} (day)`;

export interface LimitEstimate {
  limit: NetLimit;
  /** Units the order trades: lots' common factor × multiplier. */
  units: number;
  /** Premium at the limit for the whole order (limit × units × 100), signed as the total; without commission. */
  premium: number;
  commission: number;
  /**
   * Money leaving the account if the order fills at the limit, commission included (negative for a credit): the most
   * it pays or the least it receives, and what the paper account holds for an order that rests (shared/paper/engine).
   */
  total: number;
  /** Whether the prices shown would fill it now under the account's fill model (at them, or better than the limit). */
  fillsNow: boolean;
  /** The natural net per order unit, the price a fill now would get. */
  naturalPerUnit: number;
}

/** What a limit order costs at its limit, with the same commission as the order's fill (shared/paper/order-cost). */
export function estimateLimit(quoted: readonly QuotedLeg[], multiplier: number, settings: AccountSettings, limit: NetLimit): LimitEstimate {
  const g = lotsFactor(quoted);
  const units = g * multiplier;
  const { commission } = orderCost(
    quoted.map((q) => ({ side: q.leg.action, quantity: q.leg.lots * multiplier, price: 0 })),
    settings.commissionPerContract,
  );
  const premium = cents(limit.signed * units * CONTRACT_MULTIPLIER);
  const prices = quoted.map((q) => fillPrice(q.contract!, q.leg.action, settings));
  const naturalPerUnit = cents(quoted.reduce((sum, q, i) => sum + (q.leg.action === 'buy' ? 1 : -1) * (prices[i] ?? 0) * (q.leg.lots / g), 0));
  return {
    limit,
    units,
    premium,
    commission,
    total: cents(premium + commission),
    fillsNow: prices.every((p) => p !== null) && naturalPerUnit <= limit.signed + 1e-9,
    naturalPerUnit,
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
