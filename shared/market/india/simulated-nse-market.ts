import { callPutBatch, chainGreeks, type Greeks } from '../../pricing';
import { seededRng } from '../random';
import { dailyReturn, daySkewLevel, dayVolLevel, quoteOnTicks, round2, walkClose, type DrawKey } from '../simulated-day';
import { strikeGrid } from '../strikes';
import { atmVol, surfaceVol } from '../vol-surface';
import {
  isNseTradingDay,
  nextNseTradingDay,
  nseCloseInstant,
  nseCurrentSession,
  nseDaysToExpiry,
  nseListedExpiries,
  nseTradingDayOnOrBefore,
  nseYearsToExpiry,
  previousNseTradingDay,
  type NseExpiry,
} from './nse-calendar';
import { NSE_EXERCISE_STYLE, NSE_OPTION_TICK, NSE_REFERENCE_DATE, nseContract, type NseContractSpec } from './nse-contracts';
import { nseQuoteGreeks } from './nse-quote-greeks';
import { continuousRepoRate, repoRateOn } from './repo-rate';

/**
 * The simulated NSE market: a deterministic end-of-day Indian options chain for learners without a Kite session. It runs
 * on the US simulated market's machinery with NSE's parameters: the seeded random walk (simulated-day.ts walkClose and
 * dailyReturn) through NSE trading days from the contract's reference close, the day's volatility and skew levels, and
 * the parametric volatility surface (vol-surface.ts) with each underlying's rupee profile (nse-contracts.ts).
 *
 * Pricing: every NSE option is European (nse-contracts.ts), so the model value is Black-Scholes-Merton on the spot
 * index or share with the RBI repo rate (repo-rate.ts, continuous) and the underlying's dividend yield, which is the
 * same number as Black-76 on the forward F = S·e^{(r−q)T} (Hull, "Options, Futures, and Other Derivatives", on Black's
 * model; the test shows it). The simulated market has a spot and no futures, so BSM on the spot is the direct form; a
 * live feed that has the same-expiry future's price should use Black-76 on it, which absorbs the carry and dividends
 * the market implies. Bid and ask straddle the model value on NSE's ₹0.05 tick; IV is solved back from the quoted mid
 * and the Greeks taken at that IV (shared/pricing chainGreeks, market mode), as for a feed whose quotes carry no IV.
 * Quotes are as of the 15:30 Asia/Kolkata close; prices in INR per share (or index unit), with the lot size beside each.
 */

/** Seeds of the Indian market are prefixed, so they never meet a US ticker's draws or memo. */
const seedOf = (symbol: string) => `NSE:${symbol}`;

function requireNse(symbol: string): NseContractSpec {
  const spec = nseContract(symbol);
  if (!spec) throw new RangeError(`${symbol} is not an underlying the simulated NSE market lists`);
  return spec;
}

/** The close of an NSE underlying on the trading day on or before a date, in rupees. */
export function nseClose(symbol: string, date: string, key?: DrawKey): number {
  const spec = requireNse(symbol);
  const seeded = { ticker: seedOf(spec.symbol), atmVol: spec.atmVol };
  return walkClose(
    {
      ticker: seeded.ticker,
      referenceDate: NSE_REFERENCE_DATE,
      referencePrice: spec.referencePrice,
      dayOnOrBefore: nseTradingDayOnOrBefore,
      nextDay: nextNseTradingDay,
      previousDay: previousNseTradingDay,
      dailyReturn: (d) => dailyReturn(seeded, d, key),
    },
    date,
    key,
  );
}

export type NseOptionType = 'CE' | 'PE';

export interface NseOptionQuote {
  /** Kite-style trading symbol (monthly NIFTY26DEC26000CE; weekly NIFTY26D0126000CE). */
  tradingsymbol: string;
  underlying: string;
  expiry: string;
  expiryKind: NseExpiry['kind'];
  strike: number;
  type: NseOptionType;
  /** Shares (or index units) per contract. */
  lotSize: number;
  /** Premiums in rupees per share. */
  bid: number;
  ask: number;
  mid: number;
  last: number | null;
  /** The mid times the lot size: what one contract costs. */
  premiumPerLot: number;
  /** Implied volatility solved from the mid; null where the mid has none (a premium at the bound). */
  iv: number | null;
  /** Per share, in display units (theta per calendar day, vega and rho per 1 point); null where IV is null. */
  greeks: Greeks | null;
  /** In contracts. */
  volume: number;
  openInterest: number;
}

