import type { Clock } from '../ports/clock.port';
import { fail, ok, type Err, type Ok, type Result } from '../result';
import type { DailyBar, MarketDataProvider } from './market-data.port';
import type { MarketStore, StoredChain, StoredTicker } from './market-store.port';
import { buildChain, summarizeExpiry, type ExpirySummary, type OptionContract } from './chain';
import { addDays, daysBetween, newYorkInstant, newYorkParts, yearsBetween } from './dates';
import { classifyExpiry, type ExpiryType } from './expirations';
import { isExpired } from './expiry-status';
import { parseOcc } from './occ';
import { currentSession } from './simulated-market';
import { exerciseStyle, RISK_FREE_RATE, UNDERLYINGS, underlyingProfile } from './underlyings';

/**
 * The read side of market data (issue 4 §3): stored data first; an empty or failed read falls back
 * to the simulated market and says so with `source: 'demo'`. Expiry types and days to expiry are
 * computed at read time, relative to today in New York, so a snapshot stored yesterday is labelled
 * correctly today; expired expiries are left out.
 */
export interface ChainView {
  underlying: { ticker: string; price: number; asOf: string };
  expiration_date: string;
  expiry_type: ExpiryType;
  days_to_expiry: number;
  source: 'live' | 'demo';
  provider: string;
  version: string;
  contracts: OptionContract[];
}

export interface ResolvedUnderlying {
  ticker: string;
  /** A tracked underlying has stored chains; any other listed one is served from the simulated market. */
  stored: boolean;
}

export interface MarketReaderDeps {
  store: MarketStore;
  simulated: MarketDataProvider;
  clock: Clock;
  warn: (message: string, error?: unknown) => void;
}

