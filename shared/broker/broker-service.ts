import { canProceed, type ComplianceCheck } from '../compliance/checks';
import { DISCLOSURES } from '../compliance/disclosures';
import { newYorkParts } from '../market/dates';
import type { ComplianceLogEntry, DisclosureAck, QuoteSource } from '../paper/paper.port';
import type { OrderRequest } from '../trading/order';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/ids.port';
import { liveFillEvents } from './live-events';
import { fail, ok, type Result } from '../result';
import { credentialsNotFound } from './broker-errors';
import type {
  AlpacaApi,
  AlpacaConnector,
  AlpacaCredentials,
  BrokerAccountInfo,
  BrokerActivity,
  BrokerKeyStore,
  BrokerLink,
  BrokerOrderRecord,
  BrokerPositionRecord,
  BrokerRepository,
} from './broker.port';
import { maskKeyId, type BrokerEnvironment, type CredentialsBody } from './credentials-form';
import { evaluateLiveOrder } from './live-compliance';
import { accountInfo, accountSyncDue, alpacaClientOrderId, orderRecord, ordersSyncDue, positionRecord, toAlpacaOrder } from './order-mapping';
import { BoundedMap } from '../bounded-map';

/**
 * The brokerage use cases (issue 21; spec part 3 §2–§9), with the learner's own Alpaca account behind a port: the keys
 * go to the key store once and are read only to call Alpaca; answers carry metadata and Alpaca's figures, never a key.
 * Every broker action is written to the activity log; a failure to write it is only logged (spec part 3 §8).
 */
export interface BrokerDeps {
  repo: BrokerRepository;
  keys: BrokerKeyStore;
  connect: AlpacaConnector;
  quotes: Pick<QuoteSource, 'quotes'>;
  clock: Clock;
  /** Where an environment's calls go, and whether that is the local stand-in (the product then says so). */
  target: (environment: BrokerEnvironment) => { host: string; standIn: boolean };
  /** The learner's disclosure acknowledgements (the paper account's, GET /api/compliance/disclosures reads them). */
  acknowledge: (userId: string, ack: DisclosureAck) => Promise<void>;
  logCompliance: (userId: string, entries: readonly ComplianceLogEntry[]) => Promise<void>;
  ids: IdGenerator;
  warn?: (message: string, error?: unknown) => void;
}

export const VALIDATION_FAILED = 'Failed to validate credentials. Please check your API keys.';
export const DISCLOSURES_REQUIRED = 'Please acknowledge all required disclosures';
export const DISCLOSURE_VERSION = '1.0';

export interface LinkView extends Omit<BrokerLink, 'account'> {
  account: BrokerAccountInfo | null;
  host: string;
  standIn: boolean;
}

const warn = (deps: BrokerDeps) => deps.warn ?? (() => undefined);

function log(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, activity_type: string, metadata: Record<string, unknown> = {}): void {
  const entry: BrokerActivity = { activity_type, environment, metadata, created_at: deps.clock.now().toISOString() };
  deps.repo.logActivity(userId, entry).catch((err: unknown) => warn(deps)('broker activity log write failed', err));
}

const view = (deps: BrokerDeps, link: BrokerLink): LinkView => ({ ...link, account: link.account ?? null, ...deps.target(link.environment) });

/**
 * The learner's Alpaca API for an environment; 404 'Alpaca credentials not found' without saved keys. A warm function
 * keeps a learner's keys in memory, tied to the link's `updated_at`, so keys saved again (or deleted) are read afresh.
 */
const KEYS_KEPT = 500;
async function openApi(deps: BrokerDeps, cache: Map<string, { version: string; keys: AlpacaCredentials }>, userId: string, environment: BrokerEnvironment) {
  const link = await deps.repo.link(userId, environment);
  if (!link || !link.is_active) return credentialsNotFound();
  const id = `${userId}|${environment}`;
  let keys = cache.get(id)?.version === link.updated_at ? cache.get(id)!.keys : null;
  if (!keys) {
    keys = await deps.keys.load(userId, environment);
    if (!keys) return credentialsNotFound();
    cache.set(id, { version: link.updated_at, keys });
  }
  return ok({ api: deps.connect(environment, keys), link });
}

