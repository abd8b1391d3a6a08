import { ulid } from 'ulid';
import { arbitrageAnswer } from '@shared/analysis/arbitrage-view';
import { runScreen, type UnderlyingStatsSource } from '@shared/analysis/screener';
import { summaryStatsSource, volatilityHistory } from '@shared/analysis/summary-stats';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { screenerApi, type UnderlyingStats } from '@shared/analysis/screener.api';
import { deleteScreen, saveScreen, type ScreenRepository } from '@shared/analysis/screens';
import { surfaceAnswer, type VolHistory } from '@shared/analysis/surface-view';
import { newYorkParts } from '@shared/market/dates';
import type { MarketReader } from '@shared/market/market-reader';
import type { MarketStore } from '@shared/market/market-store.port';
import { RISK_FREE_RATE } from '@shared/market/underlyings';
import type { Clock } from '@shared/ports/clock.port';
import type { IdGenerator } from '@shared/ports/ids.port';
import { dynamoScreenRepository } from '../adapters/dynamo/screens-repository';
import { analysisChains, secondsUntilNextIngest } from '../commons/analysis-chains';
import { appError } from '../commons/errors';
import { created, failure, httpApi, noContent, ok, okRaw, respond, route } from '../commons/http';
import { snapshotCache } from '../commons/snapshot-cache';
import { marketDeps } from '../wiring/market';

export interface ScreenerHandlerDeps {
  reader: MarketReader;
  store: MarketStore;
  clock: Clock;
  ids: IdGenerator;
  screens: ScreenRepository;
  /** The underlying figures: from the chains today; the daily summary plugs in here (IV rank, HV20, earnings). */
  stats: UnderlyingStatsSource;
  /** IV30 and HV20 over the year for the volatility explorer, from the daily summary; null until it exists. */
  volHistory?: (ticker: string) => Promise<VolHistory | null>;
}

/** Screener answers kept per warm handler (each a page of at most 500 rows). */
const SCREEN_CACHE_ENTRIES = 200;

const notFound = (message: string) => failure(appError('not_found', message));

/**
 * The chain-based analysis pages (issue 22): the screener over every tracked underlying's whole chain set, saved
 * screens, the put-call parity scanner and the volatility surface. Thin: the answers are shared/analysis's read
 * models (arbitrage-view.ts, surface-view.ts); the handler resolves the underlying, loads the snapshot and caches.
 */
export function makeScreenerHandler(deps: ScreenerHandlerDeps) {
  const chains = analysisChains(deps);
  let stats: { key: string; value: Promise<UnderlyingStats[]> } | null = null;
  /** Screens run on a snapshot (key), by query: a bounded cache, oldest entry out first. */
  const screens = snapshotCache<unknown>({ maxEntries: SCREEN_CACHE_ENTRIES });
  /** Answers already made for a snapshot (key), by route and underlying: a warm handler computes each once a snapshot. */
  const answers = snapshotCache<unknown>();
  /** Public end-of-day answers: cacheable until the next ingestion, with the ETag of their text. */
  const publicJson = async (name: string, key: string, make: () => Promise<unknown>) => {
    const hit = await answers.answer(name, key, make);
    const maxAge = secondsUntilNextIngest(deps.clock.now());
    return okRaw(hit.text, { 'cache-control': `public, max-age=${maxAge}`, etag: hit.etag });
  };

  return httpApi({
    'POST /api/analysis/screener': route(screenerApi['POST /api/analysis/screener'], async ({ body }) => {
      const { key, sets } = await chains.tracked();
      if (!stats || stats.key !== key) stats = { key, value: deps.stats.stats(sets) };
      const underlyings = await stats.value;
      // The same query on the same snapshot answers the same: the presets and saved screens most learners run are
      // answered from memory until the next ingestion (a bounded map, oldest entry out first).
      const hit = await screens.answer(JSON.stringify(body), key, () => runScreen(sets, underlyings, body, RISK_FREE_RATE));
      return okRaw(hit.text, { 'cache-control': 'no-store' });
    }),

    'GET /api/analysis/screener/screens': route(screenerApi['GET /api/analysis/screener/screens'], async ({ user }) =>
      ok({ screens: await deps.screens.list(user.sub) }),
    ),

    'POST /api/analysis/screener/screens': route(screenerApi['POST /api/analysis/screener/screens'], async ({ user, body }) =>
      respond(await saveScreen(deps, user.sub, body), (screen) => created({ screen })),
    ),

    'DELETE /api/analysis/screener/screens/{id}': route(screenerApi['DELETE /api/analysis/screener/screens/{id}'], async ({ user, params }) =>
      respond(await deleteScreen(deps, user.sub, params.id), noContent),
    ),

    'GET /api/analysis/{underlying}/arbitrage': route(screenerApi['GET /api/analysis/{underlying}/arbitrage'], async ({ params, query }) => {
      const resolved = deps.reader.resolve(params.underlying);
      if (!resolved.ok) return failure(resolved.error);
      const { ticker } = resolved.value;
      const { key, set } = await chains.one(ticker);
      if (!set) return notFound(`No ${ticker} options are listed.`);
      return publicJson(`arbitrage|${ticker}|${query.expiry ?? ''}`, key, async () =>
        arbitrageAnswer(set, { expiry: query.expiry, today: newYorkParts(deps.clock.now()).date }),
      );
    }),

    'GET /api/analysis/{underlying}/surface': route(screenerApi['GET /api/analysis/{underlying}/surface'], async ({ params }) => {
      const resolved = deps.reader.resolve(params.underlying);
      if (!resolved.ok) return failure(resolved.error);
      const { ticker } = resolved.value;
      const { key, set } = await chains.one(ticker);
      if (!set) return notFound(`No ${ticker} options are listed.`);
      return publicJson(`surface|${ticker}`, key, async () => surfaceAnswer(set, deps.volHistory ? await deps.volHistory(ticker) : null));
    }),
  });
}

function wiring(): ScreenerHandlerDeps {
  const m = marketDeps();
  const summaries = dynamoSummaryStore();
  return {
    reader: m.reader,
    store: m.store,
    clock: m.clock,
    ids: { newId: () => ulid() },
    screens: dynamoScreenRepository(),
    // Underlying figures from the chains and the kept year of daily summaries (IV rank, HV20, earnings).
    stats: summaryStatsSource(summaries, m.clock),
    volHistory: (ticker) => volatilityHistory(summaries, m.clock, ticker),
  };
}

export const handler = makeScreenerHandler(wiring());
