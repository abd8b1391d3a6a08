import { barSummary, summarizeSession, YEAR_SESSIONS, type DailySummary, type DailySummaryStore } from '../metrics/daily-summary';
import { domainEvent } from '../events/domain-events';
import type { Clock } from '../ports/clock.port';
import type { EventOutbox } from '../ports/events.port';
import type { EarningsDate } from './earnings';
import type { MarketDataProvider, ProviderQuote } from './market-data.port';
import type { MarketStore, StoredChain, StoredTicker } from './market-store.port';
import { buildChain, summarizeExpiry } from './chain';
import { previousTradingDay, tradingDaysEnding } from './calendar';
import { addDays, addMonths, daysBetween, newYorkInstant, newYorkParts, yearsBetween } from './dates';
import { isExpired } from './expiry-status';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile } from './underlyings';

/**
 * One ingestion run (spec part 2 §4, §9; issue 4): for each underlying, list its contracts (with a
 * real provider only those expiring within 3 months, the provider's quota rule), take the chain
 * snapshot, store one chain per expiry with IV and Greeks, the expiry summaries and the ticker,
 * and keep 14 days of daily history for the underlying and for up to 20 of its most active contracts
 * expiring within 60 days. One failing underlying does not stop the others. The run ends by announcing
 * `ChainIngested`, written with the sync status it reports (one transaction), or alone when nothing was stored.
 */
export interface IngestDeps {
  provider: MarketDataProvider;
  store: MarketStore;
  /** For the announcement of a run that stored nothing (so no status is written with it). */
  outbox: EventOutbox;
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
  newId: () => string;
  warn?: (message: string) => void;
  /** The daily summaries (`SUM#<und>`); a run without it stores none (tests of the chain part alone). */
  summaries?: DailySummaryStore;
}

export interface IngestOptions {
  underlyings: readonly string[];
  /** Months ahead to keep; undefined keeps every listed expiry (the simulated market, LEAPS included). */
  horizonMonths?: number;
  historyContracts?: number;
  historyWindowDays?: number;
  historyDays?: number;
}

export interface IngestResult {
  runId: string;
  source: 'live' | 'demo';
  provider: string;
  session: string;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  contractsStored: number;
  underlyings: { ticker: string; expiries: number; contracts: number; historyContracts: number; summaryDays?: number; error?: string }[];
  failures: { underlying: string; error: string }[];
}

export const HISTORY_CONTRACTS = 20;
export const HISTORY_WINDOW_DAYS = 60;
export const HISTORY_DAYS = 14;
export const REAL_PROVIDER_HORIZON_MONTHS = 3;

/** Calendar days of daily bars read for the summary's HV20 (21 closes need about 30). */
const SUMMARY_BARS_DAYS = 45;

/**
 * Writes the session's daily summary from its chains, and fills the year before it when the store lacks it: the
 * provider's own summaries when it has them (the simulated market), else closes, volume and HV20 from its daily bars
 * (a real provider: the IV history then accumulates one session a run). Days already stored are kept. Returns the rows written.
 */
