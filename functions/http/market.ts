import { domainEvent } from '@shared/events/domain-events';
import type { ChainView, MarketReader } from '@shared/market/market-reader';
import { newYorkParts } from '@shared/market/dates';
import { marketApi } from '@shared/market/market.api';
import type { Clock } from '@shared/ports/clock.port';
import type { EventOutbox } from '@shared/ports/events.port';
import type { IdGenerator } from '@shared/ports/ids.port';
import type { MarketStore } from '@shared/market/market-store.port';
import { appError } from '../commons/errors';
import { accepted, failure, httpApi, ok, okRaw, respond, route, type HttpResponse } from '../commons/http';
import { etagOf, snapshotCache } from '../commons/snapshot-cache';
import { marketDeps } from '../wiring/market';

export interface ProviderStatus {
  configured: boolean;
  provider: string;
  /** Why demo data is in use, for the chain page's notice. */
  reason?: string;
}

export interface MarketHandlerDeps {
  reader: MarketReader;
  store: MarketStore;
  outbox: EventOutbox;
  ids: IdGenerator;
  clock: Clock;
  providerStatus: () => Promise<ProviderStatus>;
}

/** Public reads are cached briefly at the edge (CloudFront) and in the browser; a new snapshot changes the ETag. */
const PUBLIC_CACHE = 'public, max-age=15, stale-while-revalidate=30';
/** How long a warm handler serves a chain without asking DynamoDB whether it changed. */
const CHAIN_FRESH_MS = 10_000;
/** A learner's Sync Data may queue a run at most this often per underlying. */
const SYNC_INTERVAL_MS = 5 * 60_000;

export function makeMarketHandler(deps: MarketHandlerDeps) {
  /** Each chain's answer, kept per stored version and New York day (the days to expiry change at midnight). */
  const chains = snapshotCache<ChainView>();
  const lastSyncRequest = new Map<string, number>();

  const publicJson = (body: unknown): HttpResponse => {
    const text = JSON.stringify(body);
    return okRaw(text, { 'cache-control': PUBLIC_CACHE, etag: etagOf(text) });
  };

  return httpApi({
    'GET /api/market/status': route(marketApi['GET /api/market/status'], async () => {
      const [provider, status] = await Promise.all([deps.providerStatus(), deps.store.getStatus().catch(() => null)]);
      const source = provider.configured && status?.source === 'live' ? 'live' : 'demo';
      return ok(
        {
          source,
          provider: source === 'live' ? provider.provider : 'simulated',
          configured: provider.configured,
          lastSync: status?.lastSync ?? null,
          session: status?.session ?? null,
          reason: provider.configured ? undefined : provider.reason,
        },
        { 'cache-control': 'public, max-age=10' },
      );
    }),

    'GET /api/market/tickers': route(marketApi['GET /api/market/tickers'], async ({ query }) => publicJson(await deps.reader.tickers(query.q))),

    'GET /api/market/quotes': route(marketApi['GET /api/market/quotes'], async ({ query }) => publicJson(await deps.reader.quotes(query.tickers.split(',')))),

    'GET /api/market/{underlying}/expiries': route(marketApi['GET /api/market/{underlying}/expiries'], async ({ params, query }) => {
      return respond(await deps.reader.expiries(params.underlying, query.type), publicJson);
    }),

    'GET /api/market/{underlying}/chain': route(marketApi['GET /api/market/{underlying}/chain'], async ({ params, query }) => {
      const key = `${params.underlying.toUpperCase()}|${query.expiry}`;
      const now = deps.clock.now();
      const day = newYorkParts(now).date;
      const versionOf = (view: ChainView) => `${view.version}|${day}`;
      const hit = chains.peek(key);
      if (hit && hit.version === versionOf(hit.value) && now.getTime() - hit.checkedAt < CHAIN_FRESH_MS) {
        return okRaw(hit.text, { 'cache-control': PUBLIC_CACHE, etag: hit.etag });
      }
      const read = await deps.reader.chain(params.underlying, query.expiry, hit ? { version: hit.value.version, view: hit.value } : undefined);
      if (!read.ok) return failure(read.error);
      const view = read.value;
      // The same stored version on the same day: the kept text and ETag, with no re-serialisation.
      const answer = await chains.answer(key, versionOf(view), () => view, now.getTime());
      return okRaw(answer.text, { 'cache-control': PUBLIC_CACHE, etag: answer.etag });
    }),

    'GET /api/market/{underlying}/history': route(marketApi['GET /api/market/{underlying}/history'], async ({ params, query }) => {
      return respond(await deps.reader.history(params.underlying, query.days), publicJson);
    }),

    'GET /api/market/contracts/{contract}/history': route(marketApi['GET /api/market/contracts/{contract}/history'], async ({ params, query }) => {
      return respond(await deps.reader.contractHistory(params.contract, query.days), publicJson);
    }),

    'POST /api/market/sync': route(marketApi['POST /api/market/sync'], async ({ body, user }) => {
      const provider = await deps.providerStatus();
      if (!provider.configured) {
        return failure(
          appError('conflict', 'No market-data provider is configured, so there is nothing to sync: the chain shows demo data from the simulated market.'),
        );
      }
      const ticker = body.underlying.toUpperCase();
      const resolution = deps.reader.resolve(ticker);
      if (!resolution.ok) return failure(resolution.error);
      const resolved = resolution.value;
      const now = deps.clock.now().getTime();
      const last = lastSyncRequest.get(resolved.ticker) ?? 0;
      if (now - last < SYNC_INTERVAL_MS) {
        return ok({ status: 'recent', message: `${resolved.ticker} was synced moments ago; the latest data is already on its way.` });
      }
      lastSyncRequest.set(resolved.ticker, now);
      await deps.outbox.enqueue([
        domainEvent(
          'IngestRequested',
          { requestedBy: user.sub, reason: 'sync', underlyings: [resolved.ticker], at: new Date(now).toISOString() },
          deps.ids.newId(),
        ),
      ]);
      return accepted({ status: 'queued', message: `Syncing ${resolved.ticker} from ${provider.provider}. The chain refreshes when it is done.` });
    }),
  });
}

export const handler = makeMarketHandler(marketDeps());
