import { predictionApi } from '@shared/prediction/prediction.api';
import { accountView, orderView } from '@shared/prediction/read-model/account-view';
import { cancelOrder } from '@shared/prediction/use-cases/cancel-order';
import type { TradingDeps } from '@shared/prediction/use-cases/deps';
import { placeOrder } from '@shared/prediction/use-cases/place-order';
import { resetAccount } from '@shared/prediction/use-cases/reset-account';
import { created, httpApi, ok, respond, route } from '../commons/http';
import { predictionTradingDeps } from '../wiring/prediction-trading';

/**
 * Demo prediction trading (shared/prediction/prediction.api.ts): the learner's demo account, orders and cancels, each
 * route parsing its input and calling one use case; the learner only from the token. A retried order (its client id
 * already booked) answers 200 with the first order instead of 201.
 */
export function makePredictionTradingHandler(deps: TradingDeps) {
  const api = predictionApi;
  return httpApi({
    'GET /api/predictions/account': route(api['GET /api/predictions/account'], async ({ user }) => ok(await accountView(deps, user.sub))),
    'POST /api/predictions/account/reset': route(api['POST /api/predictions/account/reset'], async ({ user }) => respond(await resetAccount(deps, user.sub))),
    'POST /api/predictions/orders': route(api['POST /api/predictions/orders'], async ({ user, body }) =>
      respond(await placeOrder(deps, user.sub, body), (placed) => (placed.replayed ? ok(orderView(placed.order)) : created(orderView(placed.order)))),
    ),
    'DELETE /api/predictions/orders/{orderId}': route(api['DELETE /api/predictions/orders/{orderId}'], async ({ user, params }) =>
      respond(await cancelOrder(deps, user.sub, params.orderId), (order) => ok(orderView(order))),
    ),
  });
}

export const handler = makePredictionTradingHandler(predictionTradingDeps());
