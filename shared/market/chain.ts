import { americanChain, americanImpliedVol, chainGreeks } from '../pricing';
import type { ContractType, ProviderQuote } from './market-data.port';
import type { ExerciseStyle } from './underlyings';
import { classifyExpiry, type ExpiryType } from './expirations';
import { daysBetween } from './dates';

/**
 * The chain as the API serves it: every field of the spec's "Options contract (live)" (spec part 2 §3).
 * Units: IV as a fraction; delta per $1; gamma per $1 per $1; theta per calendar day; vega per 1 vol
 * point (0.01); rho per 1 rate point (0.01) — the units market-data vendors quote.
 * Unknown values are null (shown as a dash), never 0.
 */
export interface OptionContract {
  contract_ticker: string;
  underlying_ticker: string;
  contract_type: ContractType;
  strike_price: number;
  expiration_date: string;
  bid: number | null;
  ask: number | null;
  last: number | null;
  mark: number | null;
  volume: number | null;
  open_interest: number | null;
  implied_volatility: number | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
  rho: number | null;
  intrinsic_value: number;
  time_value: number | null;
  bid_ask_spread: number | null;
  last_trade_timestamp: string | null;
  /**
   * The model behind the contract's IV and Greeks (and, in the simulated market, its quote): 'american' (the
   * Andersen-Lake-Offengenden engine, early exercise included) for American-style contracts, 'european'
   * (Black-Scholes-Merton) for European-style ones. A provider's own IV and Greeks are kept where it gives them.
   */
  pricing_model: ExerciseStyle;
}

export interface ExpirySummary {
  expiration_date: string;
  underlying_ticker: string;
  expiry_type: ExpiryType;
  days_to_expiry: number;
  total_call_volume: number;
  total_put_volume: number;
  total_call_open_interest: number;
  total_put_open_interest: number;
}

