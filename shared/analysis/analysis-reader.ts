import type { z } from 'zod';
import type { Clock } from '../ports/clock.port';
import { fail, ok, type Result } from '../result';
import type { MarketStore, StoredChain } from '../market/market-store.port';
import { nextTradingDay } from '../market/calendar';
import { addDays, daysBetween, newYorkInstant, newYorkParts, yearsBetween } from '../market/dates';
import { classifyExpiry } from '../market/expirations';
import { exerciseStyle, RISK_FREE_RATE, TRACKED_UNDERLYINGS, underlyingProfile } from '../market/underlyings';
import type { EventsResponse, HeatmapResponse, RegimeResponse, SentimentResponse, SummaryResponse } from './analysis.api';
import {
  atmIvOfExpiry,
  MIN_HISTORY_SESSIONS,
  SUMMARY_RETENTION_DAYS,
  YEAR_SESSIONS,
  type DailySummary,
  type DailySummaryStore,
} from '../metrics/daily-summary';
import { analyseEvent, type ExpiryPoint, type PastMove } from './events';
import { heatmapCells, isUnusual, putCallSeries, sentimentReadings, volatilityMetrics } from './history-metrics';
import { regimeSeries } from './regime-history';

/**
 * The analysis area's reads (issue 22): each page's answer from the daily summaries and the latest stored chains.
 * Reads only; the handler (functions/http/analysis.ts) caches the answers until the next ingestion.
 */
export interface AnalysisReaderDeps {
  summaries: DailySummaryStore;
  market: Pick<MarketStore, 'getChain' | 'listExpiries' | 'getStatus'>;
  clock: Clock;
  /**
   * The simulated market's past earnings reports with the move on the news, newest first, from its own path beyond the
   * kept year; used when the rows are the simulated market's. A real provider's are read off the summaries' `nextEarnings`.
   */
  pastReports?: (underlying: string, before: string, count: number) => PastMove[];
}

/** A page's answer, or `not_found` for an underlying the academy does not analyse or has no data for yet. */
type Answer<S extends z.ZodType> = Result<z.infer<S>>;

const TERM_HORIZON_DAYS = 200;
const SENTIMENT_HORIZON_DAYS = 120;
const UNUSUAL_LIMIT = 25;
const SERIES_SESSIONS = 60;
const STRIP_SESSIONS = 50;

