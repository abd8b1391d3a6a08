import { fail, ok, type Result } from '@shared/result';
import type { IndianChain, IndianChainSource } from '@shared/market/india/indian-chain-source.port';
import { optionChainRows, optionExpiries, type KiteInstrument } from '@shared/market/india/kite/instruments';
import type { KiteApi } from '@shared/market/india/kite/kite.port';
import { instrumentKey, type KiteQuote } from '@shared/market/india/kite/kite.wire';
import type { KiteCredentials, KiteSession } from '@shared/market/india/kite-session.port';
import { kolkataInstant, kolkataParts, nseTradingDayOnOrBefore, nseYearsToExpiry, type NseExpiry } from '@shared/market/india/nse-calendar';
import { NSE_EXERCISE_STYLE, nseContract } from '@shared/market/india/nse-contracts';
import { nseQuoteGreeks } from '@shared/market/india/nse-quote-greeks';
import { continuousRepoRate, repoRateOn } from '@shared/market/india/repo-rate';
import type { NseOptionQuote } from '@shared/market/india/simulated-nse-market';
import { INDIA_REFRESH_SECONDS } from '@shared/market/india/india.api';
import { kiteClient } from './kite-client';

/**
 * The Indian chain from Kite Connect v3 (issue 38), with a live login's access token:
 * - the NFO instrument dump (`GET /instruments/NFO`, several MB) is read once a day per warm function and API key;
 *   the chain's rows are the CE and PE rows whose `name` is the underlying, of the chosen expiry or else the earliest
 *   (spec part 2, "Validation rules"; shared/market/india/kite/instruments.ts);
 * - one `GET /quote` for those rows and the underlying (Kite's client batches 500 instruments a call, one call a
 *   second); the spot is the index's quote (NSE:NIFTY 50, NSE:NIFTY BANK, NSE:NIFTY FIN SERVICE: the trading symbols
 *   of Kite's NSE indices) or the stock's (NSE:RELIANCE);
 * - bid and ask are the best of the quote's depth, the mid between them (the last price when a side is empty);
 *   Kite's volume and open interest are in shares and are shown in contracts (÷ lot size);
 * - Kite's quotes carry no IV or Greeks: they are solved on the server from the mids exactly as the simulated chain's
 *   are (nseQuoteGreeks: BSM on the spot with the RBI repo rate and the underlying's dividend yield, European);
 * - one answer per underlying and expiry is kept a little under the page's refresh, so learners reading together
 *   share one quote call (Kite allows one a second per API key).
 */
export interface KiteChainSourceOptions {
  /** Kite's API root, or the local stand-in's (KITE_API_URL). */
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** How long an answer is kept (default a little under the 5-s refresh). */
  keepMs?: number;
  /** The pause between quote calls, Kite's one a second by default. */
  quoteIntervalMs?: number;
}

/** Kite's trading symbols of the NSE indices NSE's index options are written on; a stock's is its own symbol. */
export const KITE_INDEX_SYMBOLS: Readonly<Record<string, string>> = {
  NIFTY: 'NIFTY 50',
  BANKNIFTY: 'NIFTY BANK',
  FINNIFTY: 'NIFTY FIN SERVICE',
};

export const kiteSpotKey = (symbol: string): string => instrumentKey('NSE', KITE_INDEX_SYMBOLS[symbol] ?? symbol);

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Kite's quote time, IST without a zone ("YYYY-MM-DD HH:MM:SS"), as an instant. */
function quoteInstant(timestamp: string | null | undefined): Date | null {
  const m = timestamp ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(timestamp) : null;
  return m ? kolkataInstant(m[1]!, Number(m[2]), Number(m[3])) : null;
}

/** An expiry is the month's monthly when no later expiry of the underlying falls in the same month (Kite's dump says no kind). */
function expiryKinds(expiries: readonly string[]): NseExpiry[] {
  return expiries.map((date) => ({ date, kind: expiries.some((e) => e > date && e.slice(0, 7) === date.slice(0, 7)) ? 'weekly' : 'monthly' }));
}

