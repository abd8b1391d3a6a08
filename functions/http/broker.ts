import { brokerApi } from '@shared/broker/broker.api';
import { acknowledgeDisclosures } from '@shared/broker/use-cases/acknowledge';
import { cancelOrder } from '@shared/broker/use-cases/cancel-order';
import { closePosition } from '@shared/broker/use-cases/close-position';
import { contracts } from '@shared/broker/use-cases/contracts';
import { deleteCredentials } from '@shared/broker/use-cases/delete-credentials';
import type { BrokerDeps } from '@shared/broker/use-cases/deps';
import { exercise } from '@shared/broker/use-cases/exercise';
import { listCredentials } from '@shared/broker/use-cases/list-credentials';
import { placeOrder } from '@shared/broker/use-cases/place-order';
import { readAccount } from '@shared/broker/use-cases/read-account';
import { readOrder } from '@shared/broker/use-cases/read-order';
import { readOrders } from '@shared/broker/use-cases/read-orders';
import { readPositions } from '@shared/broker/use-cases/read-positions';
import { saveCredentials } from '@shared/broker/use-cases/save-credentials';
import { syncBroker } from '@shared/broker/use-cases/sync';
import { validateCredentials } from '@shared/broker/use-cases/validate-credentials';
import { created, httpApi, ok, respond, route } from '../commons/http';
import { brokerDeps } from '../wiring/broker';

/**
 * The brokerage routes (shared/broker/broker.api.ts): each parses its input and calls one use case of
 * shared/broker/use-cases/. The learner's key pair arrives in one body (PUT credentials) and is never in an answer.
 * The account, orders and positions GETs read what the last sync stored; POST .../sync is the command that fetches.
 * The order routes here are deprecated aliases of POST and DELETE /api/orders (the same broker use cases).
 */
export function makeBrokerHandler(deps: BrokerDeps) {
  const api = brokerApi;
  return httpApi({
    'GET /api/broker/credentials': route(api['GET /api/broker/credentials'], async ({ user }) => ok(await listCredentials(deps, user.sub))),
    'PUT /api/broker/{environment}/credentials': route(api['PUT /api/broker/{environment}/credentials'], async ({ user, params, body }) =>
      respond(await saveCredentials(deps, user.sub, params.environment, body), (credentials) => ok({ credentials })),
    ),
    'POST /api/broker/{environment}/credentials/validate': route(api['POST /api/broker/{environment}/credentials/validate'], async ({ user, params }) =>
      respond(await validateCredentials(deps, user.sub, params.environment)),
    ),
    'DELETE /api/broker/{environment}/credentials': route(api['DELETE /api/broker/{environment}/credentials'], async ({ user, params }) =>
      respond(await deleteCredentials(deps, user.sub, params.environment)),
    ),
    'POST /api/broker/{environment}/acknowledgements': route(api['POST /api/broker/{environment}/acknowledgements'], async ({ user, params, body }) =>
      respond(await acknowledgeDisclosures(deps, user.sub, params.environment, body.disclosures), (credentials) => created({ credentials })),
    ),
    'POST /api/broker/{environment}/sync': route(api['POST /api/broker/{environment}/sync'], async ({ user, params }) =>
      respond(await syncBroker(deps, user.sub, params.environment)),
    ),
    'GET /api/broker/{environment}/account': route(api['GET /api/broker/{environment}/account'], async ({ user, params }) =>
      respond(await readAccount(deps, user.sub, params.environment)),
    ),
    'GET /api/broker/{environment}/orders': route(api['GET /api/broker/{environment}/orders'], async ({ user, params }) =>
      respond(await readOrders(deps, user.sub, params.environment)),
    ),
    'POST /api/broker/{environment}/orders': route(api['POST /api/broker/{environment}/orders'], async ({ user, params, body }) =>
      respond(await placeOrder(deps, user.sub, params.environment, body), created),
    ),
    'GET /api/broker/{environment}/orders/{id}': route(api['GET /api/broker/{environment}/orders/{id}'], async ({ user, params }) =>
      respond(await readOrder(deps, user.sub, params.environment, params.id)),
    ),
    'DELETE /api/broker/{environment}/orders/{id}': route(api['DELETE /api/broker/{environment}/orders/{id}'], async ({ user, params }) =>
      respond(await cancelOrder(deps, user.sub, params.environment, params.id)),
    ),
    'GET /api/broker/{environment}/positions': route(api['GET /api/broker/{environment}/positions'], async ({ user, params }) =>
      respond(await readPositions(deps, user.sub, params.environment)),
    ),
    'DELETE /api/broker/{environment}/positions/{symbol}': route(api['DELETE /api/broker/{environment}/positions/{symbol}'], async ({ user, params, query }) =>
      respond(await closePosition(deps, user.sub, params.environment, params.symbol, query.qty)),
    ),
    'POST /api/broker/{environment}/positions/{symbol}/exercise': route(
      api['POST /api/broker/{environment}/positions/{symbol}/exercise'],
      async ({ user, params }) => respond(await exercise(deps, user.sub, params.environment, params.symbol)),
    ),
    'GET /api/broker/{environment}/contracts': route(api['GET /api/broker/{environment}/contracts'], async ({ user, params, query }) =>
      respond(await contracts(deps, user.sub, params.environment, query)),
    ),
  });
}

export const handler = makeBrokerHandler(brokerDeps());
