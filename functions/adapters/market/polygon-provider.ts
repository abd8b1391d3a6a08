import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { nextTradingDay, previousTradingDay, tradingDayOnOrAfter } from '@shared/market/calendar';
import type { EarningsDate } from '@shared/market/earnings';
import { parseOcc } from '@shared/market/occ';
import type { Clock } from '@shared/ports/clock.port';
import {
  ProviderError,
  type ChainSnapshotResult,
  type ContractType,
  type DailyBar,
  type MarketDataProvider,
  type ProviderContract,
  type ProviderQuote,
} from '@shared/market/market-data.port';

export const POLYGON_DEFAULT_BASE_URL = 'https://api.polygon.io';
/** Spec §7/§9: the contract listing stops paging once more than this many records are collected. */
export const POLYGON_MAX_RECORDS = 10_000;
/** Snapshot and bars follow every page; this only stops a vendor that never ends (200 pages of 250). */
export const POLYGON_SAFETY_MAX_RECORDS = 50_000;
export const POLYGON_CONTRACTS_PAGE_LIMIT = 1000;
/** The documented maximum page size of the chain snapshot. */
export const POLYGON_SNAPSHOT_PAGE_LIMIT = 250;
export const POLYGON_DEFAULT_TIMEOUT_MS = 10_000;
/** Spec §9: 1 s between underlyings, 0.5 s between contracts. */
export const POLYGON_PACING = Object.freeze({ betweenUnderlyingsMs: 1000, betweenContractsMs: 500 });

const NEW_YORK = 'America/New_York';

export interface PolygonProviderOptions {
  apiKey: string;
  baseUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** Stands in for asOf when no quote carries a timestamp. */
  clock?: Clock;
}

/**
 * The provider could not be asked or its answer could not be read: no HTTP status to report, so not a
 * ProviderError, but the message names the underlying the same way so the fallback to demo data reads alike.
 */
export class ProviderRequestError extends Error {
  constructor(
    readonly underlying: string,
    readonly reason: 'timeout' | 'network' | 'malformed',
    detail: string,
  ) {
    super(`Market-data provider failed for ${underlying}: ${detail}`);
    this.name = 'ProviderRequestError';
  }
}

/** Polygon names option contracts "O:" + OCC symbol; ours are bare OCC symbols. */
export const fromPolygonTicker = (ticker: string): string => (ticker.startsWith('O:') ? ticker.slice(2) : ticker);

export const toPolygonTicker = (ticker: string): string => (!ticker.startsWith('O:') && parseOcc(ticker) ? `O:${ticker}` : ticker);