async function storeSummaries(
  store: DailySummaryStore,
  provider: MarketDataProvider,
  warn: ((message: string) => void) | undefined,
  input: {
    underlying: string;
    session: string;
    asOf: Date;
    S: number;
    q: number;
    chains: readonly StoredChain[];
    bars: readonly { date: string; close: number; volume: number }[];
  },
): Promise<number> {
  const { underlying, session, asOf, S, q } = input;
  const year = tradingDaysEnding(previousTradingDay(session), YEAR_SESSIONS);
  // One calendar read covers the kept year (a real provider's backfilled days learn the reports they straddled, so the
  // events page has past moves from the first run) and the year ahead. A provider without one, or a plan without it
  // (Polygon's Benzinga earnings are an add-on), gives no dates: the pages then say so, the run goes on.
  // Index ETFs report no earnings: their calendar is not asked for (Polygon's is a paid add-on, one call each).
  let reports: EarningsDate[] = [];
  if (provider.earnings && underlyingProfile(underlying)?.style !== 'index-etf') {
    try {
      reports = await provider.earnings(underlying, year[0]!, addDays(session, 366));
    } catch (err) {
      warn?.(`earnings calendar for ${underlying} skipped: ${(err as Error).message}`);
    }
  }
  const nextReport = (date: string) => reports.find((r) => r.reportDate >= date)?.reportDate ?? null;
  const upcoming = reports.filter((r) => r.reportDate >= session);
  const closes = input.bars.map((b) => b.close);
  if (input.bars.at(-1)?.date !== session) closes.push(S);
  const today = summarizeSession({
    underlying,
    date: session,
    source: provider.source,
    close: S,
    volume: input.bars.find((b) => b.date === session)?.volume ?? null,
    closes,
    chains: input.chains.map((c) => {
      const T = yearsBetween(asOf, newYorkInstant(c.expiration, 16));
      return { T, forward: S * Math.exp((RISK_FREE_RATE - q) * T), contracts: c.contracts };
    }),
    nextEarnings: upcoming[0]?.reportDate ?? null,
  });

  const stored = new Set(await store.summaryDates(underlying, year[0]!));
  const missing = year.filter((d) => !stored.has(d));
  let backfill: DailySummary[] = [];
  if (missing.length > 0) {
    if (provider.summaryHistory) {
      backfill = await provider.summaryHistory(underlying, year.at(-1)!, YEAR_SESSIONS);
    } else {
      const bars = await provider.dailyBars(underlying, addDays(year[0]!, -SUMMARY_BARS_DAYS), year.at(-1)!);
      backfill = bars.flatMap((b, i) =>
        b.date >= year[0]!
          ? [
              {
                ...barSummary({ underlying, date: b.date, close: b.close, volume: b.volume, closes: bars.slice(0, i + 1).map((x) => x.close) }),
                nextEarnings: nextReport(b.date),
              },
            ]
          : [],
      );
    }
    const wanted = new Set(missing);
    backfill = backfill.filter((r) => wanted.has(r.date));
  }
  await store.putSummaries([...backfill, today]);
  return backfill.length + 1;
}

/** Pacing never goes below the spec's 100 ms minimum when a provider asks for any. */
const paced = (ms: number) => (ms > 0 ? Math.max(100, ms) : 0);

