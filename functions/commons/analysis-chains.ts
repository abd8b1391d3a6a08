import type { ChainSet } from '@shared/analysis/screener';
import { newYorkInstant, newYorkParts, addDays, weekday } from '@shared/market/dates';
import type { ChainView, MarketReader } from '@shared/market/market-reader';
import type { MarketStore } from '@shared/market/market-store.port';
import { currentSession } from '@shared/market/simulated-market';
import { TRACKED_UNDERLYINGS, underlyingProfile } from '@shared/market/underlyings';
import { INGEST_SCHEDULE } from '../jobs/schedules';
import type { Clock } from '@shared/ports/clock.port';

/** A whole chain set with the views it was made from (the arbitrage scanner reads their exercise style). */
export interface LoadedSet extends ChainSet {
  views: ChainView[];
}

/** How long a warm handler serves its chain sets before asking DynamoDB (one status read) whether an ingestion ran. */
const FRESH_MS = 10_000;

/**
 * The chain-based analysis pages' warm, module-level cache of whole chain sets (every expiry of an underlying), read
 * through the same MarketReader as the chain API (stored chains, or the simulated market when the store has none).
 * Its key is the last ingestion's time, the New York day and the simulated session: while none changes, a warm
 * Lambda answers every screen from memory; after an ingestion the sets are read again, once, by whoever asks first.
 */
export function analysisChains(deps: { reader: MarketReader; store: MarketStore; clock: Clock }) {
  let key: string | null = null;
  let checkedAt = 0;
  let pendingKey: Promise<string> | null = null;
  const sets = new Map<string, Promise<LoadedSet | null>>();

  async function readKey(): Promise<string> {
    const now = deps.clock.now();
    const status = await deps.store.getStatus().catch(() => null);
    return `${status?.lastSync ?? 'none'}|${newYorkParts(now).date}|${currentSession(now).date}`;
  }

  /** The current snapshot key; re-read at most every FRESH_MS, concurrent callers sharing one read. */
  async function currentKey(): Promise<string> {
    const now = deps.clock.now().getTime();
    if (key !== null && now - checkedAt < FRESH_MS) return key;
    pendingKey ??= readKey().finally(() => {
      pendingKey = null;
    });
    const next = await pendingKey;
    checkedAt = now;
    if (next !== key) {
      key = next;
      sets.clear();
    }
    return next;
  }

  async function load(ticker: string): Promise<LoadedSet | null> {
    const expiries = await deps.reader.expiries(ticker);
    if (!expiries.ok) return null;
    const reads = await Promise.all(expiries.value.expiries.map((e) => deps.reader.chain(ticker, e.expiration_date)));
    const views: ChainView[] = reads.flatMap((r) => (r.ok ? [r.value] : []));
    const first = views[0];
    if (!first) return null;
    const profile = underlyingProfile(ticker);
    return {
      ticker: first.underlying.ticker,
      name: profile?.name ?? ticker,
      sector: profile?.sector ?? '',
      price: first.underlying.price,
      asOf: first.underlying.asOf,
      source: first.source,
      dividendYield: profile?.dividendYield ?? 0,
      expiries: views.map((v) => ({ expiration: v.expiration_date, days: v.days_to_expiry, contracts: v.contracts })),
      views,
    };
  }

  /** One underlying's whole chain set, or null when it has none. */
  async function one(ticker: string): Promise<{ key: string; set: LoadedSet | null }> {
    const k = await currentKey();
    const t = ticker.toUpperCase();
    let hit = sets.get(t);
    if (!hit) {
      hit = load(t).catch((err: unknown) => {
        sets.delete(t);
        throw err;
      });
      sets.set(t, hit);
    }
    return { key: k, set: await hit };
  }

  return {
    currentKey,
    one,
    /** Every tracked underlying's set. */
    async tracked(): Promise<{ key: string; sets: LoadedSet[] }> {
      const all = await Promise.all(TRACKED_UNDERLYINGS.map((t) => one(t)));
      return { key: all[0]?.key ?? '', sets: all.map((x) => x.set).filter((s): s is LoadedSet => s !== null) };
    },
  };
}

/**
 * Seconds until the next scheduled ingestion (weekdays at INGEST_SCHEDULE's hour, New York) plus a quarter of an
 * hour for the run, at least a minute: how long an end-of-day analysis answer may be cached.
 */
export function secondsUntilNextIngest(now: Date): number {
  const { date, minutes } = newYorkParts(now);
  const at = INGEST_SCHEDULE.hour * 60 + INGEST_SCHEDULE.minute + 15;
  let day = date;
  const isWeekday = (d: string) => weekday(d) >= 1 && weekday(d) <= 5;
  if (!(isWeekday(day) && minutes < at)) {
    do day = addDays(day, 1);
    while (!isWeekday(day));
  }
  const next = newYorkInstant(day, INGEST_SCHEDULE.hour, INGEST_SCHEDULE.minute + 15);
  return Math.max(60, Math.round((next.getTime() - now.getTime()) / 1000));
}
