import { z } from 'zod';
import { DISCLOSURES } from '@shared/compliance/disclosures';
import type { TradingService, Result } from '@shared/paper/trading-service';
import { STARTING_CAPITALS } from '@shared/paper/types';
import type { TradingRepository } from '@shared/paper/paper.port';
import type { Clock } from '@shared/ports/clock.port';
import { appError } from '../commons/errors';
import { created, failure, httpApi, ok, route, type HttpResponse } from '../commons/http';
import { tradingDeps } from '../commons/trading-wiring';
import { dynamoTradingRepository } from '../adapters/dynamo/trading-repository';

const Contract = z.string().regex(/^(O:)?[A-Za-z][A-Za-z0-9.]{0,5}\d{6}[CPcp]\d{8}$/, 'must be an OCC option symbol such as SPY261218C00600000');
const Symbol = z.string().regex(/^[A-Za-z][A-Za-z0-9.:]{0,24}$/, 'must be an option symbol or a ticker');
const Capital = z.union(STARTING_CAPITALS.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<10000>, z.ZodLiteral<25000>, z.ZodLiteral<100000>], {
  error: 'must be 10000, 25000 or 100000',
});

/** Shape only; the business rules (whole quantities, day orders, limit prices) answer with the spec's words. */
export const OrderBody = z.object({
  clientOrderId: z
    .string()
    .min(1, 'is required')
    .max(64, 'at most 64 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'),
  type: z.enum(['market', 'limit'], { error: "must be 'market' or 'limit'" }),
  limitPrice: z.number().finite().min(-100_000).max(100_000).optional(),
  timeInForce: z.string().min(1).max(10),
  legs: z
    .array(
      z.object({
        contract: Contract,
        side: z.enum(['buy', 'sell'], { error: "must be 'buy' or 'sell'" }),
        quantity: z.number().finite().max(10_000, 'at most 10,000 contracts'),
      }),
    )
    .min(1, 'an order needs at least one leg')
    .max(4, 'an order has at most 4 legs'),
  strategy: z.string().max(60).optional(),
});

const respond = <T>(result: Result<T>, onOk: (value: T) => HttpResponse): HttpResponse =>
  result.ok ? onOk(result.value) : failure(appError(result.error.code, result.error.message, result.error.details));

export function makeTradingHandler(deps: { service: TradingService; repo: TradingRepository; clock: Clock }) {
  const { service } = deps;
  return httpApi({
    'GET /api/accounts': route({ auth: 'user' }, async ({ user }) => {
      const portfolio = await service.portfolio(user.sub);
      const accounts = portfolio.ok
        ? [
            {
              id: 'paper',
              name: 'Paper Trading',
              displayName: 'Paper Trading',
              description: 'Virtual money: practise safely',
              mode: 'paper',
              broker: null,
              balance: portfolio.value.account.equity,
              currency: 'USD',
              isConnected: true,
            },
          ]
        : [];
      return ok({ accounts, needsSetup: !portfolio.ok, startingCapitals: STARTING_CAPITALS });
    }),

    'POST /api/account': route({ auth: 'user', body: z.object({ startingCapital: Capital }) }, async ({ user, body }) =>
      respond(await service.openAccount(user.sub, body.startingCapital), (v) => created(v)),
    ),

    'POST /api/account/reset': route({ auth: 'user', body: z.object({ startingCapital: Capital }) }, async ({ user, body }) =>
      respond(await service.resetAccount(user.sub, body.startingCapital), (v) => ok(v)),
    ),

    'PUT /api/account/settings': route(
      {
        auth: 'user',
        body: z
          .object({
            optionsLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'Trading level must be between 0 and 3' }).optional(),
            fillModel: z.enum(['bid-ask', 'mid', 'mid-plus'], { error: "must be 'bid-ask', 'mid' or 'mid-plus'" }).optional(),
            midShare: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
            commissionPerContract: z.number().min(0, 'cannot be negative').max(10, 'at most $10 a contract').optional(),
          })
          .refine((b) => Object.keys(b).length > 0, 'name at least one setting to change'),
      },
      async ({ user, body }) => respond(await service.updateSettings(user.sub, body), (settings) => ok({ settings })),
    ),

    'GET /api/portfolio': route({ auth: 'user' }, async ({ user }) => respond(await service.portfolio(user.sub), (v) => ok(v))),

    'POST /api/orders': route({ auth: 'user', body: OrderBody }, async ({ user, body }) =>
      respond(await service.placeOrder(user.sub, body), (v) => created(v)),
    ),

    'GET /api/orders': route(
      {
        auth: 'user',
        query: z.object({ status: z.enum(['open', 'filled', 'canceled', 'expired'], { error: 'must be open, filled, canceled or expired' }).optional() }),
      },
      async ({ user, query }) => ok({ orders: await service.listOrders(user.sub, query.status) }),
    ),

    'DELETE /api/orders/{id}': route(
      { auth: 'user', params: z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be an order id') }) },
      async ({ user, params }) => respond(await service.cancelOrder(user.sub, params.id), (order) => ok({ order })),
    ),

    'POST /api/positions/{contract}/close': route(
      {
        auth: 'user',
        params: z.object({ contract: Symbol }),
        body: z.object({ quantity: z.number().optional(), clientOrderId: z.string().max(64).optional() }).optional(),
      },
      async ({ user, params, body }) =>
        respond(await service.closePosition(user.sub, params.contract, { quantity: body?.quantity, clientOrderId: body?.clientOrderId }), (v) => created(v)),
    ),

    'POST /api/positions/{contract}/exercise': route(
      { auth: 'user', params: z.object({ contract: Contract }), body: z.object({ quantity: z.number().optional() }).optional() },
      async ({ user, params, body }) => respond(await service.exercise(user.sub, params.contract, body?.quantity), (v) => ok(v)),
    ),

    'POST /api/compliance/pretrade': route({ auth: 'user', body: OrderBody }, async ({ user, body }) =>
      respond(await service.preTrade(user.sub, body), (v) => ok(v)),
    ),

    'GET /api/compliance/summary': route(
      {
        auth: 'user',
        query: z.object({ days: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(30, 'the log keeps 30 days').default(30) }),
      },
      async ({ user, query }) => ok(await service.complianceSummary(user.sub, query.days)),
    ),

    'GET /api/compliance/disclosures': route({ auth: 'user' }, async ({ user }) => {
      const acks = await deps.repo.disclosures(user.sub);
      return ok({
        disclosures: DISCLOSURES.map((d) => ({
          ...d,
          acknowledgedAt: acks.find((a) => a.disclosure_type === d.type && a.disclosure_version === d.version)?.acknowledged_at ?? null,
        })),
      });
    }),

    'POST /api/compliance/disclosures': route(
      {
        auth: 'user',
        body: z.object({
          type: z.enum(['options_risk', 'pdt_rules', 'margin_trading'], { error: 'must be options_risk, pdt_rules or margin_trading' }),
          version: z.literal('1.0', { error: "must be '1.0'" }),
        }),
      },
      async ({ user, body }) => {
        const ack = { disclosure_type: body.type, disclosure_version: body.version, acknowledged_at: deps.clock.now().toISOString() };
        await deps.repo.acknowledge(user.sub, ack);
        return created(ack);
      },
    ),
  });
}

const wiring = tradingDeps();
export const handler = makeTradingHandler({ service: wiring.service, repo: dynamoTradingRepository(), clock: wiring.clock });