export function analysisReader(deps: AnalysisReaderDeps) {
  const unknown = (t: string) => fail('not_found', `${t} is not an underlying the academy analyses; try one of ${TRACKED_UNDERLYINGS.join(', ')}.`);

  async function rowsOf(underlying: string): Promise<Result<{ ticker: string; rows: DailySummary[] }>> {
    const ticker = underlying.toUpperCase();
    if (!TRACKED_UNDERLYINGS.includes(ticker)) return unknown(ticker);
    const today = newYorkParts(deps.clock.now()).date;
    const rows = await deps.summaries.listSummaries(ticker, addDays(today, -SUMMARY_RETENTION_DAYS));
    if (rows.length === 0) return fail('not_found', `No end-of-day data for ${ticker} yet: it arrives with the next ingestion.`);
    return ok({ ticker, rows });
  }

  const header = (ticker: string, rows: readonly DailySummary[]) => {
    const p = underlyingProfile(ticker);
    const last = rows.at(-1)!;
    return { underlying: ticker, name: p?.name ?? ticker, sector: p?.sector ?? '', source: last.source, asOf: last.date, sessions: rows.length };
  };

  /** The stored chains of the expiries within `horizonDays` of the session, nearest first. */
  async function chainsOf(ticker: string, session: string, horizonDays: number): Promise<StoredChain[]> {
    const expiries = (await deps.market.listExpiries(ticker))
      .map((e) => e.expiration_date)
      .filter((e) => e > session && daysBetween(session, e) <= horizonDays)
      .sort();
    const chains = await Promise.all(expiries.map((e) => deps.market.getChain(ticker, e)));
    return chains.filter((c): c is StoredChain => c !== null);
  }

  const pointOf = (chain: StoredChain, q: number): ExpiryPoint | null => {
    const T = yearsBetween(new Date(chain.asOf), newYorkInstant(chain.expiration, 16));
    if (T <= 0) return null;
    const F = chain.underlyingPrice * Math.exp((RISK_FREE_RATE - q) * T);
    const atmIv = atmIvOfExpiry(chain.contracts, F);
    if (atmIv === null) return null;
    const strikes = [...new Set(chain.contracts.map((c) => c.strike_price))];
    const strike = strikes.reduce((best, k) => (Math.abs(k - F) < Math.abs(best - F) ? k : best), strikes[0]!);
    const mid = (type: 'call' | 'put') => chain.contracts.find((c) => c.strike_price === strike && c.contract_type === type)?.mark ?? null;
    const call = mid('call');
    const put = mid('put');
    return { expiration: chain.expiration, T, atmIv, strike, straddle: call !== null && put !== null ? call + put : null };
  };

  /** Reports read off the summaries: each `nextEarnings` that has passed, with the close-to-close move on its news. */
  const reportsFromRows = (rows: readonly DailySummary[]): PastMove[] => {
    const byDate = new Map(rows.map((r) => [r.date, r.close]));
    const reports = [...new Set(rows.map((r) => r.nextEarnings).filter((d): d is string => d !== null))];
    return reports.flatMap((reportDate) => {
      const eventSession = nextTradingDay(reportDate);
      const before = byDate.get(reportDate);
      const after = byDate.get(eventSession);
      return before !== undefined && after !== undefined ? [{ reportDate, eventSession, move: Math.log(after / before) }] : [];
    });
  };

  return {
    async summary(underlying: string): Promise<Answer<typeof SummaryResponse>> {
      const read = await rowsOf(underlying);
      if (!read.ok) return read;
      const r = read.value;
      const last = r.rows.at(-1)!;
      return ok({ ...header(r.ticker, r.rows), latest: last, metrics: volatilityMetrics(r.rows, last.date), history: r.rows });
    },

    async sentiment(underlying: string): Promise<Answer<typeof SentimentResponse>> {
      const read = await rowsOf(underlying);
      if (!read.ok) return read;
      const r = read.value;
      const last = r.rows.at(-1)!;
      const q = underlyingProfile(r.ticker)?.dividendYield ?? 0;
      const chains = await chainsOf(r.ticker, last.date, SENTIMENT_HORIZON_DAYS);
      const expiries = chains.map((c) => {
        const sum = (type: 'call' | 'put', f: 'volume' | 'open_interest') =>
          c.contracts.filter((k) => k.contract_type === type).reduce((s, k) => s + (k[f] ?? 0), 0);
        const putVolume = sum('put', 'volume');
        const callVolume = sum('call', 'volume');
        const putOpenInterest = sum('put', 'open_interest');
        const callOpenInterest = sum('call', 'open_interest');
        return {
          expiration: c.expiration,
          dte: daysBetween(last.date, c.expiration),
          type: classifyExpiry(c.expiration, last.date),
          putVolume,
          callVolume,
          pcVolume: callVolume > 0 ? putVolume / callVolume : null,
          putOpenInterest,
          callOpenInterest,
          pcOpenInterest: callOpenInterest > 0 ? putOpenInterest / callOpenInterest : null,
          atmIv: pointOf(c, q)?.atmIv ?? null,
        };
      });
      const unusual = chains
        .flatMap((c) => c.contracts)
        .filter(isUnusual)
        .map((c) => ({
          contract: c.contract_ticker,
          type: c.contract_type,
          strike: c.strike_price,
          expiration: c.expiration_date,
          volume: c.volume!,
          openInterest: c.open_interest!,
          last: c.last!,
          volumeOverOi: c.volume! / c.open_interest!,
          iv: c.implied_volatility,
          delta: c.delta,
        }))
        .sort((a, b) => b.volumeOverOi - a.volumeOverOi)
        .slice(0, UNUSUAL_LIMIT);
      const m = volatilityMetrics(r.rows, last.date);
      return ok({
        ...header(r.ticker, r.rows),
        readings: sentimentReadings(r.rows),
        totals: {
          putVolume: last.putVolume,
          callVolume: last.callVolume,
          putOpenInterest: last.putOpenInterest,
          callOpenInterest: last.callOpenInterest,
          putPremium: last.putPremium,
          callPremium: last.callPremium,
        },
        skew: { atm: last.iv30, call25: last.iv25dCall, put25: last.iv25dPut, rr25: m.rr25, bf25: m.bf25 },
        series: putCallSeries(r.rows).slice(-SERIES_SESSIONS),
        expiries,
        unusual,
      });
    },

    async events(underlying: string): Promise<Answer<typeof EventsResponse>> {
      const read = await rowsOf(underlying);
      if (!read.ok) return read;
      const r = read.value;
      const last = r.rows.at(-1)!;
      const q = underlyingProfile(r.ticker)?.dividendYield ?? 0;
      const chains = await chainsOf(r.ticker, last.date, TERM_HORIZON_DAYS);
      const termStructure = chains.map((c) => pointOf(c, q)).filter((p): p is ExpiryPoint => p !== null && p.T >= 2 / 365);
      const past = deps.pastReports && last.source === 'demo' ? deps.pastReports(r.ticker, last.date, 12) : reportsFromRows(r.rows);
      const next = last.nextEarnings ? { reportDate: last.nextEarnings, eventSession: nextTradingDay(last.nextEarnings) } : null;
      return ok({
        ...header(r.ticker, r.rows),
        price: last.close,
        rate: RISK_FREE_RATE,
        dividendYield: q,
        exercise: exerciseStyle(r.ticker),
        analysis: withSourceRefusal(
          analyseEvent({ underlying: r.ticker, S: last.close, session: last.date, next, expiries: termStructure, past }),
          r.ticker,
          last.source,
        ),
        termStructure,
      });
    },

    async regime(underlying: string): Promise<Answer<typeof RegimeResponse>> {
      const read = await rowsOf(underlying);
      if (!read.ok) return read;
      const r = read.value;
      const series = regimeSeries(r.rows);
      const today = series.at(-1) ?? null;
      let since: string | null = null;
      let sessions: number | null = null;
      if (today) {
        since = today.date;
        sessions = 0;
        for (let i = series.length - 1; i >= 0 && series[i]!.label === today.label; i--) {
          since = series[i]!.date;
          sessions++;
        }
      }
      return ok({
        ...header(r.ticker, r.rows),
        today: today && today.date === r.rows.at(-1)!.date ? today : null,
        labelSince: since,
        labelSessions: sessions,
        strip: series.slice(-STRIP_SESSIONS),
        unavailable: today
          ? null
          : `The regime needs 200 closes and ${MIN_HISTORY_SESSIONS} sessions of IV history: ${r.rows.length} closes and ${ivSessions(r.rows)} sessions with IV are stored (building history: ${ivSessions(r.rows)} / ${YEAR_SESSIONS}).`,
      });
    },

    async heatmap(): Promise<z.infer<typeof HeatmapResponse>> {
      const all = await Promise.all(TRACKED_UNDERLYINGS.map((t) => rowsOf(t)));
      const rows = all.flatMap((x) => (x.ok ? [x.value] : []));
      const order = (s: string) => (s === 'Index ETF' ? '' : s);
      return {
        asOf:
          rows
            .map((x) => x.rows.at(-1)!.date)
            .sort()
            .at(-1) ?? null,
        source: rows[0]?.rows.at(-1)!.source ?? 'demo',
        rows: rows
          .map((x) => ({ ...header(x.ticker, x.rows), cells: heatmapCells(x.rows) }))
          .map(({ underlying, name, sector, asOf, cells }) => ({ underlying, name, sector, asOf, cells }))
          .sort((a, b) => order(a.sector).localeCompare(order(b.sector)) || a.underlying.localeCompare(b.underlying)),
      };
    },
  };
}