export async function runIngestion(deps: IngestDeps, opts: IngestOptions): Promise<IngestResult> {
  const { provider, store, clock } = deps;
  const started = clock.now();
  const runId = deps.newId();
  const today = newYorkParts(started).date;
  const expirationLte = opts.horizonMonths === undefined ? undefined : addMonths(today, opts.horizonMonths);
  const historyContracts = opts.historyContracts ?? HISTORY_CONTRACTS;
  const historyWindow = opts.historyWindowDays ?? HISTORY_WINDOW_DAYS;
  const historyFrom = addDays(today, -(opts.historyDays ?? HISTORY_DAYS));
  const result: IngestResult['underlyings'] = [];
  const failures: IngestResult['failures'] = [];
  const tickers: StoredTicker[] = [];
  let session = today;

  for (const [index, underlying] of opts.underlyings.entries()) {
    if (index > 0) await deps.sleep(paced(provider.pacing.betweenUnderlyingsMs));
    try {
      const listed = await provider.listContracts(underlying, expirationLte ? { expirationLte } : undefined);
      const snapshot = await provider.chainSnapshot(underlying);
      const S = snapshot.underlyingPrice ?? (await provider.previousClose(underlying));
      if (S === null || !(S > 0)) throw new Error(`no underlying price for ${underlying}`);
      const asOf = new Date(snapshot.asOf);
      session = newYorkParts(asOf).date;

      // Every listed contract within the horizon, with its quote where the snapshot has one.
      const quoted = new Map(snapshot.quotes.map((q) => [q.ticker, q]));
      const byExpiry = new Map<string, ProviderQuote[]>();
      for (const c of listed) {
        if (isExpired(c.expiration, asOf)) continue;
        const list = byExpiry.get(c.expiration) ?? [];
        list.push(quoted.get(c.ticker) ?? c);
        byExpiry.set(c.expiration, list);
      }

      const profile = underlyingProfile(underlying);
      const q = profile?.dividendYield ?? 0;
      const version = `${snapshot.asOf}#${runId}`;
      const chains: StoredChain[] = [...byExpiry.entries()].map(([expiration, quotes]) => ({
        underlying,
        expiration,
        underlyingPrice: S,
        asOf: snapshot.asOf,
        source: provider.source,
        provider: provider.name,
        version,
        contracts: buildChain(quotes, {
          underlying,
          expiration,
          underlyingPrice: S,
          T: yearsBetween(asOf, newYorkInstant(expiration, 16)),
          r: RISK_FREE_RATE,
          q,
          exercise: exerciseStyle(underlying),
        }),
      }));
      chains.sort((a, b) => a.expiration.localeCompare(b.expiration));
      await store.putChains(chains);
      const summaries = chains.map((c) => summarizeExpiry(c.contracts, underlying, c.expiration, today));
      await store.putExpiries(underlying, summaries);

      const all = chains.flatMap((c) => c.contracts);
      // Volume and open interest over the nearest eight expiries, as the simulated tickers count them.
      const near = chains.slice(0, 8).flatMap((c) => c.contracts);
      tickers.push({
        ticker: underlying,
        name: profile?.name ?? underlying,
        sector: profile?.sector ?? '',
        current_price: S,
        avg_daily_volume: near.reduce((s, c) => s + (c.volume ?? 0), 0),
        avg_open_interest: near.reduce((s, c) => s + (c.open_interest ?? 0), 0),
        is_active: true,
        last_update: snapshot.asOf,
      });

      // Six weeks of bars: the 21 closes of HV20 for the summary; the store keeps the last HISTORY_DAYS.
      const bars = await provider.dailyBars(underlying, addDays(today, -SUMMARY_BARS_DAYS), today);
      await store.putBars(
        'stock',
        underlying,
        bars.filter((b) => b.date >= historyFrom),
      );
      let summaryDays: number | undefined;
      if (deps.summaries) {
        summaryDays = await storeSummaries(deps.summaries, provider, deps.warn, {
          underlying,
          session,
          asOf,
          S,
          q,
          chains,
          bars: bars.filter((b) => b.date <= session),
        });
      }
      const active = all
        .filter((c) => daysBetween(today, c.expiration_date) <= historyWindow)
        .sort((a, b) => (b.volume ?? 0) + (b.open_interest ?? 0) - ((a.volume ?? 0) + (a.open_interest ?? 0)))
        .slice(0, historyContracts);
      let historyStored = 0;
      for (const c of active) {
        await deps.sleep(paced(provider.pacing.betweenContractsMs));
        try {
          await store.putBars('option', c.contract_ticker, await provider.dailyBars(c.contract_ticker, historyFrom, today));
          historyStored++;
        } catch (err) {
          // Spec part 2 §8: a failed per-contract history fetch is warned and skipped.
          deps.warn?.(`history for ${c.contract_ticker} skipped: ${(err as Error).message}`);
        }
      }
      result.push({
        ticker: underlying,
        expiries: chains.length,
        contracts: all.length,
        historyContracts: historyStored,
        ...(summaryDays === undefined ? {} : { summaryDays }),
      });
    } catch (err) {
      const error = (err as Error).message;
      failures.push({ underlying, error });
      result.push({ ticker: underlying, expiries: 0, contracts: 0, historyContracts: 0, error });
    }
  }

  if (tickers.length) await store.putTickers(tickers);
  const finished = clock.now();
  const contractsStored = result.reduce((s, r) => s + r.contracts, 0);
  const outcome: IngestResult = {
    runId,
    source: provider.source,
    provider: provider.name,
    session,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs: finished.getTime() - started.getTime(),
    contractsStored,
    underlyings: result,
    failures,
  };
  const announcement = domainEvent(
    'ChainIngested',
    {
      runId,
      source: provider.source,
      underlyings: [...opts.underlyings],
      contractsStored,
      failures,
      startedAt: outcome.startedAt,
      finishedAt: outcome.finishedAt,
    },
    deps.newId(),
  );
  // A run where every underlying failed leaves the last good status in place; it is still announced.
  if (tickers.length) {
    await store.putStatus({ lastSync: outcome.finishedAt, session, source: provider.source, provider: provider.name, contractsStored, failures }, [
      announcement,
    ]);
  } else {
    await deps.outbox.enqueue([announcement]);
  }
  return outcome;
}