export function marketReader(deps: MarketReaderDeps) {
  const { store, simulated, clock } = deps;
  const today = () => newYorkParts(clock.now()).date;

  async function safely<T>(what: string, read: () => Promise<T>, empty: (value: T) => boolean): Promise<T | null> {
    try {
      const value = await read();
      return empty(value) ? null : value;
    } catch (err) {
      deps.warn(`market store read failed (${what}); serving the simulated market`, err);
      return null;
    }
  }

  async function storedTickers(): Promise<StoredTicker[] | null> {
    return safely(
      'tickers',
      () => store.listTickers(),
      (v) => v.length === 0,
    );
  }

  /** Tickers from the simulated market; volume and open interest over the nearest eight expiries keep it quick. */
  async function simulatedTickers(): Promise<StoredTicker[]> {
    return Promise.all(
      UNDERLYINGS.map(async (u) => {
        const expiries = [...new Set((await simulated.listContracts(u.ticker)).map((c) => c.expiration))].slice(0, 8);
        const snaps = await Promise.all(expiries.map((expiration) => simulated.chainSnapshot(u.ticker, { expiration })));
        const quotes = snaps.flatMap((s) => s.quotes);
        return {
          ticker: u.ticker,
          name: u.name,
          sector: u.sector,
          current_price: snaps[0]?.underlyingPrice ?? 0,
          avg_daily_volume: quotes.reduce((s, q) => s + (q.volume ?? 0), 0),
          avg_open_interest: quotes.reduce((s, q) => s + (q.openInterest ?? 0), 0),
          is_active: true,
          last_update: snaps[0]?.asOf ?? clock.now().toISOString(),
        };
      }),
    );
  }

  /**
   * The canonical ticker when it is one the product serves, else a failure naming the known ones.
   * Tracked underlyings are ingested and read from the store; the others come from the simulated
   * market. Deciding this from the profiles costs no read.
   */
  function resolve(raw: string): Result<ResolvedUnderlying> {
    const profile = underlyingProfile(raw);
    if (profile) return ok({ ticker: profile.ticker, stored: profile.tracked });
    return fail(
      'not_found',
      `Unknown underlying: ${raw.toUpperCase()}. Options Academy has chains for ${UNDERLYINGS.map((u) => u.ticker)
        .sort()
        .join(', ')}.`,
    );
  }

  // Small read-mostly items are kept for a while, as a warm Lambda keeps them (docs/architecture.md, "Data model").
  const statusMemo = ttlMemo(
    30_000,
    () =>
      safely(
        'status',
        () => store.getStatus(),
        (s) => s === null,
      ),
    clock,
  );
  const tickersMemo = ttlMemo(60_000, storedTickers, clock);
  // The simulated market changes once a session: keep its tickers until the session moves on.
  let simulatedCache: { session: string; value: Promise<StoredTicker[]> } | null = null;
  const simulatedTickersMemo = () => {
    const session = currentSession(clock.now()).date;
    if (!simulatedCache || simulatedCache.session !== session) simulatedCache = { session, value: simulatedTickers() };
    return simulatedCache.value;
  };

  // Each ticker's tape quote for the ticker item it was made from (see `quotes`); concurrent callers share one read.
  const tape = new Map<string, { key: string; quote: Promise<TapeQuote> }>();
  function tapeQuote(t: StoredTicker, day: string): Promise<TapeQuote> {
    const key = `${t.last_update}|${t.current_price}|${day}`;
    const kept = tape.get(t.ticker);
    if (kept?.key === key) return kept.quote;
    const quote = (async () => {
      const history = await reader.history(t.ticker, 10);
      const closes = history.ok ? history.value.bars.map((b) => b.close) : [];
      // The last bar is the current session when its close is the current price; the one before is then the previous close.
      const last = closes.at(-1);
      const previous = last !== undefined && Math.abs(last - t.current_price) < 1e-6 ? closes.at(-2) : last;
      const prev = previous ?? t.current_price;
      const change = t.current_price - prev;
      return {
        ticker: t.ticker,
        name: t.name,
        price: t.current_price,
        change: Math.round(change * 100) / 100,
        changePercent: Math.round((change / prev) * 10_000) / 100,
        asOf: t.last_update,
      };
    })();
    tape.set(t.ticker, { key, quote });
    quote.catch(() => {
      if (tape.get(t.ticker)?.quote === quote) tape.delete(t.ticker);
    });
    return quote;
  }

  const reader = {
    resolve,

    async tickers(query?: string): Promise<{ source: 'live' | 'demo'; tickers: StoredTicker[] }> {
      const stored = await tickersMemo();
      // Symbols the store does not hold (the extra mock-price names) come from the simulated market.
      const simulatedList = await simulatedTickersMemo();
      const list = stored ? [...stored, ...simulatedList.filter((s) => !stored.some((t) => t.ticker === s.ticker))] : simulatedList;
      const q = query?.trim().toLowerCase();
      const matches = list.filter((t) => t.is_active && (!q || t.ticker.toLowerCase().includes(q) || t.name.toLowerCase().includes(q)));
      matches.sort((a, b) => a.ticker.localeCompare(b.ticker));
      const status = await statusMemo();
      return { source: stored && status?.source === 'live' ? 'live' : 'demo', tickers: matches };
    },

    async expiries(underlying: string, type?: ExpiryType): Promise<Result<{ underlying: string; source: 'live' | 'demo'; expiries: ExpirySummary[] }>> {
      const r = resolve(underlying);
      if (!r.ok) return r;
      const resolved = r.value;
      const now = clock.now();
      const day = today();
      const stored = resolved.stored
        ? await safely(
            'expiries',
            () => store.listExpiries(resolved.ticker),
            (v) => v.filter((e) => !isExpired(e.expiration_date, now)).length === 0,
          )
        : null;
      let source: 'live' | 'demo' = 'demo';
      let summaries: ExpirySummary[];
      if (stored) {
        source = (await statusMemo())?.source ?? 'demo';
        summaries = stored;
      } else {
        const snap = await simulated.chainSnapshot(resolved.ticker);
        const byExpiry = new Map<string, typeof snap.quotes>();
        for (const q of snap.quotes) byExpiry.set(q.expiration, [...(byExpiry.get(q.expiration) ?? []), q]);
        summaries = [...byExpiry.entries()].map(([expiration, quotes]) =>
          summarizeExpiry(
            buildChain(quotes, {
              underlying: resolved.ticker,
              expiration,
              underlyingPrice: snap.underlyingPrice ?? 0,
              T: 0,
              r: RISK_FREE_RATE,
              q: 0,
              exercise: exerciseStyle(resolved.ticker),
            }),
            resolved.ticker,
            expiration,
            day,
          ),
        );
      }
      const fresh = summaries
        .filter((e) => !isExpired(e.expiration_date, now))
        .map((e) => ({ ...e, expiry_type: classifyExpiry(e.expiration_date, day), days_to_expiry: Math.max(0, daysBetween(day, e.expiration_date)) }))
        .filter((e) => !type || e.expiry_type === type)
        .sort((a, b) => a.expiration_date.localeCompare(b.expiration_date));
      return ok({ underlying: resolved.ticker, source, expiries: fresh });
    },

    /** One expiry's chain; when the stored (or the simulated session's) version equals the cached one, the cached view is reused. */
    async chain(underlying: string, expiration: string, cached?: { version: string; view: ChainView }): Promise<Result<ChainView>> {
      const r = resolve(underlying);
      if (!r.ok) return r;
      const resolved = r.value;
      const now = clock.now();
      if (isExpired(expiration, now)) {
        return fail('not_found', `${resolved.ticker} options expiring ${expiration} have expired. Pick a later expiry.`);
      }
      const day = today();
      const stored: StoredChain | null = resolved.stored
        ? await safely(
            'chain',
            () => store.getChain(resolved.ticker, expiration),
            (v) => v === null,
          )
        : null;
      const relabelled = <T extends Omit<ChainView, 'expiry_type' | 'days_to_expiry'>>(view: T): ChainView => ({
        ...view,
        expiry_type: classifyExpiry(expiration, day),
        days_to_expiry: Math.max(0, daysBetween(day, expiration)),
      });
      if (stored && cached && cached.version === stored.version) return ok(relabelled(cached.view));
      // The simulated market changes once a session, and pricing its American contracts is most of a read without a
      // stored chain: a view already made for this session is reused.
      if (!stored && cached && cached.version === simulatedVersion(now)) return ok(relabelled(cached.view));
      let base: Omit<ChainView, 'expiry_type' | 'days_to_expiry'>;
      if (stored) {
        base = {
          underlying: { ticker: stored.underlying, price: stored.underlyingPrice, asOf: stored.asOf },
          expiration_date: expiration,
          source: stored.source,
          provider: stored.provider,
          version: stored.version,
          contracts: stored.contracts,
        };
      } else {
        const snap = await simulated.chainSnapshot(resolved.ticker, { expiration });
        if (snap.quotes.length === 0) return fail('not_found', `No ${resolved.ticker} options expire on ${expiration}. Pick one of the listed expiries.`);
        const S = snap.underlyingPrice ?? 0;
        const T = yearsBetween(new Date(snap.asOf), newYorkInstant(expiration, 16));
        base = {
          underlying: { ticker: resolved.ticker, price: S, asOf: snap.asOf },
          expiration_date: expiration,
          source: 'demo',
          provider: simulated.name,
          version: `sim#${snap.asOf}`,
          contracts: buildChain(snap.quotes, {
            underlying: resolved.ticker,
            expiration,
            underlyingPrice: S,
            T,
            r: RISK_FREE_RATE,
            q: underlyingProfile(resolved.ticker)?.dividendYield ?? 0,
            exercise: exerciseStyle(resolved.ticker),
          }),
        };
      }
      return ok(relabelled(base));
    },

    /**
     * Last price and the change from the previous session's close, for the ticker tapes. A ticker's quote changes only
     * when an ingestion rewrites its ticker item (its bars are written before it): each is kept, keyed by the ticker's
     * as-of, price and the New York day, so a warm function reads a ticker's history once per ingestion, not per call.
     */
    async quotes(symbols: readonly string[]): Promise<{ quotes: TapeQuote[] }> {
      const { tickers: all } = await reader.tickers();
      const day = today();
      const wanted = symbols.flatMap((raw) => all.filter((x) => x.ticker === raw.toUpperCase()));
      return { quotes: await Promise.all(wanted.map((t) => tapeQuote(t, day))) };
    },

    async history(underlying: string, days: number): Promise<Result<{ ticker: string; source: 'live' | 'demo'; bars: DailyBar[] }>> {
      const r = resolve(underlying);
      if (!r.ok) return r;
      const resolved = r.value;
      const from = addDays(today(), -days);
      const stored = resolved.stored
        ? await safely(
            'history',
            () => store.getBars('stock', resolved.ticker, from),
            (v) => v.length === 0,
          )
        : null;
      if (stored) return ok({ ticker: resolved.ticker, source: (await statusMemo())?.source ?? 'demo', bars: stored });
      return ok({ ticker: resolved.ticker, source: 'demo', bars: await simulated.dailyBars(resolved.ticker, from, today()) });
    },

    async contractHistory(contract: string, days: number): Promise<Result<{ contract: string; source: 'live' | 'demo'; bars: DailyBar[] }>> {
      const parsed = parseOcc(contract);
      if (!parsed) return fail('not_found', `${contract} is not an option symbol.`);
      const r = resolve(parsed.underlying);
      if (!r.ok) return r;
      const resolved = r.value;
      const symbol = contract.replace(/^O:/, '').toUpperCase();
      const from = addDays(today(), -days);
      const stored = resolved.stored
        ? await safely(
            'contract history',
            () => store.getBars('option', symbol, from),
            (v) => v.length === 0,
          )
        : null;
      if (stored) return ok({ contract: symbol, source: (await statusMemo())?.source ?? 'demo', bars: stored });
      return ok({ contract: symbol, source: 'demo', bars: await simulated.dailyBars(symbol, from, today()) });
    },
  };
  return reader;
}

export type MarketReader = ReturnType<typeof marketReader>;

/** What a read answers when it succeeds: a Result's value, or the answer of a read that cannot fail. */
type Answered<T> = T extends Ok<infer V> ? V : T extends Err ? never : T;
/** The success answer of one of the reader's reads, the shape its route serialises. */
export type ReaderAnswer<K extends keyof MarketReader> = Answered<Awaited<ReturnType<MarketReader[K]>>>;

/** A ticker tape's entry: the last price and the change from the previous session's close. */
export interface TapeQuote {
  ticker: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  asOf: string;
}

/** The version of a chain read from the simulated market at an instant: its session's close, as the quotes' asOf. */
const simulatedVersion = (at: Date) => `sim#${currentSession(at).asOf.toISOString()}`;

/** Caches an async value for a time; concurrent callers share one read. */
export function ttlMemo<T>(ttlMs: number, load: () => Promise<T>, clock: Clock): () => Promise<T> {
  let value: Promise<T> | undefined;
  let at = 0;
  return () => {
    const now = clock.now().getTime();
    if (!value || now - at > ttlMs) {
      at = now;
      value = load().catch((err: unknown) => {
        value = undefined;
        throw err;
      });
    }
    return value;
  };
}
