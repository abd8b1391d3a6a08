import type { IndianChain } from './indian-chain-source.port';
import { nseTradingDayOnOrBefore, kolkataParts, nseYearsToExpiry, type NseExpiry } from './nse-calendar';
import { NSE_EXERCISE_STYLE, type NseContractSpec } from './nse-contracts';
import { nseQuoteGreeks } from './nse-quote-greeks';
import { continuousRepoRate, repoRateOn } from './repo-rate';
import type { NseOptionQuote } from './simulated-nse-market';

/**
 * One contract's market as a feed quotes it, before the product's arithmetic: Kite's REST quote
 * (functions/adapters/kite/kite-chain-source.ts) and the ticker service's live item (live/quote-book.ts) both come to
 * this, so the two paths build the same chain from the same figures.
 */
export interface QuotedContract {
  tradingsymbol: string;
  strike: number;
  type: 'CE' | 'PE';
  /** The instruments dump's lot size; 0 when it gave none (the contract specification's is used). */
  lotSize: number;
  /** Best bid and ask in rupees per share; 0 for an empty side. */
  bid: number;
  ask: number;
  /** Last traded price; 0 when there has been no trade. */
  last: number;
  /** Kite's volume and open interest, in shares (as Kite counts them). */
  volume: number;
  oi: number;
}

export interface QuotedChainInput {
  spec: NseContractSpec;
  /** The expiry the contracts are of, and the underlying's listed expiries (YYYY-MM-DD), soonest first. */
  expiry: string;
  listed: readonly string[];
  spot: number;
  /** The instant the figures are of. */
  asOf: Date;
  contracts: readonly QuotedContract[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** An expiry is the month's monthly when no later expiry of the underlying falls in the same month (Kite's dump says no kind). */
export function expiryKinds(expiries: readonly string[]): NseExpiry[] {
  return expiries.map((date) => ({ date, kind: expiries.some((e) => e > date && e.slice(0, 7) === date.slice(0, 7)) ? 'weekly' : 'monthly' }));
}

/**
 * The Indian chain from quoted contracts (issue 38): the mid between bid and ask (the last price when a side is empty);
 * IV and Greeks solved from the mids exactly as the simulated chain's are (nseQuoteGreeks: BSM on the spot with the RBI
 * repo rate in force on the session and the underlying's dividend yield, European); premiums per lot with the dump's
 * lot size; Kite's volume and open interest, in shares, shown in contracts (÷ lot size).
 */
export function quotedIndianChain(input: QuotedChainInput): IndianChain {
  const { spec, expiry, spot: S, asOf, contracts } = input;
  const session = nseTradingDayOnOrBefore(kolkataParts(asOf).date);
  const repo = repoRateOn(session).rate;
  const r = continuousRepoRate(repo);
  const q = spec.dividendYield;
  const kinds = expiryKinds(input.listed);
  const kind = kinds.find((k) => k.date === expiry)?.kind ?? 'monthly';

  const n = contracts.length;
  const isCall = new Uint8Array(n);
  const K = new Float64Array(n);
  const T = new Float64Array(n).fill(nseYearsToExpiry(asOf, expiry));
  const mids = new Float64Array(n);
  contracts.forEach((c, i) => {
    isCall[i] = c.type === 'CE' ? 1 : 0;
    K[i] = c.strike;
    mids[i] = c.bid > 0 && c.ask > 0 ? round2((c.bid + c.ask) / 2) : c.last;
  });
  const solved = nseQuoteGreeks({ S, r, q, isCall, K, T, price: mids });

  const quotes: NseOptionQuote[] = contracts.map((c, i) => {
    const lot = c.lotSize > 0 ? c.lotSize : spec.lotSize;
    const mid = mids[i]!;
    return {
      tradingsymbol: c.tradingsymbol,
      underlying: spec.symbol,
      expiry,
      expiryKind: kind,
      strike: c.strike,
      type: c.type,
      lotSize: lot,
      bid: c.bid,
      ask: c.ask,
      mid,
      last: c.last > 0 ? c.last : null,
      premiumPerLot: round2(mid * lot),
      iv: solved[i]!.iv,
      greeks: solved[i]!.greeks,
      volume: Math.round(c.volume / lot),
      openInterest: Math.round(c.oi / lot),
    };
  });

  const firstLot = contracts[0]?.lotSize ?? 0;
  return {
    underlying: spec.symbol,
    name: spec.name,
    session,
    asOf: asOf.toISOString(),
    spot: S,
    currency: 'INR',
    exercise: NSE_EXERCISE_STYLE,
    lotSize: firstLot > 0 ? firstLot : spec.lotSize,
    repoRate: repo,
    riskFreeRate: r,
    dividendYield: q,
    expiries: kinds,
    expiry,
    quotes,
  };
}
