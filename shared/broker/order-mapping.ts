import { parseOcc } from '../market/occ';
import { fail, ok, type Result } from '../result';
import type { OrderRequest } from '../trading/order';
import type { AlpacaAccount, AlpacaOrder, AlpacaOrderLegRequest, AlpacaOrderRequest, AlpacaPosition } from './alpaca.wire';
import type { BrokerAccountInfo, BrokerOrderRecord, BrokerPositionRecord } from './broker.port';

/**
 * Our order (the paper order's shape, shared/paper/types.ts) as Alpaca's POST /v2/orders body, and Alpaca's answers as
 * the records of spec part 3 §3. One leg is a simple option order; two to four legs are ONE `mleg` order (spec part 3
 * §6: "Multi-leg orders must be a single order"), with Alpaca's rules (Alpaca Trading API v2, Orders; "Options Level 3 Trading"): leg ratios in lowest
 * terms and the order's quantity the number of units, a signed net limit per unit (positive debit, negative credit),
 * every leg on the same underlying, and side plus position intent on each leg.
 */
export const MLEG_MESSAGES = {
  sameUnderlying: 'Every leg of a multi-leg order must be on the same underlying (Alpaca places it as one mleg order).',
  distinct: 'Each contract may appear in one leg only.',
  notOption: (c: string) => `${c} is not an option symbol.`,
} as const;

/** Alpaca's client order id for ours: the same request always carries the same one, so Alpaca refuses a second copy. */
export const alpacaClientOrderId = (clientOrderId: string): string => `oa-${clientOrderId}`;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const decimal = (n: number) => String(Math.round(n * 1e4) / 1e4);

type Intent = AlpacaOrderLegRequest['position_intent'];
/** Opening or closing, from the position held: a buy against a short closes it, a sell against a long closes it. */
export function positionIntent(side: 'buy' | 'sell', held: number): Intent {
  if (side === 'buy') return held < 0 ? 'buy_to_close' : 'buy_to_open';
  return held > 0 ? 'sell_to_close' : 'sell_to_open';
}

export function toAlpacaOrder(request: OrderRequest, held: ReadonlyMap<string, number>): Result<AlpacaOrderRequest> {
  const legs = request.legs.map((l) => ({ ...l, contract: l.contract.toUpperCase().replace(/^O:/, '') }));
  for (const l of legs) if (!parseOcc(l.contract)) return fail('bad_request', MLEG_MESSAGES.notOption(l.contract));
  if (new Set(legs.map((l) => l.contract)).size !== legs.length) return fail('bad_request', MLEG_MESSAGES.distinct);
  const base = {
    type: request.type,
    time_in_force: 'day' as const,
    client_order_id: alpacaClientOrderId(request.clientOrderId),
    ...(request.type === 'limit' && request.limitPrice !== undefined ? { limit_price: decimal(request.limitPrice) } : {}),
  };
  if (legs.length === 1) {
    const leg = legs[0]!;
    return ok({
      ...base,
      symbol: leg.contract,
      qty: String(leg.quantity),
      side: leg.side,
      order_class: 'simple',
      position_intent: positionIntent(leg.side, held.get(leg.contract) ?? 0),
    });
  }
  if (new Set(legs.map((l) => parseOcc(l.contract)!.underlying)).size > 1) return fail('bad_request', MLEG_MESSAGES.sameUnderlying);
  const units = legs.map((l) => l.quantity).reduce(gcd);
  return ok({
    ...base,
    order_class: 'mleg',
    qty: String(units),
    legs: legs.map((l) => ({
      symbol: l.contract,
      ratio_qty: String(l.quantity / units),
      side: l.side,
      position_intent: positionIntent(l.side, held.get(l.contract) ?? 0),
    })),
  });
}

const num = (s: string | null | undefined): number | null => (s === null || s === undefined || s === '' ? null : Number(s));

export function orderRecord(o: AlpacaOrder, strategy: string | null = null): BrokerOrderRecord {
  const legs = (o.legs ?? []).map((l) => ({
    symbol: l.symbol,
    side: l.side,
    ratio_qty: num(l.ratio_qty) ?? 1,
    position_intent: l.position_intent ?? null,
    filled_avg_price: num(l.filled_avg_price),
  }));
  return {
    alpaca_order_id: o.id,
    client_order_id: o.client_order_id,
    symbol: o.symbol || legs.map((l) => l.symbol).join(' / '),
    asset_class: o.asset_class || 'us_option',
    order_class: o.order_class,
    order_type: o.type,
    side: o.side || (legs.length ? 'mleg' : ''),
    time_in_force: o.time_in_force,
    quantity: num(o.qty) ?? 0,
    limit_price: num(o.limit_price),
    filled_qty: num(o.filled_qty) ?? 0,
    filled_avg_price: num(o.filled_avg_price),
    status: o.status,
    submitted_at: o.submitted_at ?? o.created_at,
    filled_at: o.filled_at ?? null,
    cancelled_at: o.canceled_at ?? null,
    legs,
    strategy,
  };
}

export function positionRecord(p: AlpacaPosition): BrokerPositionRecord {
  const occ = parseOcc(p.symbol);
  return {
    symbol: p.symbol,
    underlying_symbol: occ?.underlying ?? p.symbol,
    asset_class: p.asset_class,
    quantity: Number(p.qty),
    avg_entry_price: Number(p.avg_entry_price),
    current_price: num(p.current_price),
    market_value: num(p.market_value),
    cost_basis: Number(p.cost_basis),
    unrealized_pl: num(p.unrealized_pl),
    unrealized_plpc: num(p.unrealized_plpc),
    side: p.side,
    contract_type: occ?.type ?? null,
    strike_price: occ?.strike ?? null,
    expiration_date: occ?.expiration ?? null,
  };
}

/**
 * The account figures (spec part 3 §3). The level the learner trades at is the broker's (options_trading_level, itself
 * at most options_approved_level), lowered by the level picked in the form: the form can only lower it.
 */
export function accountInfo(a: AlpacaAccount, chosenLevel: number, at: string): BrokerAccountInfo {
  const broker = a.options_trading_level ?? a.options_approved_level ?? 0;
  return {
    account_number: a.account_number,
    account_status: a.status,
    trading_level: Math.min(broker, a.options_approved_level ?? broker, chosenLevel),
    options_approved_level: a.options_approved_level ?? null,
    buying_power: Number(a.buying_power),
    options_buying_power: Number(a.options_buying_power ?? a.buying_power),
    pattern_day_trader: a.pattern_day_trader ?? null,
    day_trade_count: a.daytrade_count ?? null,
    equity: Number(a.equity),
    cash: Number(a.cash),
    portfolio_value: Number(a.portfolio_value ?? a.equity),
    multiplier: Number(a.multiplier) || 1,
    last_synced_at: at,
  };
}

/** Alpaca's final order statuses: any other (new, accepted, partially filled, held...) is an order still working. */
const FINAL_STATUSES = new Set(['filled', 'canceled', 'expired', 'rejected', 'replaced', 'done_for_day']);
export const isOpenAtAlpaca = (status: string): boolean => !FINAL_STATUSES.has(status);
