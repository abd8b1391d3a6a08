import { ulid } from 'ulid';
import { MIN_HISTORY_SESSIONS, YEAR_SESSIONS } from '@shared/metrics/daily-summary';
import { scanParity, type ArbitrageHit, type ParityRow } from '@shared/analysis/parity';
import { runScreen, type UnderlyingStatsSource } from '@shared/analysis/screener';
import { summaryStatsSource, volatilityHistory } from '@shared/analysis/summary-stats';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { screenerApi, type SurfaceResult, type UnderlyingStats } from '@shared/analysis/screener.api';
import { deleteScreen, saveScreen, type ScreenRepository } from '@shared/analysis/screens';
import { constantMaturityIv, expectedMoveCone, skewOf, surfaceGrid, SURFACE_MONEYNESS, termStructure } from '@shared/analysis/surface';
import { newYorkParts } from '@shared/market/dates';
import type { MarketReader } from '@shared/market/market-reader';
import type { MarketStore } from '@shared/market/market-store.port';
import { hashString } from '@shared/market/random';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile } from '@shared/market/underlyings';
import type { Clock } from '@shared/ports/clock.port';
import type { IdGenerator } from '@shared/ports/ids.port';
import { dynamoScreenRepository } from '../adapters/dynamo/screens-repository';
import { analysisChains, secondsUntilNextIngest } from '../commons/analysis-chains';
import { appError } from '../commons/errors';
import { created, failure, httpApi, noContent, ok, okRaw, route } from '../commons/http';
import { marketDeps } from '../commons/market-wiring';
import { BoundedMap } from '@shared/bounded-map';

export interface ScreenerHandlerDeps {
  reader: MarketReader;
  store: MarketStore;
  clock: Clock;
  ids: IdGenerator;
  screens: ScreenRepository;
  /** The underlying figures: from the chains today; the daily summary plugs in here (IV rank, HV20, earnings). */
  stats: UnderlyingStatsSource;
  /** IV30 and HV20 over the year for the volatility explorer, from the daily summary; null until it exists. */
  volHistory?: (ticker: string) => Promise<{ dates: string[]; iv30: (number | null)[]; hv20: (number | null)[] } | null>;
}

/** Per contract and per share, as the paper account charges by default (shared/paper/types.ts DEFAULT_SETTINGS). */
const FEE_PER_CONTRACT = 0.65;
const FEE_PER_SHARE = 0.005;
/** End-of-day data has no stock quote: the stock is taken a cent either side of the close. */
const STOCK_HALF_SPREAD = 0.01;

/** The strongest apparent opportunities answered (of all found; `scanned` says how many were looked at). */
const MAX_HITS = 100;
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const r6n = (x: number | null) => (x === null ? null : r6(x));
const roundHit = (h: ArbitrageHit) => ({
  ...h,
  theoreticalEdge: r6(h.theoreticalEdge),
  executableEdge: r6(h.executableEdge),
  fees: r6(h.fees),
  capital: r6(h.capital),
  annualizedExcess: r6(h.annualizedExcess),
});
const roundRow = (p: ParityRow) => ({
  ...p,
  callMid: r6n(p.callMid),
  putMid: r6n(p.putMid),
  observed: r6n(p.observed),
  parity: r6(p.parity),
  lower: r6(p.lower),
  upper: r6(p.upper),
  deviation: r6n(p.deviation),
  conversionEdge: r6n(p.conversionEdge),
  reversalEdge: r6n(p.reversalEdge),
});

/** Screener answers kept per warm handler (each a page of at most 500 rows). */
const SCREEN_CACHE_ENTRIES = 200;

const etagOf = (text: string) => `"${hashString(text).toString(36)}-${text.length.toString(36)}"`;
const notFound = (message: string) => failure(appError('not_found', message));

/**
 * The chain-based analysis pages (issue 22): the screener over every tracked underlying's whole chain set, saved
 * screens, the put-call parity scanner and the volatility surface. Thin: the figures are shared/analysis's.
 */
/** Sessions of the kept year with an IV30 (a real provider's backfilled days have closes only). */
const ivSessions = (history: { iv30: readonly (number | null)[] }) => history.iv30.filter((x) => x !== null).length;