export function kiteChainSources(options: KiteChainSourceOptions = {}) {
  const keepMs = options.keepMs ?? INDIA_REFRESH_SECONDS * 1000 - 500;
  const dumps = new Map<string, Promise<Result<KiteInstrument[]>>>();
  const answers = new Map<string, { at: number; value: Promise<Result<IndianChain | null>> }>();
  const clients = new Map<string, KiteApi>();

  /** The day's NFO dump for an API key, shared by concurrent readers; a failed read is not kept. */
  function dump(api: KiteApi, apiKey: string, day: string): Promise<Result<KiteInstrument[]>> {
    const key = `${apiKey}|${day}`;
    let kept = dumps.get(key);
    if (!kept) {
      for (const k of dumps.keys()) if (k.startsWith(`${apiKey}|`)) dumps.delete(k);
      kept = api.instruments('NFO').then((r) => {
        if (!r.ok) dumps.delete(key);
        return r;
      });
      dumps.set(key, kept);
    }
    return kept;
  }

  async function read(api: KiteApi, apiKey: string, symbol: string, expiry: string | undefined, now: Date): Promise<Result<IndianChain | null>> {
    const spec = nseContract(symbol);
    if (!spec) return ok(null);
    const instruments = await dump(api, apiKey, kolkataParts(now).date);
    if (!instruments.ok) return instruments;
    const listed = optionExpiries(instruments.value, spec.symbol).filter((e) => e >= kolkataParts(now).date);
    if (listed.length === 0) return ok(null);
    if (expiry && !listed.includes(expiry))
      return fail('not_found', `No ${spec.symbol} options expire on ${expiry}; choose one of the listed expiries.`, { expiries: listed });
    const { expiry: chosen, rows } = optionChainRows(instruments.value, spec.symbol, expiry ?? listed[0]);
    if (!chosen || rows.length === 0) return ok(null);

    const spotKey = kiteSpotKey(spec.symbol);
    const quotes = await api.quote([spotKey, ...rows.map((r) => instrumentKey(r.exchange || 'NFO', r.tradingsymbol))]);
    if (!quotes.ok) return quotes;
    const spotQuote = quotes.value[spotKey];
    if (!spotQuote || !(spotQuote.last_price > 0)) return fail('bad_gateway', `Kite sent no price for ${spotKey}`, { source: 'kite', operation: 'quote' });

    const S = spotQuote.last_price;
    const asOf = quoteInstant(spotQuote.timestamp) ?? now;
    const session = nseTradingDayOnOrBefore(kolkataParts(asOf).date);
    const repo = repoRateOn(session).rate;
    const r = continuousRepoRate(repo);
    const q = spec.dividendYield;
    const kinds = expiryKinds(listed);
    const kindOf = (date: string) => kinds.find((k) => k.date === date)?.kind ?? 'monthly';

    const quoted = rows.map((row) => ({ row, quote: quotes.value[instrumentKey(row.exchange || 'NFO', row.tradingsymbol)] as KiteQuote | undefined }));
    const present = quoted.filter((x): x is { row: (typeof rows)[number]; quote: KiteQuote } => x.quote !== undefined);
    const n = present.length;
    const isCall = new Uint8Array(n);
    const K = new Float64Array(n);
    const T = new Float64Array(n).fill(nseYearsToExpiry(asOf, chosen));
    const mids = new Float64Array(n);
    const sides = present.map(({ row, quote }, i) => {
      const bid = quote.depth?.buy[0]?.price ?? 0;
      const ask = quote.depth?.sell[0]?.price ?? 0;
      const mid = bid > 0 && ask > 0 ? round2((bid + ask) / 2) : quote.last_price;
      isCall[i] = row.instrument_type === 'CE' ? 1 : 0;
      K[i] = row.strike;
      mids[i] = mid;
      return { bid, ask, mid };
    });
    const solved = nseQuoteGreeks({ S, r, q, isCall, K, T, price: mids });

    const optionQuotes: NseOptionQuote[] = present.map(({ row, quote }, i) => {
      const lot = row.lot_size > 0 ? row.lot_size : spec.lotSize;
      const { bid, ask, mid } = sides[i]!;
      return {
        tradingsymbol: row.tradingsymbol,
        underlying: spec.symbol,
        expiry: chosen,
        expiryKind: kindOf(chosen),
        strike: row.strike,
        type: row.instrument_type,
        lotSize: lot,
        bid,
        ask,
        mid,
        last: quote.last_price > 0 ? quote.last_price : null,
        premiumPerLot: round2(mid * lot),
        iv: solved[i]!.iv,
        greeks: solved[i]!.greeks,
        volume: Math.round((quote.volume ?? 0) / lot),
        openInterest: Math.round((quote.oi ?? 0) / lot),
      };
    });

    return ok({
      underlying: spec.symbol,
      name: spec.name,
      session,
      asOf: asOf.toISOString(),
      spot: S,
      currency: 'INR',
      exercise: NSE_EXERCISE_STYLE,
      lotSize: rows[0]!.lot_size > 0 ? rows[0]!.lot_size : spec.lotSize,
      repoRate: repo,
      riskFreeRate: r,
      dividendYield: q,
      expiries: kinds,
      expiry: chosen,
      quotes: optionQuotes,
    });
  }

  /** The chain source for one login: the keys' API key and the day's access token. */
  return (credentials: KiteCredentials, login: KiteSession): IndianChainSource => {
    let base = clients.get(credentials.apiKey);
    if (!base) {
      base = kiteClient({
        apiKey: credentials.apiKey,
        baseUrl: options.baseUrl,
        fetch: options.fetch,
        sleep: options.sleep,
        quoteIntervalMs: options.quoteIntervalMs,
      });
      clients.set(credentials.apiKey, base);
    }
    // Copies made by withAccessToken share the key's pace: Kite counts quote calls per API key.
    const api = base.withAccessToken(login.accessToken);
    return {
      chain: ({ symbol, expiry, now }) => {
        const key = `${credentials.apiKey}|${login.accessToken}|${symbol}|${expiry ?? ''}`;
        const kept = answers.get(key);
        if (kept && now.getTime() - kept.at < keepMs) return kept.value;
        const value = read(api, credentials.apiKey, symbol, expiry, now);
        answers.set(key, { at: now.getTime(), value });
        // A failed answer is not shared: the next reader asks again.
        void value.then((r) => {
          if (!r.ok && answers.get(key)?.value === value) answers.delete(key);
        });
        if (answers.size > 256) answers.delete(answers.keys().next().value!);
        return value;
      },
    };
  };
}