/** Masks `apiKey=...` in URLs and any literal occurrence of the key. */
export function redactApiKey(text: string, apiKey?: string): string {
  const masked = text.replace(/(apiKey=)[^&\s"'<>]*/gi, '$1***');
  return apiKey ? masked.split(apiKey).join('***') : masked;
}

/** The New York trading date of an instant (a daily bar's `t` is its start, not a UTC date). */
export function newYorkDate(epochMs: number): string {
  const ny = new TZDate(epochMs, NEW_YORK);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${ny.getFullYear()}-${pad(ny.getMonth() + 1)}-${pad(ny.getDate())}`;
}

/** Polygon documents nanoseconds for quote and trade times; compatible vendors send ms or s. */
function epochToMs(value: number): number {
  if (value > 1e17) return value / 1e6;
  if (value > 1e14) return value / 1e3;
  if (value > 1e11) return value;
  return value * 1000;
}

function toIso(epoch: number | undefined): string | undefined {
  if (epoch === undefined || !(epoch > 0)) return undefined;
  const d = new Date(Math.floor(epochToMs(epoch)));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

// Unknown numbers arrive absent or null; both become undefined, never 0.
const num = z
  .number()
  .nullish()
  .transform((v) => v ?? undefined);

const contractSchema = z.object({
  ticker: z.string().min(1),
  underlying_ticker: z.string().min(1),
  expiration_date: z.iso.date(),
  strike_price: z.number(),
  // "call" or "put", and in rare cases "other", which the chain cannot show.
  contract_type: z.string(),
});

const snapshotSchema = z.object({
  details: z.object({
    ticker: z.string().min(1),
    contract_type: z.string(),
    expiration_date: z.iso.date(),
    strike_price: z.number(),
  }),
  last_quote: z.object({ bid: num, ask: num, last_updated: num }).nullish(),
  last_trade: z.object({ price: num, sip_timestamp: num }).nullish(),
  day: z.object({ volume: num, close: num, last_updated: num }).nullish(),
  open_interest: num,
  implied_volatility: num,
  greeks: z.object({ delta: num, gamma: num, theta: num, vega: num }).nullish(),
  underlying_asset: z.object({ price: num, last_updated: num }).nullish(),
});

const barSchema = z.object({ t: z.number(), o: z.number(), h: z.number(), l: z.number(), c: z.number(), v: z.number() });

const prevSchema = z.object({ results: z.array(z.object({ c: num })).nullish() });

/**
 * One row of Polygon's Benzinga earnings (GET /benzinga/v1/earnings, https://polygon.io/docs/rest/partners/benzinga/earnings):
 * the scheduled or reported `date` (YYYY-MM-DD), the `time` of the announcement (HH:MM:SS, New York, as Benzinga's own
 * calendar gives it), `date_status` projected or confirmed, the fiscal period; the EPS and revenue fields are not read.
 */
const earningsSchema = z.object({
  ticker: z.string().min(1),
  date: z.iso.date(),
  time: z.string().nullish(),
  date_status: z.string().nullish(),
  fiscal_period: z.string().nullish(),
  fiscal_year: z.number().nullish(),
});
/** Earnings pages asked for: a year and a quarter of one company is about five rows. */
export const POLYGON_EARNINGS_PAGE_LIMIT = 100;
/** Announced before this New York time, the report trades on its own date; else on the next session. */
const MARKET_OPEN = '09:30:00';

/**
 * Our report date (the last close before the news) and event session (the first session trading on it) from Benzinga's
 * date and time: after the close (or with no time) the news trades the next session; before the open, that same day.
 */
export function earningsDates(underlying: string, date: string, time: string | null | undefined): EarningsDate {
  if (time && time < MARKET_OPEN) {
    const eventSession = tradingDayOnOrAfter(date);
    return { underlying, reportDate: previousTradingDay(eventSession), eventSession };
  }
  const reportDate = tradingDayOnOrAfter(date);
  return { underlying, reportDate, eventSession: nextTradingDay(reportDate) };
}

const pageOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item).nullish(), next_url: z.string().nullish() });

const isContractType = (t: string): t is ContractType => t === 'call' || t === 'put';

const underlyingOf = (ticker: string): string => parseOcc(ticker)?.underlying ?? ticker;

// The colon of "O:SPY..." is legal in a path segment and is how Polygon's own clients send it.
const pathSegment = (s: string): string => encodeURIComponent(s).replace(/%3A/gi, ':');

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  return `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`;
}

function describeThrown(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  return cause ? `${err.message} (${cause})` : err.message;
}

export function createPolygonProvider(options: PolygonProviderOptions): MarketDataProvider {
  const apiKey = options.apiKey.trim();
  if (!apiKey) throw new Error('The Polygon provider needs an API key.');
  const base = new URL((options.baseUrl ?? POLYGON_DEFAULT_BASE_URL).replace(/\/+$/, ''));
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? POLYGON_DEFAULT_TIMEOUT_MS;
  const now = () => (options.clock ? options.clock.now() : new Date());

  const redact = (text: string) => redactApiKey(text, apiKey);

  const endpoint = (path: string, params: Record<string, string | undefined> = {}): URL => {
    const url = new URL(`${base.href.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    return url;
  };

  function shortDetail(body: string): string | undefined {
    let detail = body;
    try {
      const json: unknown = JSON.parse(body);
      if (json && typeof json === 'object') {
        const { error, message } = json as { error?: unknown; message?: unknown };
        if (typeof error === 'string') detail = error;
        else if (typeof message === 'string') detail = message;
      }
    } catch {
      // Not JSON (a proxy's HTML page, say): the raw text, shortened, is the best detail there is.
    }
    const clean = redact(detail.replace(/\s+/g, ' ').trim());
    if (!clean) return undefined;
    return clean.length > 160 ? `${clean.slice(0, 157)}...` : clean;
  }

  async function getJson<T extends z.ZodType>(url: URL, underlying: string, schema: T): Promise<z.output<T>> {
    const request = new URL(url);
    request.searchParams.set('apiKey', apiKey);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let ok: boolean;
    let body: string;
    try {
      const res = await fetchImpl(request, { signal: controller.signal, headers: { accept: 'application/json' } });
      status = res.status;
      ok = res.ok;
      body = await res.text();
    } catch (err) {
      if (controller.signal.aborted) throw new ProviderRequestError(underlying, 'timeout', `timed out after ${timeoutMs} ms`);
      throw new ProviderRequestError(underlying, 'network', `request failed: ${redact(describeThrown(err))}`);
    } finally {
      clearTimeout(timer);
    }
    if (!ok) throw new ProviderError(underlying, status, shortDetail(body));
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new ProviderRequestError(underlying, 'malformed', 'malformed answer (not JSON)');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new ProviderRequestError(underlying, 'malformed', `malformed answer (${describeIssue(parsed.error)})`);
    return parsed.data;
  }

  function nextPage(nextUrl: string, current: URL, underlying: string): URL {
    let next: URL;
    try {
      next = new URL(nextUrl, current);
    } catch {
      throw new ProviderRequestError(underlying, 'malformed', 'malformed answer (next_url is not a URL)');
    }
    // The key goes only to the configured host, whatever host the answer names in next_url.
    next.protocol = base.protocol;
    next.host = base.host;
    return next;
  }

  /** Follows next_url (which comes back without the key) until the last page or past maxRecords. */
  async function collect<T extends z.ZodType>(first: URL, underlying: string, item: T, maxRecords: number): Promise<z.output<T>[]> {
    const schema = pageOf(item);
    const out: z.output<T>[] = [];
    const seen = new Set<string>();
    let url: URL | undefined = first;
    while (url) {
      seen.add(url.href);
      const page: z.output<typeof schema> = await getJson(url, underlying, schema);
      out.push(...(page.results ?? []));
      if (out.length > maxRecords || !page.next_url) break;
      const next = nextPage(page.next_url, url, underlying);
      // A vendor handing back the same cursor would otherwise loop for ever.
      url = seen.has(next.href) ? undefined : next;
    }
    return out;
  }

  return {
    name: 'polygon',
    source: 'live',
    pacing: POLYGON_PACING,

    async listContracts(underlying, opts = {}) {
      const first = endpoint('/v3/reference/options/contracts', {
        underlying_ticker: underlying,
        'expiration_date.lte': opts.expirationLte,
        limit: String(POLYGON_CONTRACTS_PAGE_LIMIT),
      });
      const rows = await collect(first, underlying, contractSchema, POLYGON_MAX_RECORDS);
      const contracts: ProviderContract[] = [];
      for (const r of rows) {
        if (!isContractType(r.contract_type)) continue;
        if (opts.expirationLte && r.expiration_date > opts.expirationLte) continue;
        contracts.push({
          ticker: fromPolygonTicker(r.ticker),
          underlying: r.underlying_ticker,
          expiration: r.expiration_date,
          strike: r.strike_price,
          type: r.contract_type,
        });
      }
      return contracts;
    },

    async chainSnapshot(underlying, opts = {}): Promise<ChainSnapshotResult> {
      const first = endpoint(`/v3/snapshot/options/${pathSegment(underlying)}`, {
        expiration_date: opts.expiration,
        limit: String(POLYGON_SNAPSHOT_PAGE_LIMIT),
      });
      const rows = await collect(first, underlying, snapshotSchema, POLYGON_SAFETY_MAX_RECORDS);
      const quotes: ProviderQuote[] = [];
      let underlyingPrice: number | null = null;
      let latest: string | undefined;
      for (const r of rows) {
        const d = r.details;
        if (!isContractType(d.contract_type)) continue;
        // Compatible vendors may ignore the expiration filter.
        if (opts.expiration && d.expiration_date !== opts.expiration) continue;
        underlyingPrice ??= r.underlying_asset?.price ?? null;
        const lastTradeAt = toIso(r.last_trade?.sip_timestamp);
        for (const stamp of [r.last_quote?.last_updated, r.day?.last_updated, r.underlying_asset?.last_updated]) {
          const iso = toIso(stamp);
          if (iso && (!latest || iso > latest)) latest = iso;
        }
        if (lastTradeAt && (!latest || lastTradeAt > latest)) latest = lastTradeAt;
        quotes.push({
          ticker: fromPolygonTicker(d.ticker),
          underlying,
          expiration: d.expiration_date,
          strike: d.strike_price,
          type: d.contract_type,
          bid: r.last_quote?.bid,
          ask: r.last_quote?.ask,
          // Plans without trade data still carry the day's close.
          last: r.last_trade?.price ?? r.day?.close,
          volume: r.day?.volume,
          openInterest: r.open_interest,
          impliedVolatility: r.implied_volatility,
          delta: r.greeks?.delta,
          gamma: r.greeks?.gamma,
          theta: r.greeks?.theta,
          vega: r.greeks?.vega,
          lastTradeAt,
        });
      }
      return { underlyingPrice, asOf: latest ?? now().toISOString(), quotes };
    },

    async dailyBars(ticker, from, to): Promise<DailyBar[]> {
      const path = `/v2/aggs/ticker/${pathSegment(toPolygonTicker(ticker))}/range/1/day/${pathSegment(from)}/${pathSegment(to)}`;
      const first = endpoint(path, { adjusted: 'true', sort: 'asc', limit: '50000' });
      const rows = await collect(first, underlyingOf(ticker), barSchema, POLYGON_SAFETY_MAX_RECORDS);
      return [...rows].sort((a, b) => a.t - b.t).map((b) => ({ date: newYorkDate(b.t), open: b.o, high: b.h, low: b.l, close: b.c, volume: b.v }));
    },

    async earnings(underlying, from, to): Promise<EarningsDate[]> {
      const first = endpoint('/benzinga/v1/earnings', {
        ticker: underlying,
        'date.gte': from,
        'date.lte': to,
        sort: 'date.asc',
        limit: String(POLYGON_EARNINGS_PAGE_LIMIT),
      });
      const rows = await collect(first, underlying, earningsSchema, POLYGON_SAFETY_MAX_RECORDS);
      const byReport = new Map<string, EarningsDate>();
      for (const r of rows) {
        // A vendor ignoring the filters still answers only for this company and window.
        if (r.ticker !== underlying || r.date < from || r.date > to) continue;
        const d = earningsDates(underlying, r.date, r.time);
        byReport.set(d.reportDate, d);
      }
      return [...byReport.values()].sort((a, b) => a.reportDate.localeCompare(b.reportDate));
    },

    async previousClose(ticker) {
      const url = endpoint(`/v2/aggs/ticker/${pathSegment(toPolygonTicker(ticker))}/prev`, { adjusted: 'true' });
      const answer = await getJson(url, underlyingOf(ticker), prevSchema);
      return answer.results?.[0]?.c ?? null;
    },
  };
}
