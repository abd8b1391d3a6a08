import { analysisApi } from '@shared/analysis/analysis.api';
import { nextIngestionAt, type AnalysisReader } from '@shared/analysis/analysis-reader';
import type { MarketStore } from '@shared/market/market-store.port';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import type { Clock } from '@shared/ports/clock.port';
import { ok, type Result } from '@shared/result';
import { failure, httpApi, okRaw, respond, route, type HttpResponse } from '../commons/http';
import { ingestionRun } from '../commons/ingestion-run';
import { snapshotCache } from '../commons/snapshot-cache';
import { analysisDeps } from '../wiring/analysis';

/**
 * The market-analysis routes (issue 22, shared/analysis/analysis.api.ts): end-of-day answers computed from the daily
 * summaries and the latest chains. Each answer is computed once per ingestion run and kept in the warm handler, keyed
 * by the sync status's last run (read at most every STATUS_FRESH_MS); browsers and CloudFront may keep it until the
 * next scheduled ingestion (Cache-Control), and revalidate with its ETag.
 */
export interface AnalysisHandlerDeps {
  reader: AnalysisReader;
  market: Pick<MarketStore, 'getStatus'>;
  clock: Clock;
}

export function makeAnalysisHandler(deps: AnalysisHandlerDeps) {
  /** Each answer per ingestion run, a not-found one too (it is not serialised: only its failure is answered). */
  const cache = snapshotCache<Result<unknown>>({ serialise: (read) => (read.ok ? JSON.stringify(read.value) : '') });
  /** The last ingestion run (its finish time), re-read at most every 10 s. */
  const currentRun = ingestionRun(deps.market, deps.clock);

  const cacheControl = () => {
    const now = deps.clock.now();
    const seconds = Math.max(60, Math.round((nextIngestionAt(now).getTime() - now.getTime()) / 1000));
    return `public, max-age=${seconds}`;
  };

  /** One answer, cached per ingestion run (a tracked underlying's 404 before its first data too; any other ticker is not kept). */
  async function answer(key: string, compute: () => Promise<Result<unknown>>): Promise<HttpResponse> {
    const underlying = key.split('|')[1];
    if (underlying && !TRACKED_UNDERLYINGS.includes(underlying)) return respond(await compute());
    const hit = await cache.answer(key, await currentRun(), compute);
    if (!hit.value.ok) return failure(hit.value.error);
    return okRaw(hit.text, { 'cache-control': cacheControl(), etag: hit.etag });
  }

  return httpApi({
    'GET /api/analysis/{underlying}/summary': route(analysisApi['GET /api/analysis/{underlying}/summary'], ({ params }) =>
      answer(`summary|${params.underlying.toUpperCase()}`, () => deps.reader.summary(params.underlying)),
    ),
    'GET /api/analysis/{underlying}/sentiment': route(analysisApi['GET /api/analysis/{underlying}/sentiment'], ({ params }) =>
      answer(`sentiment|${params.underlying.toUpperCase()}`, () => deps.reader.sentiment(params.underlying)),
    ),
    'GET /api/analysis/{underlying}/events': route(analysisApi['GET /api/analysis/{underlying}/events'], ({ params }) =>
      answer(`events|${params.underlying.toUpperCase()}`, () => deps.reader.events(params.underlying)),
    ),
    'GET /api/analysis/{underlying}/regime': route(analysisApi['GET /api/analysis/{underlying}/regime'], ({ params }) =>
      answer(`regime|${params.underlying.toUpperCase()}`, () => deps.reader.regime(params.underlying)),
    ),
    'GET /api/analysis/heatmap': route(analysisApi['GET /api/analysis/heatmap'], () => answer('heatmap', async () => ok(await deps.reader.heatmap()))),
  });
}

export const handler = makeAnalysisHandler(analysisDeps());