export interface ChainInputs {
  underlying: string;
  expiration: string;
  underlyingPrice: number;
  /** Time to expiry in years (ACT/365, to the 16:00 New York close of the expiry day). */
  T: number;
  r: number;
  q: number;
  /** The underlying's exercise style (underlyings.ts exerciseStyle): which model solves IV and Greeks. */
  exercise: ExerciseStyle;
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
const finiteOrNull = (x: number | undefined, digits: number): number | null => (x === undefined || !Number.isFinite(x) ? null : round(x, digits));

/** The mark: the midpoint when both bid and ask are present, otherwise the last price (spec part 2 §3). */
export function markOf(bid: number | null, ask: number | null, last: number | null): number | null {
  if (bid !== null && ask !== null) return (bid + ask) / 2;
  return last;
}

/** Intrinsic value: max(0, S − K) for calls, max(0, K − S) for puts (spec part 2 §5). */
export const intrinsicValue = (type: ContractType, S: number, K: number): number => Math.max(0, type === 'call' ? S - K : K - S);

/**
 * Turns a provider's quotes for one expiry into the served chain, sorted by strike then calls first.
 * Where the provider gives no IV or Greeks, they are solved from the mark with the pricing core, by the model of
 * the contract's exercise style: American-style contracts by the American engine (americanImpliedVol, then
 * americanChain's Greeks at that IV), European-style ones by Black-Scholes-Merton. The European formula would
 * have no IV at all for an American put quoted above the European bounds, and Greeks of the wrong option.
 * Costs about 25 µs a contract for American ones, so it runs when a chain is stored, not when it is read.
 */
export function buildChain(quotes: readonly ProviderQuote[], inputs: ChainInputs): OptionContract[] {
  const sorted = [...quotes].sort((a, b) => a.strike - b.strike || (a.type === b.type ? 0 : a.type === 'call' ? -1 : 1));
  const n = sorted.length;
  const S = inputs.underlyingPrice;
  const marks = sorted.map((qt) => markOf(qt.bid ?? null, qt.ask ?? null, qt.last ?? null));
  const isCall = Uint8Array.from(sorted, (qt) => (qt.type === 'call' ? 1 : 0));
  const K = Float64Array.from(sorted, (qt) => qt.strike);
  const T = new Float64Array(n).fill(inputs.T);
  const live = inputs.T > 0 && n > 0;
  const american = inputs.exercise === 'american';

  // IV: the provider's where given, else solved from the mark.
  const iv = Float64Array.from(sorted, (qt) => qt.impliedVolatility ?? Number.NaN);
  if (live && american) {
    sorted.forEach((qt, i) => {
      const mark = marks[i] ?? null;
      if (qt.impliedVolatility === undefined && mark !== null && Number.isFinite(mark))
        iv[i] = americanImpliedVol({ type: qt.type, S, K: qt.strike, T: inputs.T, r: inputs.r, q: inputs.q, price: mark });
    });
  } else if (live && sorted.some((qt) => qt.impliedVolatility === undefined)) {
    const solved = chainGreeks({
      S,
      r: inputs.r,
      q: inputs.q,
      isCall,
      K,
      T,
      price: Float64Array.from(sorted, (qt, i) => (qt.impliedVolatility === undefined ? (marks[i] ?? Number.NaN) : 0)),
    });
    sorted.forEach((qt, i) => {
      if (qt.impliedVolatility === undefined) iv[i] = solved.iv[i]!;
    });
  }
  // Greeks at that IV; the provider's own Greeks win where it gives them.
  const batch = { S, r: inputs.r, q: inputs.q, isCall, K, T, sigma: iv.map((v) => (Number.isFinite(v) ? v : 0)) };
  const model = live ? (american ? americanChain(batch) : chainGreeks(batch)) : null;
  const at = (arr: Float64Array | undefined, i: number, scale: number) => (arr && Number.isFinite(iv[i]!) ? arr[i]! * scale : undefined);

  return sorted.map((qt, i) => {
    const bid = finiteOrNull(qt.bid, 2);
    const ask = finiteOrNull(qt.ask, 2);
    const last = finiteOrNull(qt.last, 2);
    const mark = marks[i] ?? null;
    const intrinsic = intrinsicValue(qt.type, S, qt.strike);
    return {
      contract_ticker: qt.ticker,
      underlying_ticker: qt.underlying,
      contract_type: qt.type,
      strike_price: qt.strike,
      expiration_date: qt.expiration,
      bid,
      ask,
      last,
      mark: mark === null ? null : round(mark, 3),
      volume: qt.volume ?? null,
      open_interest: qt.openInterest ?? null,
      implied_volatility: finiteOrNull(iv[i], 5),
      delta: finiteOrNull(qt.delta ?? at(model?.delta, i, 1), 5),
      gamma: finiteOrNull(qt.gamma ?? at(model?.gamma, i, 1), 6),
      theta: finiteOrNull(qt.theta ?? at(model?.theta, i, 1 / 365), 5),
      vega: finiteOrNull(qt.vega ?? at(model?.vega, i, 1 / 100), 5),
      rho: finiteOrNull(at(model?.rho, i, 1 / 100), 5),
      intrinsic_value: round(intrinsic, 2),
      time_value: last === null ? null : round(Math.max(0, last - intrinsic), 2),
      bid_ask_spread: bid !== null && ask !== null ? round(ask - bid, 2) : null,
      last_trade_timestamp: qt.lastTradeAt ?? null,
      pricing_model: inputs.exercise,
    };
  });
}

/** Totals for the expiry cards. Days and type are relative to `today` (New York date). */
export function summarizeExpiry(contracts: readonly OptionContract[], underlying: string, expiration: string, today: string): ExpirySummary {
  let cv = 0,
    pv = 0,
    coi = 0,
    poi = 0;
  for (const c of contracts) {
    if (c.contract_type === 'call') {
      cv += c.volume ?? 0;
      coi += c.open_interest ?? 0;
    } else {
      pv += c.volume ?? 0;
      poi += c.open_interest ?? 0;
    }
  }
  return {
    expiration_date: expiration,
    underlying_ticker: underlying,
    expiry_type: classifyExpiry(expiration, today),
    days_to_expiry: Math.max(0, daysBetween(today, expiration)),
    total_call_volume: cv,
    total_put_volume: pv,
    total_call_open_interest: coi,
    total_put_open_interest: poi,
  };
}
