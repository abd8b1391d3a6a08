import { fail, ok, type Result } from '@shared/result';
import type { IndianChain, IndianChainSource } from '@shared/market/india/indian-chain-source.port';
import { optionChainRows, optionExpiries, type KiteInstrument } from '@shared/market/india/kite/instruments';
import type { KiteApi } from '@shared/market/india/kite/kite.port';
import { instrumentKey, type KiteQuote } from '@shared/market/india/kite/kite.wire';
import { KITE_INDEX_SYMBOLS, kiteSpotKey } from '@shared/market/india/kite/spot-symbols';
import type { KiteCredentials, KiteSession } from '@shared/market/india/kite-session.port';
import { isLiveFresh, LIVE_FRESH_MS } from '@shared/market/india/live/quote-book';
import type { IndianLiveQuotes } from '@shared/market/india/live/live-quotes.port';
import { kolkataInstant, kolkataParts } from '@shared/market/india/nse-calendar';
import { nseContract } from '@shared/market/india/nse-contracts';
import { quotedIndianChain, type QuotedContract } from '@shared/market/india/quoted-chain';
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
 *   are (shared/market/india/quoted-chain.ts, one function for this path and the live one);
 * - first of all, when the ticker service (functions/services/india-ticker.ts) wrote the group lately (its item at most
 *   LIVE_FRESH_MS old), the chain is built from that item and Kite is not called at all;
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
  /** The ticker service's live groups (the table); without them every read goes to Kite's REST API. */
  live?: IndianLiveQuotes;
  /** How old a live item may be and still be used (default LIVE_FRESH_MS). */
  liveFreshMs?: number;
}

export { KITE_INDEX_SYMBOLS, kiteSpotKey };

/** Kite's quote time, IST without a zone ("YYYY-MM-DD HH:MM:SS"), as an instant. */
function quoteInstant(timestamp: string | null | undefined): Date | null {
  const m = timestamp ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})/.exec(timestamp) : null;
  return m ? kolkataInstant(m[1]!, Number(m[2]), Number(m[3])) : null;
}

export function kiteChainSources(options: KiteChainSourceOptions = {}) {
  const keepMs = options.keepMs ?? INDIA_REFRESH_SECONDS * 1000 - 500;
  const freshMs = options.liveFreshMs ?? LIVE_FRESH_MS;
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
    const streamed = await live(spec.symbol, expiry, now);
    if (streamed) return ok(streamed);
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

    const contracts: QuotedContract[] = [];
    for (const row of rows) {
      const quote = quotes.value[instrumentKey(row.exchange || 'NFO', row.tradingsymbol)] as KiteQuote | undefined;
      if (!quote) continue;
      contracts.push({
        tradingsymbol: row.tradingsymbol,
        strike: row.strike,
        type: row.instrument_type,
        lotSize: row.lot_size,
        bid: quote.depth?.buy[0]?.price ?? 0,
        ask: quote.depth?.sell[0]?.price ?? 0,
        last: quote.last_price,
        volume: quote.volume ?? 0,
        oi: quote.oi ?? 0,
      });
    }
    const asOf = quoteInstant(spotQuote.timestamp) ?? now;
    return ok(quotedIndianChain({ spec, expiry: chosen, listed, spot: spotQuote.last_price, asOf, contracts }));
  }

  /** The ticker service's item of the group, when the stream wrote it lately; else null (and Kite's REST API answers). */
  async function live(symbol: string, expiry: string | undefined, now: Date): Promise<IndianChain | null> {
    const spec = nseContract(symbol);
    if (!spec || !options.live) return null;
    const read = await options.live.get({ underlying: spec.symbol, expiry, from: kolkataParts(now).date });
    if (!read.ok || !read.value || read.value.spot === null || !(read.value.spot > 0) || !isLiveFresh(read.value, now, freshMs)) return null;
    const g = read.value;
    return quotedIndianChain({ spec, expiry: g.expiry, listed: g.expiries, spot: g.spot!, asOf: new Date(g.asOf), contracts: g.contracts });
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