export interface NseChain {
  underlying: string;
  name: string;
  /** The trading date the chain closes on, and its 15:30 Asia/Kolkata instant. */
  session: string;
  asOf: string;
  spot: number;
  currency: 'INR';
  exercise: typeof NSE_EXERCISE_STYLE;
  lotSize: number;
  /** The RBI repo rate in force (simple annual) and the continuous rate priced with. */
  repoRate: number;
  riskFreeRate: number;
  dividendYield: number;
  /** The expiries listed after the session's close, soonest first; `quotes` holds the chosen one(s). */
  expiries: NseExpiry[];
  quotes: NseOptionQuote[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const WEEKLY_MONTH = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'];

/**
 * The trading symbol as Kite's instruments dump spells it: monthly SYMBOL·YY·MMM·STRIKE·CE|PE (the research note's
 * sample row BANKNIFTY18JAN23500CE); weekly SYMBOL·YY·M·DD·STRIKE·CE|PE with M = 1–9 for January to September and O, N,
 * D for October to December (Zerodha on the Kite Connect forum: BANKNIFTY2020630900CE for 6 February 2020,
 * NIFTY20D1713600CE for 17 December 2020). A display and lookup key only: the feed reads expiry and strike from their
 * columns, as the research note advises.
 */
export function nseTradingSymbol(symbol: string, expiry: NseExpiry, strike: number, type: NseOptionType): string {
  const yy = expiry.date.slice(2, 4);
  const month = Number(expiry.date.slice(5, 7));
  const when = expiry.kind === 'monthly' ? `${yy}${MONTHS[month - 1]}` : `${yy}${WEEKLY_MONTH[month - 1]}${expiry.date.slice(8, 10)}`;
  return `${symbol}${when}${String(strike)}${type}`;
}

/** How much of a monthly's open interest each series carries. */
const SERIES_WEIGHT = { weekly: 0.8, monthly: 1 } as const;

function quoteExpiry(spec: NseContractSpec, session: string, S: number, r: number, expiry: NseExpiry, far: boolean): NseOptionQuote[] {
  const asOf = nseCloseInstant(session);
  const T = nseYearsToExpiry(asOf, expiry.date);
  if (T <= 0) return [];
  const seed = seedOf(spec.symbol);
  const q = spec.dividendYield;
  const level = dayVolLevel(seed, session);
  const skewLevel = daySkewLevel(seed, session);
  const F = S * Math.exp((r - q) * T);
  const dte = nseDaysToExpiry(session, expiry.date);
  const atm = atmVol(spec, T, level);
  // NSE lists index strikes over a narrower band than stocks': the US grid's index (±12%) and stock (±20%) widths.
  const strikes = strikeGrid(spec.kind === 'index' ? 'index-etf' : 'stock', S, dte, atm, far ? spec.farStrikeInterval : spec.strikeInterval);

  const n = strikes.length * 2;
  const { isCall, K, sigma, T: Ts } = callPutBatch(strikes, T, (k) => surfaceVol(spec, k, F, T, level, skewLevel));
  const model = chainGreeks({ S, r, q, isCall, K, T: Ts, sigma });

  const t = NSE_OPTION_TICK;
  const bids = new Float64Array(n);
  const asks = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const value = Math.max(0, model.price[i]!);
    const intrinsic = Math.max(0, isCall[i] ? S - K[i]! : K[i]! - S);
    const x = Math.log(K[i]! / F) / (atm * Math.sqrt(Math.max(T, 1 / 365)));
    // Market makers quote the time value: wider away from the money and for stocks than for indices.
    const pct = (spec.kind === 'index' ? 0.01 : 0.02) * (1 + 0.6 * Math.min(3.5, Math.abs(x)));
    const halfSpread = Math.max(t / 2, Math.max(0, value - intrinsic) * pct + intrinsic * 0.001);
    const { bid, ask } = quoteOnTicks(value, halfSpread, t);
    bids[i] = round2(bid);
    asks[i] = round2(ask);
  }
  const mids = new Float64Array(n);
  for (let i = 0; i < n; i++) mids[i] = round2((bids[i]! + asks[i]!) / 2);
  // IV and Greeks from the quoted mids, as from a feed's quotes.
  const market = nseQuoteGreeks({ S, r, q, isCall, K, T: Ts, price: mids });

  const quotes: NseOptionQuote[] = [];
  for (let i = 0; i < n; i++) {
    const type: NseOptionType = isCall[i] ? 'CE' : 'PE';
    const k = K[i]!;
    const rng = seededRng(seed, expiry.date, k, type, session);
    const x = Math.log(k / F) / (atm * Math.sqrt(Math.max(T, 1 / 365)));
    const concentration = Math.exp(-(x * x) / (2 * 1.1 * 1.1));
    const putBias = type === 'PE' ? (x < 0 ? 1.25 : 0.7) : x > 0 ? 1.1 : 0.75;
    const oi = Math.round(spec.oiScale * SERIES_WEIGHT[expiry.kind] * concentration * putBias * Math.exp(0.35 * rng.normal()) * Math.min(1, 0.25 + dte / 30));
    const turnover = (0.05 + 0.5 * Math.exp(-dte / 4)) * Math.exp(0.5 * rng.normal());
    const volume = concentration < 0.02 && rng.uniform() < 0.6 ? 0 : Math.round(oi * turnover * (0.4 + concentration));
    const bid = bids[i]!;
    const ask = asks[i]!;
    const mid = mids[i]!;
    const last = volume > 0 || oi > 0 ? round2(Math.min(ask, Math.max(bid, Math.round((mid + (rng.uniform() - 0.5) * (ask - bid) * 0.8) / t) * t))) : null;
    quotes.push({
      tradingsymbol: nseTradingSymbol(spec.symbol, expiry, k, type),
      underlying: spec.symbol,
      expiry: expiry.date,
      expiryKind: expiry.kind,
      strike: k,
      type,
      lotSize: spec.lotSize,
      bid,
      ask,
      mid,
      last,
      premiumPerLot: round2(mid * spec.lotSize),
      iv: market[i]!.iv,
      greeks: market[i]!.greeks,
      volume,
      openInterest: oi,
    });
  }
  return quotes;
}

export interface SimulatedNseChainOptions {
  /** One expiry (YYYY-MM-DD) of those listed; without it, every listed expiry. */
  expiry?: string;
  /** The deployment's secret draws (simulated-day.ts DrawKey); without it, the published ones. */
  key?: DrawKey;
}

/**
 * The simulated chain of an NSE underlying at a trading day's 15:30 close (a non-trading date reads the trading day
 * before). Null for a symbol the simulated market does not list. The expiries are those listed on the session that
 * have not expired at its close.
 */
export function simulatedNseChain(symbol: string, date: string, options: SimulatedNseChainOptions = {}): NseChain | null {
  const spec = nseContract(symbol);
  if (!spec) return null;
  const session = isNseTradingDay(date) ? date : nseTradingDayOnOrBefore(date);
  const S = nseClose(spec.symbol, session, options.key);
  const repo = repoRateOn(session).rate;
  const r = continuousRepoRate(repo);
  const expiries = nseListedExpiries(spec.symbol, session).filter((e) => e.date > session);
  const monthlies = expiries.filter((e) => e.kind === 'monthly');
  const farMonth = monthlies.length >= 3 ? monthlies[2]!.date : undefined;
  const chosen = options.expiry ? expiries.filter((e) => e.date === options.expiry) : expiries;
  return {
    underlying: spec.symbol,
    name: spec.name,
    session,
    asOf: nseCloseInstant(session).toISOString(),
    spot: S,
    currency: 'INR',
    exercise: NSE_EXERCISE_STYLE,
    lotSize: spec.lotSize,
    repoRate: repo,
    riskFreeRate: r,
    dividendYield: spec.dividendYield,
    expiries,
    quotes: chosen.flatMap((e) => quoteExpiry(spec, session, S, r, e, e.date === farMonth)),
  };
}

/** The simulated chain as of an instant: the latest session completed by then (nse-calendar.ts nseCurrentSession). */
export const simulatedNseChainAt = (symbol: string, now: Date, options: SimulatedNseChainOptions = {}): NseChain | null =>
  simulatedNseChain(symbol, nseCurrentSession(now).date, options);
