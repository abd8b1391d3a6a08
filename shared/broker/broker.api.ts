import { z } from 'zod';
import { defineApi } from '../api/contract';
import { ComplianceCheckSchema, OrderBody } from '../trading/trading.api';
import { BROKER_ENVIRONMENTS, CredentialsBody } from './credentials-form';

/**
 * The brokerage API (issue 21; spec part 3 §2–§9): the learner's Alpaca keys are sent once (PUT) and never come back;
 * every other route answers metadata and Alpaca's figures in the records of spec part 3 §3. Without saved keys a route
 * answers 404 'Alpaca credentials not found'; Alpaca's refusals answer 'Alpaca API error: {status} - {message}'.
 */
const Environment = z.enum(BROKER_ENVIRONMENTS, { error: "must be 'paper' or 'live'" });
const EnvParams = z.object({ environment: Environment });
const OccOrTicker = z
  .string()
  .max(30)
  .regex(/^[A-Za-z][A-Za-z0-9.]{0,24}$/, 'must be an option symbol or a ticker')
  .transform((s) => s.toUpperCase());
const AlpacaId = z.string().regex(/^[0-9a-fA-F-]{36}$/, 'must be an Alpaca order id');
const IsoTime = z.string();

export const AccountInfoSchema = z.object({
  account_number: z.string(),
  account_status: z.string(),
  trading_level: z.number(),
  options_approved_level: z.number().nullable(),
  buying_power: z.number(),
  options_buying_power: z.number(),
  pattern_day_trader: z.boolean().nullable(),
  day_trade_count: z.number().nullable(),
  equity: z.number(),
  cash: z.number(),
  portfolio_value: z.number(),
  multiplier: z.number(),
  last_synced_at: IsoTime,
});

const Target = { host: z.string(), standIn: z.boolean() };

export const LinkSchema = z.object({
  environment: Environment,
  key_id_masked: z.string(),
  options_trading_level: z.number(),
  compliance_acknowledged: z.boolean(),
  compliance_acknowledged_at: IsoTime.nullable(),
  last_validated_at: IsoTime.nullable(),
  is_active: z.boolean(),
  created_at: IsoTime,
  updated_at: IsoTime,
  account: AccountInfoSchema.nullable(),
  ...Target,
});
export type LinkView = z.infer<typeof LinkSchema>;

export const BrokerOrderSchema = z.object({
  alpaca_order_id: z.string(),
  client_order_id: z.string(),
  symbol: z.string(),
  asset_class: z.string(),
  order_class: z.string(),
  order_type: z.string(),
  side: z.string(),
  time_in_force: z.string(),
  quantity: z.number(),
  limit_price: z.number().nullable(),
  filled_qty: z.number(),
  filled_avg_price: z.number().nullable(),
  status: z.string(),
  submitted_at: IsoTime.nullable(),
  filled_at: IsoTime.nullable(),
  cancelled_at: IsoTime.nullable(),
  legs: z.array(
    z.object({ symbol: z.string(), side: z.string(), ratio_qty: z.number(), position_intent: z.string().nullable(), filled_avg_price: z.number().nullable() }),
  ),
  strategy: z.string().nullable(),
});
export type BrokerOrderView = z.infer<typeof BrokerOrderSchema>;

export const BrokerPositionSchema = z.object({
  symbol: z.string(),
  underlying_symbol: z.string(),
  asset_class: z.string(),
  quantity: z.number(),
  avg_entry_price: z.number(),
  current_price: z.number().nullable(),
  market_value: z.number().nullable(),
  cost_basis: z.number(),
  unrealized_pl: z.number().nullable(),
  unrealized_plpc: z.number().nullable(),
  side: z.enum(['long', 'short']),
  contract_type: z.enum(['call', 'put']).nullable(),
  strike_price: z.number().nullable(),
  expiration_date: z.string().nullable(),
});
export type BrokerPositionView = z.infer<typeof BrokerPositionSchema>;

/** When the stored copy was fetched from Alpaca (null before the first sync): the reads answer what the last sync stored. */
const SyncedAt = IsoTime.nullable();
const AccountAnswer = z.object({ environment: Environment, ...Target, account: AccountInfoSchema.nullable(), syncedAt: SyncedAt });
export type BrokerAccountView = z.infer<typeof AccountAnswer>;

export const BrokerOrderBody = OrderBody.omit({ accountId: true });

