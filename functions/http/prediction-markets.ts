import { predictionApi } from '@shared/prediction/prediction.api';
import { calibration } from '@shared/prediction/read-model/calibration';
import { marketDetail, type MarketDetailDeps } from '@shared/prediction/read-model/market-detail';
import { marketsList, type MarketsListDeps } from '@shared/prediction/read-model/markets-list';
import { httpApi, ok, respond, route } from '../commons/http';
import { predictionReadDeps } from '../wiring/prediction-markets';

export type PredictionMarketsReadDeps = MarketsListDeps & MarketDetailDeps;

/** The demo prediction markets' reads (shared/prediction/prediction.api.ts): the list, a market's page, the calibration chart. */
export function makePredictionMarketsHandler(deps: PredictionMarketsReadDeps) {
  const api = predictionApi;
  return httpApi({
    'GET /api/predictions/markets': route(api['GET /api/predictions/markets'], async () => ok(await marketsList(deps))),
    'GET /api/predictions/markets/{marketId}': route(api['GET /api/predictions/markets/{marketId}'], async ({ params }) =>
      respond(await marketDetail(deps, params.marketId)),
    ),
    'GET /api/predictions/calibration': route(api['GET /api/predictions/calibration'], async () => ok(await calibration(deps))),
  });
}

export const handler = makePredictionMarketsHandler(predictionReadDeps());
