import { predictionApi } from '@shared/prediction/prediction.api';
import { calibration } from '@shared/prediction/read-model/calibration';
import { marketDetail, type MarketDetailDeps } from '@shared/prediction/read-model/market-detail';
import { marketsList, type MarketsListDeps } from '@shared/prediction/read-model/markets-list';
import { httpApi, okRaw, respond, route } from '../commons/http';
import { snapshotCache } from '../commons/snapshot-cache';
import { predictionReadDeps } from '../wiring/prediction-markets';

export type PredictionMarketsReadDeps = MarketsListDeps & MarketDetailDeps;

/**
 * How long a warm handler serves an answer it made: the same for every learner (nothing in it is theirs), it changes
 * only when markets are made or resolved, trading stops or learners trade, so a few seconds late is still right and
 * twenty readers at once cost one read of the stored markets.
 */
export const ANSWER_SECONDS = { list: 5, market: 5, calibration: 60 } as const;

/** The demo prediction markets' reads (shared/prediction/prediction.api.ts): the list, a market's page, the calibration chart. */
export function makePredictionMarketsHandler(deps: PredictionMarketsReadDeps) {
  const api = predictionApi;
  const answers = snapshotCache<unknown>({ maxEntries: 500 });
  const period = (seconds: number) => String(Math.floor(deps.clock.now().getTime() / (seconds * 1000)));
  const kept = async (name: string, seconds: number, make: () => Promise<unknown>) => {
    const answer = await answers.answer(name, period(seconds), make);
    return okRaw(answer.text, { etag: answer.etag });
  };
  return httpApi({
    // One answer kept per underlying asked for (the query only admits the tracked ones), and one for the default.
    'GET /api/predictions/markets': route(api['GET /api/predictions/markets'], ({ query }) =>
      kept(`list:${query.underlying ?? ''}`, ANSWER_SECONDS.list, () => marketsList(deps, query.underlying)),
    ),
    'GET /api/predictions/markets/{marketId}': route(api['GET /api/predictions/markets/{marketId}'], async ({ params }) => {
      const name = `market:${params.marketId}`;
      const hit = answers.peek(name);
      if (hit && hit.version === period(ANSWER_SECONDS.market)) return okRaw(hit.text, { etag: hit.etag });
      const result = await marketDetail(deps, params.marketId);
      // Only a market's page is kept: a bad or unknown id is answered each time and fills no room.
      return result.ok ? kept(name, ANSWER_SECONDS.market, async () => result.value) : respond(result);
    }),
    'GET /api/predictions/calibration': route(api['GET /api/predictions/calibration'], () =>
      kept('calibration', ANSWER_SECONDS.calibration, () => calibration(deps)),
    ),
  });
}

export const handler = makePredictionMarketsHandler(predictionReadDeps());