export const brokerApi = defineApi({
  'GET /api/broker/credentials': {
    auth: 'user',
    summary: "The learner's broker connections (metadata only: masked key id, level, acknowledgement, last validation) and where each environment's calls go",
    response: z.object({
      credentials: z.array(LinkSchema),
      environments: z.array(z.object({ environment: Environment, ...Target })),
    }),
  },
  'PUT /api/broker/{environment}/credentials': {
    auth: 'user',
    summary: 'Save the Alpaca key pair of an environment (kept in Secrets Manager, never answered again) and the options level picked',
    params: EnvParams,
    body: CredentialsBody,
    response: z.object({ credentials: LinkSchema }),
  },
  'POST /api/broker/{environment}/credentials/validate': {
    auth: 'user',
    errors: [404],
    summary: 'Check the saved keys with GET /v2/account; valid keeps the account figures and last_validated_at',
    params: EnvParams,
    response: z.object({
      valid: z.boolean(),
      message: z.string().optional(),
      /** What Alpaca said, e.g. 'Alpaca API error: 401 - request is not authorized'. */
      reason: z.string().optional(),
      credentials: LinkSchema,
    }),
  },
  'DELETE /api/broker/{environment}/credentials': {
    auth: 'user',
    errors: [404],
    summary: 'Delete the key pair (its secret) and the connection',
    params: EnvParams,
    response: z.object({ deleted: Environment }),
  },
  'POST /api/broker/{environment}/acknowledgements': {
    auth: 'user',
    errors: [404],
    summary: 'Acknowledge the disclosures (options_risk and pdt_rules required, margin_trading optional), version 1.0',
    params: EnvParams,
    body: z.object({ disclosures: z.array(z.enum(['options_risk', 'pdt_rules', 'margin_trading'])).max(3) }),
    response: z.object({ credentials: LinkSchema }),
    status: 201,
  },
  'POST /api/broker/{environment}/sync': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary:
      'Sync the Alpaca account into the table: its figures, the 100 newest orders and the positions, with the time; a fill found is published once (OrderFilled marked live). Idempotent: syncing again changes only the time',
    params: EnvParams,
    response: z.object({
      environment: Environment,
      ...Target,
      syncedAt: IsoTime,
      account: AccountInfoSchema,
      orders: z.array(BrokerOrderSchema),
      positions: z.array(BrokerPositionSchema),
    }),
  },
  'GET /api/broker/{environment}/account': {
    auth: 'user',
    errors: [404],
    summary: "The Alpaca account's figures as the last sync stored them, and when (a read: it neither calls Alpaca nor writes)",
    params: EnvParams,
    response: AccountAnswer,
  },
  'GET /api/broker/{environment}/orders': {
    auth: 'user',
    errors: [404],
    summary: 'The 100 newest Alpaca orders as the last sync stored them, and when (a read: it neither calls Alpaca nor writes)',
    params: EnvParams,
    response: z.object({ orders: z.array(BrokerOrderSchema), syncedAt: SyncedAt }),
  },
  'POST /api/broker/{environment}/orders': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary:
      "Deprecated: use POST /api/orders with accountId 'alpaca-<environment>' (the same use case). Place an order on the Alpaca account (the paper order body; several legs are one mleg order) after the pre-trade compliance",
    params: EnvParams,
    body: BrokerOrderBody,
    response: z.object({ order: BrokerOrderSchema, checks: z.array(ComplianceCheckSchema) }),
    status: 201,
  },
  'GET /api/broker/{environment}/orders/{id}': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary: 'One Alpaca order',
    params: z.object({ environment: Environment, id: AlpacaId }),
    response: z.object({ order: BrokerOrderSchema }),
  },
  'DELETE /api/broker/{environment}/orders/{id}': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary: 'Deprecated: use DELETE /api/orders/{id}?accountId=alpaca-<environment> (the same use case). Cancel an open Alpaca order',
    params: z.object({ environment: Environment, id: AlpacaId }),
    response: z.object({ order: BrokerOrderSchema }),
  },
  'GET /api/broker/{environment}/positions': {
    auth: 'user',
    errors: [404],
    summary: "The Alpaca account's positions as the last sync stored them, and when (a read: it neither calls Alpaca nor writes)",
    params: EnvParams,
    response: z.object({ positions: z.array(BrokerPositionSchema), syncedAt: SyncedAt }),
  },
  'DELETE /api/broker/{environment}/positions/{symbol}': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary: 'Close all of a position, or qty contracts of it, with a market order',
    params: z.object({ environment: Environment, symbol: OccOrTicker }),
    query: z.object({ qty: z.coerce.number().int('must be a whole number').min(1).max(10_000).optional() }),
    response: z.object({ order: BrokerOrderSchema }),
  },
  'POST /api/broker/{environment}/positions/{symbol}/exercise': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary: 'Exercise all held contracts of a long option',
    params: z.object({ environment: Environment, symbol: OccOrTicker }),
    response: z.object({ exercised: z.string(), positions: z.array(BrokerPositionSchema) }),
  },
  'GET /api/broker/{environment}/contracts': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary: "Alpaca's option contracts of an underlying (and expiration)",
    params: EnvParams,
    query: z.object({
      underlying: z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9.]{0,5}$/, 'must be a ticker')
        .transform((s) => s.toUpperCase()),
      expiration: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
        .optional(),
    }),
    response: z.object({
      contracts: z.array(
        z.object({
          symbol: z.string(),
          underlying_symbol: z.string(),
          type: z.enum(['call', 'put']),
          style: z.string(),
          expiration_date: z.string(),
          strike_price: z.number(),
          size: z.number(),
          close_price: z.number().nullable(),
          open_interest: z.number().nullable(),
          bid: z.number().nullable(),
          ask: z.number().nullable(),
        }),
      ),
    }),
  },
});
