import { ok, type Result } from '../../result';
import type { AlpacaApi, BrokerAccountInfo, BrokerLink, BrokerOrderRecord, BrokerPositionRecord } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import { liveFillEvents } from '../live-events';
import { accountInfo, orderRecord, positionRecord } from '../order-mapping';
import { nowIso, openApi, warn, type BrokerDeps } from './deps';

/**
 * Syncing the learner's Alpaca account into the table: the one command that writes what the broker's GETs read
 * (account figures, the 100 newest orders, positions), each with the time of the sync. A fill found by a sync is
 * published once (OrderPlaced and OrderFilled marked live, through the outbox, with a marker of the order in the same
 * transaction), so syncing again changes nothing but the time: the command is idempotent.
 */
export interface SyncView {
  environment: BrokerEnvironment;
  host: string;
  standIn: boolean;
  syncedAt: string;
  account: BrokerAccountInfo;
  orders: BrokerOrderRecord[];
  positions: BrokerPositionRecord[];
}

export async function syncBroker(deps: BrokerDeps, userId: string, environment: BrokerEnvironment): Promise<Result<SyncView>> {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const { api, link } = found.value;
  const [account, orders, positions] = await Promise.all([fetchAccount(deps, api, link), fetchOrders(deps, userId, environment, api), fetchPositions(api)]);
  if (!account.ok) return account;
  if (!orders.ok) return orders;
  if (!positions.ok) return positions;
  const syncedAt = nowIso(deps);
  await deps.repo.saveSync(userId, environment, { account: account.value, orders: orders.value, positions: positions.value, at: syncedAt });
  return ok({ environment, ...deps.target(environment), syncedAt, account: account.value, orders: orders.value, positions: positions.value });
}

async function fetchAccount(deps: BrokerDeps, api: AlpacaApi, link: BrokerLink): Promise<Result<BrokerAccountInfo>> {
  const res = await api.account();
  return res.ok ? ok(accountInfo(res.value, link.options_trading_level, nowIso(deps))) : res;
}

async function fetchPositions(api: AlpacaApi): Promise<Result<BrokerPositionRecord[]>> {
  const res = await api.listPositions();
  return res.ok ? ok(res.value.map(positionRecord)) : res;
}

/** Alpaca's orders with the strategy names we gave them; a fill since the last sync is reported (once) on the way. */
async function fetchOrders(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
  api: AlpacaApi,
  placed?: BrokerOrderRecord,
): Promise<Result<BrokerOrderRecord[]>> {
  const res = await api.listOrders({ status: 'all', limit: 100 });
  if (!res.ok) return res;
  // The strategy names the builder gave are ours, not Alpaca's: kept from the previous sync and the order just placed.
  const previous = (await deps.repo.syncedOrders(userId, environment)).orders;
  const known = new Map(previous.map((o) => [o.alpaca_order_id, o.strategy]));
  if (placed) known.set(placed.alpaca_order_id, placed.strategy);
  const before = new Map(previous.map((o) => [o.alpaca_order_id, o.status]));
  const orders = res.value.map((o) => orderRecord(o, known.get(o.id) ?? null));
  for (const o of orders) if (o.status === 'filled' && before.get(o.alpaca_order_id) !== 'filled') await reportFill(deps, userId, environment, o);
  return ok(orders);
}

/** Publishes a filled order's events once (the repository's marker); a failed write is retried by the next sync. */
export async function reportFill(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, order: BrokerOrderRecord): Promise<void> {
  const events = liveFillEvents(deps.ids, userId, environment, order);
  if (!events) return;
  try {
    await deps.repo.recordFill(userId, environment, order.alpaca_order_id, events);
  } catch (err) {
    warn(deps)('live fill events not written', err);
  }
}

/** The account's figures fresh from Alpaca, stored (the pre-trade checks of an order decide on them). */
export async function refreshAccount(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, api: AlpacaApi, link: BrokerLink) {
  const account = await fetchAccount(deps, api, link);
  if (account.ok) await deps.repo.saveSync(userId, environment, { account: account.value, at: account.value.last_synced_at });
  return account;
}

/** The positions fresh from Alpaca, stored, after a command changed them (a close, an exercise). */
export async function refreshPositions(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, api: AlpacaApi) {
  const positions = await fetchPositions(api);
  if (positions.ok) await deps.repo.saveSync(userId, environment, { positions: positions.value, at: nowIso(deps) });
  return positions;
}

/** The orders fresh from Alpaca, stored, after a command changed them (a placement, a cancel). */
export async function refreshOrders(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, api: AlpacaApi, placed?: BrokerOrderRecord) {
  const orders = await fetchOrders(deps, userId, environment, api, placed);
  if (orders.ok) await deps.repo.saveSync(userId, environment, { orders: orders.value, at: nowIso(deps) });
  return orders;
}
