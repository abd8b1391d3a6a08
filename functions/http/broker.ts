import { brokerApi } from '@shared/broker/broker.api';
import type { BrokerService } from '@shared/broker/broker-service';
import type { Result } from '@shared/result';
import { brokerWiring } from '../commons/broker-wiring';
import { created, failure, httpApi, ok, route, type HttpResponse } from '../commons/http';

const respond = <T>(result: Result<T>, onOk: (value: T) => HttpResponse = (v) => ok(v)): HttpResponse =>
  result.ok ? onOk(result.value) : failure(result.error);

/**
 * The brokerage routes (shared/broker/broker.api.ts): each parses its input and calls one use case of the broker
 * service. The learner's key pair arrives in one body (PUT credentials) and is never in an answer.
 */
export function makeBrokerHandler(broker: BrokerService) {
  const api = brokerApi;
  return httpApi({
    'GET /api/broker/credentials': route(api['GET /api/broker/credentials'], async ({ user }) => ok(await broker.credentials(user.sub))),
    'PUT /api/broker/credentials/{environment}': route(api['PUT /api/broker/credentials/{environment}'], async ({ user, params, body }) =>
      respond(await broker.saveCredentials(user.sub, params.environment, body), (credentials) => ok({ credentials })),
    ),
    'POST /api/broker/credentials/{environment}/validate': route(api['POST /api/broker/credentials/{environment}/validate'], async ({ user, params }) =>
      respond(await broker.validateCredentials(user.sub, params.environment)),
    ),
    'DELETE /api/broker/credentials/{environment}': route(api['DELETE /api/broker/credentials/{environment}'], async ({ user, params }) =>
      respond(await broker.deleteCredentials(user.sub, params.environment)),
    ),
    'POST /api/broker/{environment}/acknowledgements': route(api['POST /api/broker/{environment}/acknowledgements'], async ({ user, params, body }) =>
      respond(await broker.acknowledge(user.sub, params.environment, body.disclosures), (credentials) => created({ credentials })),
    ),
    'GET /api/broker/{environment}/account': route(api['GET /api/broker/{environment}/account'], async ({ user, params }) =>
      respond(await broker.account(user.sub, params.environment)),
    ),
    'GET /api/broker/{environment}/orders': route(api['GET /api/broker/{environment}/orders'], async ({ user, params }) =>
      respond(await broker.orders(user.sub, params.environment)),
    ),
    'POST /api/broker/{environment}/orders': route(api['POST /api/broker/{environment}/orders'], async ({ user, params, body }) =>
      respond(await broker.placeOrder(user.sub, params.environment, body), created),
    ),
    'GET /api/broker/{environment}/orders/{id}': route(api['GET /api/broker/{environment}/orders/{id}'], async ({ user, params }) =>
      respond(await broker.order(user.sub, params.environment, params.id)),
    ),
    'DELETE /api/broker/{environment}/orders/{id}': route(api['DELETE /api/broker/{environment}/orders/{id}'], async ({ user, params }) =>
      respond(await broker.cancelOrder(user.sub, params.environment, params.id)),
    ),
    'GET /api/broker/{environment}/positions': route(api['GET /api/broker/{environment}/positions'], async ({ user, params }) =>
      respond(await broker.positions(user.sub, params.environment)),
    ),
    'DELETE /api/broker/{environment}/positions/{symbol}': route(api['DELETE /api/broker/{environment}/positions/{symbol}'], async ({ user, params, query }) =>
      respond(await broker.closePosition(user.sub, params.environment, params.symbol, query.qty)),
    ),
    'POST /api/broker/{environment}/positions/{symbol}/exercise': route(
      api['POST /api/broker/{environment}/positions/{symbol}/exercise'],
      async ({ user, params }) => respond(await broker.exercise(user.sub, params.environment, params.symbol)),
    ),
    'GET /api/broker/{environment}/contracts': route(api['GET /api/broker/{environment}/contracts'], async ({ user, params, query }) =>
      respond(await broker.contracts(user.sub, params.environment, query)),
    ),
  });
}

export const handler = makeBrokerHandler(brokerWiring());