export type AnalysisReader = ReturnType<typeof analysisReader>;

/** Sessions with an IV30: a real provider's backfilled year has closes only, its IV history accumulates a session a run. */
const ivSessions = (rows: readonly DailySummary[]) => rows.filter((r) => r.iv30 !== null).length;

/**
 * A single stock with no report on a real provider's calendar: say where the dates come from and why there may be none
 * (Polygon's Benzinga earnings are an add-on to the plan), never a made-up date.
 */
function withSourceRefusal(a: ReturnType<typeof analyseEvent>, ticker: string, source: 'live' | 'demo'): ReturnType<typeof analyseEvent> {
  if (a.refusal?.code !== 'no-earnings' || source !== 'live' || underlyingProfile(ticker)?.sector === 'Index ETF') return a;
  return {
    ...a,
    refusal: {
      code: 'no-earnings',
      message: `The market-data provider gave no upcoming earnings date for ${ticker}: its earnings calendar (Benzinga's, through Polygon) is not part of every plan, so no event move is shown and none is made up.`,
    },
  };
}

/** The next scheduled ingestion after an instant: weekdays at 18:00 New York (functions/jobs/schedules.ts). */
export function nextIngestionAt(now: Date, hour = 18): Date {
  let day = newYorkParts(now).date;
  for (let i = 0; i < 8; i++) {
    const at = newYorkInstant(day, hour);
    const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (dow >= 1 && dow <= 5 && at.getTime() > now.getTime()) return at;
    day = addDays(day, 1);
  }
  return new Date(now.getTime() + 86_400_000);
}
