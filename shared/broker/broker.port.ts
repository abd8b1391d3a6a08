import type { DomainEvent } from '../events/domain-events';
import type { Result } from '../result';
import type { AlpacaAccount, AlpacaOptionContract, AlpacaOrder, AlpacaOrderRequest, AlpacaPosition } from './alpaca.wire';
import type { BrokerEnvironment } from './credentials-form';

/** A learner's Alpaca key pair. It goes to the secret store once and is read only to call Alpaca; never answered, logged or sent in an event. */
export interface AlpacaCredentials {
  apiKey: string;
  apiSecret: string;
}

/**
 * The Alpaca Trading API v2 as the product uses it (Alpaca Trading API v2: Account, Positions, Option contracts, Orders), for one key pair and environment.
 * Every non-OK answer is a failure value whose message is 'Alpaca API error: {status} - {message}'; a timeout is a
 * 'gateway_timeout' failure. Writes are never retried blindly (an order may have been placed).
 */
export interface AlpacaApi {
  account(): Promise<Result<AlpacaAccount>>;
  listOrders(query: { status: 'open' | 'closed' | 'all'; limit: number }): Promise<Result<AlpacaOrder[]>>;
  getOrder(id: string): Promise<Result<AlpacaOrder>>;
  /** null when Alpaca has no order with that client order id (its 404). */
  getOrderByClientId(clientOrderId: string): Promise<Result<AlpacaOrder | null>>;
  placeOrder(body: AlpacaOrderRequest): Promise<Result<AlpacaOrder>>;
  cancelOrder(id: string): Promise<Result<void>>;
  listPositions(): Promise<Result<AlpacaPosition[]>>;
  closePosition(symbol: string, qty?: number): Promise<Result<AlpacaOrder>>;
  exercise(symbol: string): Promise<Result<void>>;
  contracts(query: { underlying: string; expiration?: string; limit?: number }): Promise<Result<AlpacaOptionContract[]>>;
}

/** Opens the API for an environment with a key pair (the base URL comes from configuration: ALPACA_PAPER_URL, ALPACA_LIVE_URL). */
export type AlpacaConnector = (environment: BrokerEnvironment, credentials: AlpacaCredentials) => AlpacaApi;

/** Where the key pairs live: one secret per learner and environment (Secrets Manager; its local stand-in). */
export interface BrokerKeyStore {
  save(userId: string, environment: BrokerEnvironment, credentials: AlpacaCredentials): Promise<void>;
  load(userId: string, environment: BrokerEnvironment): Promise<AlpacaCredentials | null>;
  remove(userId: string, environment: BrokerEnvironment): Promise<void>;
}

/** The account figures kept after a validation or a sync (spec part 3 §3 "Brokerage account"). */
export interface BrokerAccountInfo {
  account_number: string;
  account_status: string;
  /** The level the learner trades at: the broker's approved level, lowered by the form's level. */
  trading_level: number;
  options_approved_level: number | null;
  buying_power: number;
  options_buying_power: number;
  /** null when Alpaca no longer reports it (removed July 2026 from Alpaca's OpenAPI document). */
  pattern_day_trader: boolean | null;
  day_trade_count: number | null;
  equity: number;
  cash: number;
  portfolio_value: number;
  multiplier: number;
  last_synced_at: string;
}

/** The `BROKER#<env>` item: metadata only (spec part 3 §3 "Credentials" without the encrypted fields). */
export interface BrokerLink {
  environment: BrokerEnvironment;
  /** e.g. `PK…7QX2`. */
  key_id_masked: string;
  options_trading_level: number;
  compliance_acknowledged: boolean;
  compliance_acknowledged_at: string | null;
  last_validated_at: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
  account: BrokerAccountInfo | null;
}

export interface BrokerPositionRecord {
  symbol: string;
  underlying_symbol: string;
  asset_class: string;
  quantity: number;
  avg_entry_price: number;
  current_price: number | null;
  market_value: number | null;
  cost_basis: number;
  unrealized_pl: number | null;
  unrealized_plpc: number | null;
  side: 'long' | 'short';
  contract_type: 'call' | 'put' | null;
  strike_price: number | null;
  expiration_date: string | null;
}

export interface BrokerOrderRecord {
  alpaca_order_id: string;
  client_order_id: string;
  symbol: string;
  asset_class: string;
  order_class: string;
  order_type: string;
  side: string;
  time_in_force: string;
  quantity: number;
  limit_price: number | null;
  filled_qty: number;
  filled_avg_price: number | null;
  status: string;
  submitted_at: string | null;
  filled_at: string | null;
  cancelled_at: string | null;
  legs: { symbol: string; side: string; ratio_qty: number; position_intent: string | null; filled_avg_price: number | null }[];
  /** The strategy the builder named, kept from our request. */
  strategy: string | null;
}

export interface BrokerActivity {
  activity_type: string;
  environment: BrokerEnvironment;
  metadata: Record<string, unknown>;
  created_at: string;
}

/** The broker area's table items under the learner's key (`BROKER#<env>` and what syncs into it; docs/architecture.md lists them). */
export interface BrokerRepository {
  links(userId: string): Promise<BrokerLink[]>;
  link(userId: string, environment: BrokerEnvironment): Promise<BrokerLink | null>;
  putLink(userId: string, link: BrokerLink): Promise<void>;
  removeLink(userId: string, environment: BrokerEnvironment): Promise<void>;
  /**
   * What a sync (or a command) fetched from Alpaca, replacing what was stored before, with the time it was fetched:
   * the account's figures on the link, the 100 newest orders and the positions each in one item.
   */
  saveSync(
    userId: string,
    environment: BrokerEnvironment,
    sync: { account?: BrokerAccountInfo; orders?: BrokerOrderRecord[]; positions?: BrokerPositionRecord[]; at: string },
  ): Promise<void>;
  /** The orders the last sync stored, and when (null before the first). */
  syncedOrders(userId: string, environment: BrokerEnvironment): Promise<{ orders: BrokerOrderRecord[]; syncedAt: string | null }>;
  /** The positions the last sync stored, and when (null before the first). */
  syncedPositions(userId: string, environment: BrokerEnvironment): Promise<{ positions: BrokerPositionRecord[]; syncedAt: string | null }>;
  /** The learners whose last sync stored an order still open at Alpaca, for the scheduled sync (a Query, never a Scan). */
  learnersWithOpenOrders(): Promise<{ userId: string; environment: BrokerEnvironment }[]>;
  /**
   * Claims an order's client order id for its first attempt; false when an attempt was made before (a retry, perhaps
   * after a timeout: Alpaca is then asked for the order by its client order id before anything is placed).
   */
  claimOrderKey(
    userId: string,
    environment: BrokerEnvironment,
    clientOrderId: string,
    request: unknown,
  ): Promise<{ first: true } | { first: false; request: unknown }>;
  /** Releases a claim when Alpaca refused the order, so the same request may be tried again. */
  releaseOrderKey(userId: string, environment: BrokerEnvironment, clientOrderId: string): Promise<void>;
  /**
   * Publishes a filled order's events (through the outbox) once: with a marker of the order in the same transaction,
   * so the fill seen when placing and again by a later sync reports once. false when it was reported before.
   */
  recordFill(userId: string, environment: BrokerEnvironment, alpacaOrderId: string, events: readonly DomainEvent[]): Promise<boolean>;
  logActivity(userId: string, activity: BrokerActivity): Promise<void>;
  activity(userId: string, environment: BrokerEnvironment, limit: number): Promise<BrokerActivity[]>;
}