export function brokerService(deps: BrokerDeps) {
  const now = () => deps.clock.now().toISOString();
  const keyCache = new BoundedMap<string, { version: string; keys: AlpacaCredentials }>(KEYS_KEPT);
  const apiFor = (userId: string, environment: BrokerEnvironment) => openApi(deps, keyCache, userId, environment);

  async function syncAccount(userId: string, environment: BrokerEnvironment, api: AlpacaApi, link: BrokerLink): Promise<Result<BrokerAccountInfo>> {
    const res = await api.account();
    if (!res.ok) return res;
    const info = accountInfo(res.value, link.options_trading_level, now());
    if (accountSyncDue(link.account, info)) await deps.repo.saveSync(userId, environment, { account: info });
    return ok(info);
  }

  async function reportFill(userId: string, environment: BrokerEnvironment, order: BrokerOrderRecord): Promise<void> {
    const events = liveFillEvents(deps.ids, userId, environment, order);
    if (!events) return;
    try {
      await deps.repo.recordFill(userId, environment, order.alpaca_order_id, events);
    } catch (err) {
      // The next sync sees the fill again and tries again.
      warn(deps)('live fill events not written', err);
    }
  }

  async function syncPositions(userId: string, environment: BrokerEnvironment, api: AlpacaApi): Promise<Result<BrokerPositionRecord[]>> {
    const res = await api.listPositions();
    if (!res.ok) return res;
    const positions = res.value.map(positionRecord);
    await deps.repo.saveSync(userId, environment, { positions });
    return ok(positions);
  }

  async function syncOrders(userId: string, environment: BrokerEnvironment, api: AlpacaApi, placed?: BrokerOrderRecord): Promise<Result<BrokerOrderRecord[]>> {
    const res = await api.listOrders({ status: 'all', limit: 100 });
    if (!res.ok) return res;
    // The strategy names the builder gave are ours, not Alpaca's: kept from the previous sync and the order just placed.
    const previous = await deps.repo.orders(userId, environment);
    const known = new Map(previous.map((o) => [o.alpaca_order_id, o.strategy]));
    if (placed) known.set(placed.alpaca_order_id, placed.strategy);
    const before = new Map(previous.map((o) => [o.alpaca_order_id, o.status]));
    const orders = res.value.map((o) => orderRecord(o, known.get(o.id) ?? null));
    // A resting order that filled at Alpaca since the last sync reports its fill now (once: recordFill's marker).
    for (const o of orders) if (o.status === 'filled' && before.get(o.alpaca_order_id) !== 'filled') await reportFill(userId, environment, o);
    if (ordersSyncDue(previous, orders)) await deps.repo.saveSync(userId, environment, { orders });
    return ok(orders);
  }

  return {
    async credentials(userId: string) {
      const links = await deps.repo.links(userId);
      return {
        credentials: links.filter((l) => l.is_active).map((l) => view(deps, l)),
        environments: (['paper', 'live'] as const).map((environment) => ({ environment, ...deps.target(environment) })),
      };
    },

    /** Saves the key pair (spec part 3 §4: compliance_acknowledged false until acknowledged, not yet validated). */
    async saveCredentials(userId: string, environment: BrokerEnvironment, body: CredentialsBody): Promise<Result<LinkView>> {
      await deps.keys.save(userId, environment, { apiKey: body.apiKey, apiSecret: body.apiSecret });
      const at = now();
      const previous = await deps.repo.link(userId, environment);
      const link: BrokerLink = {
        environment,
        key_id_masked: maskKeyId(body.apiKey),
        options_trading_level: body.optionsTradingLevel,
        compliance_acknowledged: false,
        compliance_acknowledged_at: null,
        last_validated_at: null,
        is_active: true,
        created_at: previous?.created_at ?? at,
        updated_at: at,
        account: null,
      };
      await deps.repo.putLink(userId, link);
      log(deps, userId, environment, 'credentials_saved', { key_id: link.key_id_masked, options_trading_level: link.options_trading_level });
      return ok(view(deps, link));
    },

    /** Calls GET /v2/account with the saved keys; on success keeps the account figures and last_validated_at. */
    async validateCredentials(
      userId: string,
      environment: BrokerEnvironment,
    ): Promise<Result<{ valid: boolean; message?: string; reason?: string; credentials: LinkView }>> {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await found.value.api.account();
      if (!res.ok) {
        log(deps, userId, environment, 'credentials_validation_failed', { reason: res.error.message });
        return ok({ valid: false, message: VALIDATION_FAILED, reason: res.error.message, credentials: view(deps, found.value.link) });
      }
      const at = now();
      const link: BrokerLink = {
        ...found.value.link,
        last_validated_at: at,
        updated_at: at,
        account: accountInfo(res.value, found.value.link.options_trading_level, at),
      };
      await deps.repo.putLink(userId, link);
      log(deps, userId, environment, 'credentials_validated', {
        account_number: res.value.account_number,
        options_approved_level: res.value.options_approved_level ?? null,
      });
      return ok({ valid: true, credentials: view(deps, link) });
    },

    async deleteCredentials(userId: string, environment: BrokerEnvironment): Promise<Result<{ deleted: BrokerEnvironment }>> {
      const link = await deps.repo.link(userId, environment);
      if (!link) return credentialsNotFound();
      await deps.keys.remove(userId, environment);
      await deps.repo.removeLink(userId, environment);
      log(deps, userId, environment, 'credentials_deleted', { key_id: link.key_id_masked });
      return ok({ deleted: environment });
    },

    /** Step 4 of the wizard: options_risk and pdt_rules are required, margin_trading optional; each recorded at version '1.0'. */
    async acknowledge(userId: string, environment: BrokerEnvironment, disclosures: readonly string[]): Promise<Result<LinkView>> {
      const required = DISCLOSURES.filter((d) => d.required).map((d) => d.type);
      if (!required.every((t) => disclosures.includes(t))) return fail('bad_request', DISCLOSURES_REQUIRED);
      const link = await deps.repo.link(userId, environment);
      if (!link) return credentialsNotFound();
      const at = now();
      for (const type of new Set(disclosures))
        await deps.acknowledge(userId, { disclosure_type: type, disclosure_version: DISCLOSURE_VERSION, acknowledged_at: at });
      const next: BrokerLink = { ...link, compliance_acknowledged: true, compliance_acknowledged_at: at, updated_at: at };
      await deps.repo.putLink(userId, next);
      log(deps, userId, environment, 'compliance_acknowledged', { disclosures: [...new Set(disclosures)], version: DISCLOSURE_VERSION });
      return ok(view(deps, next));
    },

    async account(userId: string, environment: BrokerEnvironment) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await syncAccount(userId, environment, found.value.api, found.value.link);
      return res.ok ? ok({ environment, ...deps.target(environment), account: res.value }) : res;
    },

    async orders(userId: string, environment: BrokerEnvironment) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await syncOrders(userId, environment, found.value.api);
      return res.ok ? ok({ orders: res.value }) : res;
    },

    async order(userId: string, environment: BrokerEnvironment, id: string) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await found.value.api.getOrder(id);
      return res.ok ? ok({ order: orderRecord(res.value) }) : res;
    },

    async cancelOrder(userId: string, environment: BrokerEnvironment, id: string) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const { api } = found.value;
      const res = await api.cancelOrder(id);
      if (!res.ok) {
        log(deps, userId, environment, 'order_cancel_failed', { order_id: id, reason: res.error.message });
        return res;
      }
      log(deps, userId, environment, 'order_canceled', { order_id: id });
      const after = await api.getOrder(id);
      void syncOrders(userId, environment, api).catch((err: unknown) => warn(deps)('broker order sync failed', err));
      return after.ok ? ok({ order: orderRecord(after.value) }) : after;
    },

    async positions(userId: string, environment: BrokerEnvironment) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await syncPositions(userId, environment, found.value.api);
      return res.ok ? ok({ positions: res.value }) : res;
    },

    async closePosition(userId: string, environment: BrokerEnvironment, symbol: string, qty?: number) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      if (qty !== undefined && !(Number.isInteger(qty) && qty > 0)) return fail('bad_request', 'Options orders must have whole number quantities');
      const res = await found.value.api.closePosition(symbol, qty);
      if (!res.ok) {
        log(deps, userId, environment, 'position_close_failed', { symbol, reason: res.error.message });
        return res;
      }
      log(deps, userId, environment, 'position_closed', { symbol, qty: qty ?? 'all', order_id: res.value.id });
      await syncPositions(userId, environment, found.value.api).catch((err: unknown) => warn(deps)('broker position sync failed', err));
      return ok({ order: orderRecord(res.value) });
    },

    async exercise(userId: string, environment: BrokerEnvironment, symbol: string) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await found.value.api.exercise(symbol);
      if (!res.ok) {
        log(deps, userId, environment, 'exercise_failed', { symbol, reason: res.error.message });
        return res;
      }
      log(deps, userId, environment, 'position_exercised', { symbol });
      const positions = await syncPositions(userId, environment, found.value.api);
      return ok({ exercised: symbol, positions: positions.ok ? positions.value : [] });
    },

    async contracts(userId: string, environment: BrokerEnvironment, query: { underlying: string; expiration?: string }) {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const res = await found.value.api.contracts({ underlying: query.underlying, expiration: query.expiration });
      if (!res.ok) return res;
      // Spec part 3 §7: bid and ask 2% either side of the close; volatility 0.25 and Greeks 0 are the spec's placeholders, not shown.
      return ok({
        contracts: res.value.map((c) => {
          const close = c.close_price === null || c.close_price === undefined ? null : Number(c.close_price);
          return {
            symbol: c.symbol,
            underlying_symbol: c.underlying_symbol,
            type: c.type,
            style: c.style,
            expiration_date: c.expiration_date,
            strike_price: Number(c.strike_price),
            size: Number(c.size ?? c.multiplier ?? 100),
            close_price: close,
            open_interest: c.open_interest === null || c.open_interest === undefined ? null : Number(c.open_interest),
            bid: close === null ? null : Math.round(close * 0.98 * 100) / 100,
            ask: close === null ? null : Math.round(close * 1.02 * 100) / 100,
          };
        }),
      });
    },

    /**
     * Places an order on the learner's Alpaca account (spec part 3 §5–§8): the order rules and the pre-trade compliance
     * on the broker's figures first (every check logged; an error blocks), then one Alpaca order with a client order id
     * derived from ours. A retry of the same clientOrderId (perhaps after a timeout) asks Alpaca for that order first,
     * so nothing is placed twice.
     */
    async placeOrder(
      userId: string,
      environment: BrokerEnvironment,
      request: OrderRequest,
    ): Promise<Result<{ order: BrokerOrderRecord; checks: ComplianceCheck[] }>> {
      const found = await apiFor(userId, environment);
      if (!found.ok) return found;
      const { api, link } = found.value;
      const claim = await deps.repo.claimOrderKey(userId, environment, request.clientOrderId, request);
      if (!claim.first) {
        const existing = await api.getOrderByClientId(alpacaClientOrderId(request.clientOrderId));
        if (!existing.ok) return existing;
        if (existing.value) return ok({ order: orderRecord(existing.value, request.strategy ?? null), checks: [] });
        // Never placed (the first attempt failed before reaching Alpaca): go on as a first attempt.
      }
      const release = () =>
        deps.repo.releaseOrderKey(userId, environment, request.clientOrderId).catch((err: unknown) => warn(deps)('order key release failed', err));

      const [account, positions] = await Promise.all([syncAccount(userId, environment, api, link), api.listPositions()]);
      if (!account.ok || !positions.ok) {
        await release();
        return !account.ok ? account : (positions as Extract<typeof positions, { ok: false }>);
      }
      const held = positions.value.map(positionRecord);
      const quotes = await deps.quotes.quotes(request.legs.map((l) => l.contract.toUpperCase()));
      const evaluation = evaluateLiveOrder(request, { account: account.value, positions: held, quotes });
      const at = deps.clock.now();
      const entries = complianceEntries(evaluation.checks, at);
      deps.logCompliance(userId, entries).catch((err: unknown) => warn(deps)('compliance log write failed', err));
      if (evaluation.invalid || !evaluation.canProceed) {
        await release();
        log(deps, userId, environment, 'order_blocked', {
          client_order_id: request.clientOrderId,
          checks: evaluation.checks.filter((c) => c.severity === 'error').map((c) => c.message),
        });
        if (evaluation.invalid) return fail('bad_request', evaluation.checks.map((c) => c.message).join(' '), { checks: evaluation.checks });
        const blocking = evaluation.checks.find((c) => c.severity === 'error');
        return fail('unprocessable', blocking?.message ?? 'The order was blocked by a compliance check.', { checks: evaluation.checks });
      }
      const body = toAlpacaOrder(request, new Map(held.map((p) => [p.symbol, p.quantity])));
      if (!body.ok) {
        await release();
        return body;
      }
      const placed = await api.placeOrder(body.value);
      if (!placed.ok) {
        // After a timeout the order may exist at Alpaca: the claim stays, and a retry looks it up first.
        if (placed.error.code !== 'gateway_timeout') await release();
        log(deps, userId, environment, 'order_failed', { client_order_id: request.clientOrderId, reason: placed.error.message });
        return placed;
      }
      const record = orderRecord(placed.value, request.strategy ?? null);
      await reportFill(userId, environment, record);
      log(deps, userId, environment, 'order_placed', {
        order_id: record.alpaca_order_id,
        client_order_id: record.client_order_id,
        symbol: record.symbol,
        status: record.status,
        legs: request.legs.length,
      });
      await syncOrders(userId, environment, api, record).catch((err: unknown) => warn(deps)('broker order sync failed', err));
      return ok({ order: record, checks: evaluation.checks });
    },

    async activity(userId: string, environment: BrokerEnvironment) {
      return { activity: await deps.repo.activity(userId, environment, 50) };
    },

    /** The synced records (what a live screen shows at once, before the next sync answers). */
    async synced(userId: string, environment: BrokerEnvironment) {
      const [link, orders, positions] = await Promise.all([
        deps.repo.link(userId, environment),
        deps.repo.orders(userId, environment),
        deps.repo.positions(userId, environment),
      ]);
      return { account: link?.account ?? null, orders, positions };
    },
  };
}

export type BrokerService = ReturnType<typeof brokerService>;

function complianceEntries(checks: readonly ComplianceCheck[], now: Date): ComplianceLogEntry[] {
  const action = canProceed(checks) ? 'approved' : 'blocked';
  return checks.map((c) => ({
    compliance_type: c.type,
    check_result: c.severity === 'error' ? 'failed' : c.severity === 'warning' ? 'warning' : 'passed',
    details: { message: c.message, broker: 'alpaca', ...c.details },
    action_taken: action,
    trade_date: newYorkParts(now).date,
    created_at: now.toISOString(),
  }));
}
