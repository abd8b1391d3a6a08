import { z } from 'zod';

/**
 * Alpaca Trading API v2, as it is on the wire (snake_case, money and quantities as decimal strings), from
 * Alpaca's Trading API OpenAPI document of June 2026 (docs.alpaca.markets/openapi/trading-api.json). One set of schemas
 * for the adapter (functions/adapters/alpaca), which validates every answer with them, and for the local stand-in
 * (local/alpaca-standin.ts), which answers in them, so the stand-in provably speaks the shapes the adapter reads.
 * Objects are loose: Alpaca sends fields its schema does not list (extra context keys), and enums are kept open where Alpaca adds values.
 */
const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal string');
const Nullable = <T extends z.ZodType>(t: T) => t.nullable().optional();

export const AlpacaError = z.looseObject({ code: z.number().optional(), message: z.string().optional() });
export type AlpacaError = z.infer<typeof AlpacaError>;

/** GET /v2/account (Alpaca Trading API v2, Account). The PDT fields were removed in July 2026: optional here, and the product never relies on them. */
export const AlpacaAccount = z.looseObject({
  id: z.string(),
  account_number: z.string(),
  status: z.string(),
  currency: z.string().default('USD'),
  cash: Decimal,
  buying_power: Decimal,
  options_buying_power: Decimal.optional(),
  equity: Decimal,
  portfolio_value: Decimal.optional(),
  long_market_value: Decimal.optional(),
  short_market_value: Decimal.optional(),
  multiplier: z.string().default('1'),
  options_approved_level: z.number().int().min(0).max(3).optional(),
  options_trading_level: z.number().int().min(0).max(3).optional(),
  pattern_day_trader: z.boolean().optional(),
  daytrade_count: z.number().int().optional(),
  trading_blocked: z.boolean().optional(),
  account_blocked: z.boolean().optional(),
  created_at: z.string().optional(),
});
export type AlpacaAccount = z.infer<typeof AlpacaAccount>;

/** One leg of an order as Alpaca returns it (Alpaca Trading API v2, Orders: legs of an mleg carry ratio_qty, no price of their own). */
const OrderCore = {
  id: z.string(),
  client_order_id: z.string(),
  created_at: z.string(),
  updated_at: Nullable(z.string()),
  submitted_at: Nullable(z.string()),
  filled_at: Nullable(z.string()),
  expired_at: Nullable(z.string()),
  canceled_at: Nullable(z.string()),
  failed_at: Nullable(z.string()),
  asset_id: Nullable(z.string()),
  symbol: z.string(),
  asset_class: z.string(),
  qty: Nullable(Decimal),
  filled_qty: Decimal,
  filled_avg_price: Nullable(Decimal),
  order_class: z.string(),
  type: z.string(),
  side: z.string(),
  position_intent: Nullable(z.string()),
  ratio_qty: Nullable(Decimal),
  time_in_force: z.string(),
  limit_price: Nullable(Decimal),
  status: z.string(),
};
export const AlpacaOrderLeg = z.looseObject(OrderCore);
export const AlpacaOrder = z.looseObject({ ...OrderCore, legs: Nullable(z.array(AlpacaOrderLeg)) });
export type AlpacaOrder = z.infer<typeof AlpacaOrder>;

/** GET /v2/positions (Alpaca Trading API v2, Positions): qty is signed (negative short); values include the ×100 multiplier. */
export const AlpacaPosition = z.looseObject({
  asset_id: z.string(),
  symbol: z.string(),
  exchange: z.string().optional(),
  asset_class: z.string(),
  avg_entry_price: Decimal,
  qty: Decimal,
  qty_available: Decimal.optional(),
  side: z.enum(['long', 'short']),
  market_value: Nullable(Decimal),
  cost_basis: Decimal,
  unrealized_pl: Nullable(Decimal),
  unrealized_plpc: Nullable(Decimal),
  current_price: Nullable(Decimal),
  lastday_price: Nullable(Decimal),
  change_today: Nullable(Decimal),
});
export type AlpacaPosition = z.infer<typeof AlpacaPosition>;

/** GET /v2/options/contracts (Alpaca Trading API v2, Option contracts); multiplier is often absent: 100 then. */
export const AlpacaOptionContract = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  status: z.string(),
  tradable: z.boolean(),
  expiration_date: z.string(),
  root_symbol: z.string().optional(),
  underlying_symbol: z.string(),
  type: z.enum(['call', 'put']),
  style: z.string(),
  strike_price: Decimal,
  multiplier: Decimal.optional(),
  size: z.string().optional(),
  open_interest: Nullable(z.string()),
  open_interest_date: Nullable(z.string()),
  close_price: Nullable(z.string()),
  close_price_date: Nullable(z.string()),
});
export type AlpacaOptionContract = z.infer<typeof AlpacaOptionContract>;
export const AlpacaContractsPage = z.looseObject({ option_contracts: z.array(AlpacaOptionContract), next_page_token: z.string().nullable().optional() });

/** POST /v2/orders body (Alpaca Trading API v2, Orders): a single option leg, or one `mleg` order with 2–4 legs. */
export interface AlpacaOrderLegRequest {
  symbol: string;
  ratio_qty: string;
  side: 'buy' | 'sell';
  position_intent: 'buy_to_open' | 'buy_to_close' | 'sell_to_open' | 'sell_to_close';
}
export interface AlpacaOrderRequest {
  symbol?: string;
  qty: string;
  side?: 'buy' | 'sell';
  type: 'market' | 'limit';
  time_in_force: 'day';
  limit_price?: string;
  client_order_id: string;
  order_class?: 'simple' | 'mleg';
  position_intent?: AlpacaOrderLegRequest['position_intent'];
  legs?: AlpacaOrderLegRequest[];
}

/** Order statuses that can still fill or be canceled (Alpaca Trading API v2, Orders: order lifecycle). */
export const OPEN_ORDER_STATUSES = [
  'new',
  'accepted',
  'pending_new',
  'partially_filled',
  'accepted_for_bidding',
  'held',
  'calculated',
  'pending_cancel',
  'pending_replace',
];
