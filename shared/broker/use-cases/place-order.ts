import type { ComplianceCheck } from '../../compliance/checks';
import { complianceEntries } from '../../paper/use-cases/compliance-log';
import { fail, ok, type Result } from '../../result';
import type { OrderRequest } from '../../trading/order';
import type { BrokerOrderRecord } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import { evaluateLiveOrder } from '../live-compliance';
import { alpacaClientOrderId, orderRecord, positionRecord, toAlpacaOrder } from '../order-mapping';
import { logActivity, openApi, warn, type BrokerDeps } from './deps';
import { refreshAccount, refreshOrders, reportFill } from './sync';

/**
 * Places an order on the learner's Alpaca account (spec part 3 §5–§8): the order rules and the pre-trade compliance
 * on the broker's figures first (every check logged; an error blocks), then one Alpaca order with a client order id
 * derived from ours. A retry of the same clientOrderId (perhaps after a timeout) asks Alpaca for that order first,
 * so nothing is placed twice.
 */
export async function placeOrder(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
  request: OrderRequest,
): Promise<Result<{ order: BrokerOrderRecord; checks: ComplianceCheck[] }>> {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const { api, link } = found.value;
  const claim = await deps.repo.claimOrderKey(userId, environment, request.clientOrderId, request);
  if (!claim.first) {
    const existing = await api.getOrderByClientId(alpacaClientOrderId(request.clientOrderId));
    if (!existing.ok) return existing;
    if (existing.value) {
      // Placed by the first attempt: answered as it is now, and the stored orders synced as after a first placement.
      const record = orderRecord(existing.value, request.strategy ?? null);
      await refreshOrders(deps, userId, environment, api, record).catch((err: unknown) => warn(deps)('broker order sync failed', err));
      return ok({ order: record, checks: [] });
    }
    // Never placed (the first attempt failed before reaching Alpaca): go on as a first attempt.
  }
  const release = () =>
    deps.repo.releaseOrderKey(userId, environment, request.clientOrderId).catch((err: unknown) => warn(deps)('order key release failed', err));

  const [account, positions] = await Promise.all([refreshAccount(deps, userId, environment, api, link), api.listPositions()]);
  if (!account.ok || !positions.ok) {
    await release();
    return !account.ok ? account : (positions as Extract<typeof positions, { ok: false }>);
  }
  const held = positions.value.map(positionRecord);
  const quotes = await deps.quotes.quotes(request.legs.map((l) => l.contract.toUpperCase()));
  const evaluation = evaluateLiveOrder(request, { account: account.value, positions: held, quotes });
  // Spec part 3 §7: every check is logged as the paper account logs it, marked with the broker; a failed write is only logged.
  deps
    .logCompliance(userId, complianceEntries(evaluation.checks, deps.clock.now(), { broker: 'alpaca' }))
    .catch((err: unknown) => warn(deps)('compliance log write failed', err));
  if (evaluation.invalid || !evaluation.canProceed) {
    await release();
    logActivity(deps, userId, environment, 'order_blocked', {
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
    logActivity(deps, userId, environment, 'order_failed', { client_order_id: request.clientOrderId, reason: placed.error.message });
    return placed;
  }
  const record = orderRecord(placed.value, request.strategy ?? null);
  await reportFill(deps, userId, environment, record);
  logActivity(deps, userId, environment, 'order_placed', {
    order_id: record.alpaca_order_id,
    client_order_id: record.client_order_id,
    symbol: record.symbol,
    status: record.status,
    legs: request.legs.length,
  });
  await refreshOrders(deps, userId, environment, api, record).catch((err: unknown) => warn(deps)('broker order sync failed', err));
  return ok({ order: record, checks: evaluation.checks });
}