export function makeScreenerHandler(deps: ScreenerHandlerDeps) {
  const chains = analysisChains(deps);
  let stats: { key: string; value: Promise<UnderlyingStats[]> } | null = null;
  const screens = new BoundedMap<string, string>(SCREEN_CACHE_ENTRIES);
  /** Answers already made for a snapshot (key), by route and underlying: a warm handler computes each once a snapshot. */
  const answers = new Map<string, { key: string; text: string; etag: string }>();
  /** Public end-of-day answers: cacheable until the next ingestion; the ETag follows the snapshot. */
  const publicJson = async (name: string, key: string, make: () => Promise<unknown>) => {
    let hit = answers.get(name);
    if (!hit || hit.key !== key) {
      const text = JSON.stringify(await make());
      hit = { key, text, etag: etagOf(`${key}|${name}|${hashString(text)}`) };
      answers.set(name, hit);
    }
    const maxAge = secondsUntilNextIngest(deps.clock.now());
    return okRaw(hit.text, { 'cache-control': `public, max-age=${maxAge}`, etag: hit.etag });
  };
  const resolve = (raw: string) => {
    const r = deps.reader.resolveUnderlying(raw);
    return 'kind' in r ? null : r.ticker;
  };

  return httpApi({
    'POST /api/analysis/screener': route(screenerApi['POST /api/analysis/screener'], async ({ body }) => {
      const { key, sets } = await chains.tracked();
      if (!stats || stats.key !== key) stats = { key, value: deps.stats.stats(sets) };
      const underlyings = await stats.value;
      // The same query on the same snapshot answers the same: the presets and saved screens most learners run are
      // answered from memory until the next ingestion (a bounded map, oldest entry out first).
      const cacheKey = `${key}|${JSON.stringify(body)}`;
      let text = screens.get(cacheKey);
      if (text === undefined) {
        text = JSON.stringify(runScreen(sets, underlyings, body, RISK_FREE_RATE));
        screens.set(cacheKey, text);
      }
      return okRaw(text, { 'cache-control': 'no-store' });
    }),

    'GET /api/analysis/screens': route(screenerApi['GET /api/analysis/screens'], async ({ user }) => ok({ screens: await deps.screens.list(user.sub) })),

    'POST /api/analysis/screens': route(screenerApi['POST /api/analysis/screens'], async ({ user, body }) => {
      const result = await saveScreen(deps, user.sub, body);
      return result.ok ? created({ screen: result.value }) : failure(result.error);
    }),

    'DELETE /api/analysis/screens/{id}': route(screenerApi['DELETE /api/analysis/screens/{id}'], async ({ user, params }) => {
      const result = await deleteScreen(deps, user.sub, params.id);
      return result.ok ? noContent() : failure(result.error);
    }),

    'GET /api/analysis/{underlying}/arbitrage': route(screenerApi['GET /api/analysis/{underlying}/arbitrage'], async ({ params, query }) => {
      const ticker = resolve(params.underlying);
      if (!ticker) return notFound(`Unknown underlying: ${params.underlying.toUpperCase()}.`);
      const { key, set } = await chains.one(ticker);
      if (!set) return notFound(`No ${ticker} options are listed.`);
      return publicJson(`arbitrage|${ticker}|${query.expiry ?? ''}`, key, async () => {
        const expiries = set.expiries.filter((e) => e.days > 0).map((e) => e.expiration);
        const parityExpiry =
          query.expiry && expiries.includes(query.expiry) ? query.expiry : (set.expiries.find((e) => e.days >= 20)?.expiration ?? expiries[0] ?? null);
        const exercise = exerciseStyle(ticker);
        const dividendYield = underlyingProfile(ticker)?.dividendYield ?? 0;
        const scan = scanParity({
          price: set.price,
          stockHalfSpread: STOCK_HALF_SPREAD,
          today: newYorkParts(deps.clock.now()).date,
          riskFree: RISK_FREE_RATE,
          dividendYield,
          dividends: [],
          exercise,
          feePerContract: FEE_PER_CONTRACT,
          feePerShare: FEE_PER_SHARE,
          endOfDay: true,
          expiries: set.expiries,
        });
        return {
          underlying: ticker,
          price: set.price,
          asOf: set.asOf,
          source: set.source,
          exercise,
          inputs: {
            riskFree: RISK_FREE_RATE,
            dividendYield,
            dividends: [],
            feePerContract: FEE_PER_CONTRACT,
            feePerShare: FEE_PER_SHARE,
            stockHalfSpread: STOCK_HALF_SPREAD,
          },
          hits: scan.hits.slice(0, MAX_HITS).map(roundHit),
          expiries,
          parityExpiry,
          parity: scan.parity.filter((p) => p.expiration === parityExpiry).map(roundRow),
          scanned: scan.scanned,
        };
      });
    }),

    'GET /api/analysis/{underlying}/surface': route(screenerApi['GET /api/analysis/{underlying}/surface'], async ({ params }) => {
      const ticker = resolve(params.underlying);
      if (!ticker) return notFound(`Unknown underlying: ${params.underlying.toUpperCase()}.`);
      const { key, set } = await chains.one(ticker);
      if (!set) return notFound(`No ${ticker} options are listed.`);
      return publicJson(`surface|${ticker}`, key, async () => {
        const term = termStructure(set.expiries, set.price);
        const history = deps.volHistory ? await deps.volHistory(ticker) : null;
        const body: SurfaceResult = {
          underlying: ticker,
          price: set.price,
          asOf: set.asOf,
          source: set.source,
          iv30: constantMaturityIv(term, 30),
          iv90: constantMaturityIv(term, 90),
          term,
          skew: set.expiries.filter((e) => e.days > 0).map((e) => skewOf(e, set.price)),
          grid: { moneyness: [...SURFACE_MONEYNESS], rows: surfaceGrid(set.expiries, set.price) },
          cone: expectedMoveCone(term, set.price),
          history,
          historyNote: !history
            ? 'IV against realised volatility over the year needs the daily summary history (one row a session, kept 252 sessions); it appears once the ingestion has stored it.'
            : ivSessions(history) < MIN_HISTORY_SESSIONS
              ? `IV30 is building its history: ${ivSessions(history)} / ${YEAR_SESSIONS} sessions (this data source's IV history accumulates one session a run; HV20 comes from its daily closes).`
              : null,
        };
        return body;
      });
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
