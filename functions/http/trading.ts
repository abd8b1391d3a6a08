import { DISCLOSURES } from '@shared/compliance/disclosures';
import { paperApi } from '@shared/paper/paper.api';
import type { PaperAccountService } from '@shared/paper/paper-account';
import type { PaperAccountRepository } from '@shared/paper/paper.port';
import { STARTING_CAPITALS } from '@shared/paper/types';
import type { Clock } from '@shared/ports/clock.port';
import type { Result } from '@shared/result';
import { placeAs, type AgentOrderDeps } from '@shared/trading/agent-orders';
import { listAccounts } from '@shared/trading/list-accounts';
import { PAPER_ACCOUNT_ID, type OrderVenue } from '@shared/trading/order-venue.port';
import { cancelOrder } from '@shared/trading/cancel-order';
import { listOrders } from '@shared/trading/list-orders';
import { placeOrder } from '@shared/trading/place-order';
import { created, httpApi, ok, respond, route, type HttpResponse } from '../commons/http';
import { BUSINESS_METRICS, countMetric } from '../commons/powertools';
import { tradingDeps } from '../wiring/trading';

/** Orders placed and blocked by a compliance check, and fills, for the operators' dashboard. */
function countOrder(result: Result<{ order: { status: string } | null }>): void {
  if (!result.ok) {
    if (result.error.code === 'unprocessable') countMetric(BUSINESS_METRICS.ordersBlocked);
    return;
  }
  countMetric(BUSINESS_METRICS.ordersPlaced);
  if (result.value.order?.status === 'filled') countMetric(BUSINESS_METRICS.fills);
}

/** An order's answer; an agent token over its orders a minute is told when to try again (Retry-After, in seconds). */
function placed<T>(result: Result<T>): HttpResponse {
  const res = respond(result, created);
  const retryAfter = result.ok ? undefined : result.error.details?.retryAfter;
  return typeof retryAfter === 'number' ? { ...res, headers: { ...res.headers, 'Retry-After': String(retryAfter) } } : res;
}

/**
 * The paper account's routes (shared/paper/paper.api.ts): each parses its input and calls one use case. A request made
 * with an agent token (`user.agent`) places, closes and cancels on the paper account only, within the token's orders a
 * minute (`agentOrders`), and what it books is marked with the token's name.
 */
export function makeTradingHandler(deps: {
  paper: PaperAccountService;
  venues: readonly OrderVenue[];
  /** The learner's competition accounts' venues (issue 39): the running seasons', and the one `accountId` names. */
  competitionVenues?: (accountId?: string) => readonly OrderVenue[];
  repo: PaperAccountRepository;
  clock: Clock;
  agentOrders: AgentOrderDeps;
}) {
  const { paper } = deps;
  const api = paperApi;
  // The venues a request can use: the static ones, and the competition accounts (shared/competitions/competition-venue.ts).
  const venuesFor = (accountId?: string): readonly OrderVenue[] =>
    deps.competitionVenues ? [...deps.venues, ...deps.competitionVenues(accountId)] : deps.venues;
  return httpApi({
    'GET /api/accounts': route(api['GET /api/accounts'], async ({ user }) =>
      ok({ ...(await listAccounts(venuesFor(), user.sub)), startingCapitals: [...STARTING_CAPITALS] }),
    ),

    'POST /api/account': route(api['POST /api/account'], async ({ user, body }) =>
      respond(await paper.openAccount(user.sub, body.startingCapital, body.optionsLevel), created),
    ),

    'POST /api/account/reset': route(api['POST /api/account/reset'], async ({ user, body }) =>
      respond(await paper.resetAccount(user.sub, body.startingCapital)),
    ),

    'PUT /api/account/settings': route(api['PUT /api/account/settings'], async ({ user, body }) =>
      respond(await paper.updateSettings(user.sub, body), (settings) => ok({ settings })),
    ),

    'GET /api/portfolio': route(api['GET /api/portfolio'], async ({ user }) => respond(await paper.portfolio(user.sub))),

    'POST /api/orders': route(api['POST /api/orders'], async ({ user, body }) => {
      const result = await placeOrder(venuesFor(body.accountId), user.sub, body, { agent: user.agent, limits: deps.agentOrders });
      countOrder(result);
      return placed(result);
    }),

    'GET /api/orders': route(api['GET /api/orders'], async ({ user, query }) =>
      respond(await listOrders(venuesFor(query.accountId), user.sub, query), (orders) => ok({ orders })),
    ),

    'DELETE /api/orders/{id}': route(api['DELETE /api/orders/{id}'], async ({ user, params, query }) =>
      respond(await cancelOrder(venuesFor(query.accountId), user.sub, params.id, query.accountId, user.agent), (order) => ok({ order })),
    ),

    'POST /api/positions/{contract}/close': route(api['POST /api/positions/{contract}/close'], async ({ user, params, body }) => {
      const result = await placeAs(deps.agentOrders, user.agent, PAPER_ACCOUNT_ID, (agentCount) =>
        paper.closePosition(user.sub, params.contract, {
          quantity: body?.quantity,
          clientOrderId: body?.clientOrderId,
          whenClosed: body?.whenClosed,
          agent: user.agent?.name,
          agentCount,
        }),
      );
      countOrder(result);
      return placed(result);
    }),

    'POST /api/strategies/{id}/close': route(api['POST /api/strategies/{id}/close'], async ({ user, params, body }) => {
      const result = await placeAs(deps.agentOrders, user.agent, PAPER_ACCOUNT_ID, (agentCount) =>
        paper.closeStrategy(user.sub, params.id, { ...body, agent: user.agent?.name, agentCount }),
      );
      countOrder(result);
      return placed(result);
    }),

    'PUT /api/positions/{contract}/group': route(api['PUT /api/positions/{contract}/group'], async ({ user, params, body }) =>
      respond(await paper.regroupPosition(user.sub, params.contract, body), (group) => ok({ group })),
    ),

    'POST /api/positions/{contract}/exercise': route(api['POST /api/positions/{contract}/exercise'], async ({ user, params, body }) =>
      respond(await paper.exercise(user.sub, params.contract, body?.quantity)),
    ),

    'POST /api/compliance/pretrade': route(api['POST /api/compliance/pretrade'], async ({ user, body }) => respond(await paper.preTrade(user.sub, body))),

    'GET /api/compliance/summary': route(api['GET /api/compliance/summary'], async ({ user, query }) =>
      ok(await paper.complianceSummary(user.sub, query.days)),
    ),

    'GET /api/compliance/disclosures': route(api['GET /api/compliance/disclosures'], async ({ user }) => {
      const acks = await deps.repo.disclosures(user.sub);
      return ok({
        disclosures: DISCLOSURES.map((d) => ({
          ...d,
          acknowledgedAt: acks.find((a) => a.disclosure_type === d.type && a.disclosure_version === d.version)?.acknowledged_at ?? null,
        })),
      });
    }),

    'POST /api/compliance/disclosures': route(api['POST /api/compliance/disclosures'], async ({ user, body }) => {
      const ack = { disclosure_type: body.type, disclosure_version: body.version, acknowledged_at: deps.clock.now().toISOString() };
      await deps.repo.acknowledge(user.sub, ack);
      return created(ack);
    }),
  });
}

export const handler = makeTradingHandler(tradingDeps());
