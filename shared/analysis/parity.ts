/**
 * The put-call parity arbitrage scanner (issue 22; after Wilmott's FAQ, McMillan's "Options as a Strategic Investment"
 * on conversions and reversals, CME Group's box-spread article and Bryzgalova, Pavlova and Sikorskaya on retail spreads), and why
 * most "arbitrage" it finds is not real. Pure. Same strike K and expiry T, rate r (continuous), dividends' present
 * value PV(D) (discrete dividends before expiry, or S(1 − e^(−qT)) for a continuous yield):
 *
 * - parity (European): C − P = S − PV(D) − K e^(−rT);
 * - conversion (buy stock at the ask, buy the put at the ask, sell the call at the bid) locks in K at expiry:
 *   edge = K e^(−rT) + PV(D) − (S_ask + P_ask − C_bid) − fees;
 * - reversal (short stock at the bid, sell the put at the bid, buy the call at the ask):
 *   edge = (S_bid + P_bid − C_ask) − K e^(−rT) − PV(D) − fees;
 * - long box K1 < K2 (buy the K1/K2 call spread and the K2/K1 put spread) pays K2 − K1:
 *   edge = (K2 − K1) e^(−rT) − [(C1_ask − C2_bid) + (P2_ask − P1_bid)] − fees; the short box the other way round.
 *
 * American options (single stocks, the ETFs) bound C − P instead of fixing it (Wilmott's FAQ,
 * https://issuhub.com/view/index/4805?pageIndex=49; Hull, "Options, Futures, and Other Derivatives", the American
 * put-call relationship; without dividends, S − K ≤ C − P ≤ S − K e^(−rT) as in
 * https://www.q4quant.studio/dashboard/learn/finance/instruments/exercises/put-call-parity-ex-03-american-bounds):
 *   S − PV(D) − K ≤ C − P ≤ S − K e^(−rT).
 * A conversion is an opportunity only above the upper bound (no dividend counted: the short call may be exercised
 * before it), a reversal only below the lower one (K undiscounted: the short put may be assigned today). A box is the
 * difference of two strikes' C − P, so its bounds follow from theirs:
 *   K2 e^(−rT) − K1 − PV(D) ≤ box ≤ K2 − K1 e^(−rT) + PV(D);
 * a long box pays only below the lower bound, a short box only above the upper one. Inside the bounds an American chain
 * shows no opportunity, however far its C − P sits from the European parity (its early-exercise premium).
 *
 * Only bid and ask are traded; the mid is shown as the theoretical edge. Fees are per contract and per share (the
 * stock legs), expressed per share of the 100-share position. Each hit carries its reason codes.
 */

export interface ParityContract {
  contract_type: 'call' | 'put';
  strike_price: number;
  bid: number | null;
  ask: number | null;
}

export interface ParityExpiry {
  expiration: string;
  /** Calendar days to expiry. */
  days: number;
  contracts: readonly ParityContract[];
}

export interface Dividend {
  exDate: string;
  amount: number;
}

export type ReasonCode = 'EARLY_EXERCISE_RISK' | 'EX_DIV_BEFORE_EXPIRY' | 'STALE_QUOTES' | 'WIDE_SPREAD' | 'PIN_RISK';

export interface ParityInputs {
  price: number;
  /** The stock's half spread: it is bought at price + this and sold at price − this. */
  stockHalfSpread: number;
  /** The valuation date (YYYY-MM-DD), for dividends before expiry. */
  today: string;
  riskFree: number;
  /** Continuous dividend yield (0 when dividends are given discretely or there are none). */
  dividendYield: number;
  /** Discrete dividends the scanner is told about. */
  dividends: readonly Dividend[];
  exercise: 'american' | 'european';
  feePerContract: number;
  feePerShare: number;
  /** End-of-day or delayed quotes: every hit is stale (four prices never quoted together). */
  endOfDay: boolean;
  expiries: readonly ParityExpiry[];
}

export interface ArbitrageHit {
  kind: 'conversion' | 'reversal' | 'long-box' | 'short-box';
  expiration: string;
  days: number;
  strikes: number[];
  legs: { action: 'buy' | 'sell'; instrument: string; price: number }[];
  theoreticalEdge: number;
  executableEdge: number;
  fees: number;
  capital: number;
  annualizedExcess: number;
  reasons: ReasonCode[];
}

export interface ParityRow {
  expiration: string;
  days: number;
  strike: number;
  callMid: number | null;
  putMid: number | null;
  observed: number | null;
  /** The European parity value S − PV(D) − K e^(−rT). */
  parity: number;
  /** The bounds of C − P: both the parity value for European options; S − PV(D) − K and S − K e^(−rT) for American. */
  lower: number;
  upper: number;
  /** How far the mid C − P lies outside the bounds (0 inside them; for European options, observed − parity). */
  deviation: number | null;
  conversionEdge: number | null;
  reversalEdge: number | null;
}

/** A leg's spread above this share of its mid is wide (the screener's liquidity default). */
export const WIDE_SPREAD_SHARE = 0.1;
/** Pin risk: a strike within this share of the price, this close to expiry. */
export const PIN_DISTANCE = 0.02;
export const PIN_DAYS = 5;
/** Hits below this edge per share (a cent) are rounding, not opportunities. */
export const MIN_EDGE = 0.005;

const dayNumber = (d: string) => Math.floor(Date.parse(`${d}T00:00:00Z`) / 86_400_000);

/** PV(D): told dividends with an ex-date after today and on or before expiry, discounted; plus a continuous yield's. */
export function dividendsPv(inputs: Pick<ParityInputs, 'price' | 'today' | 'riskFree' | 'dividendYield' | 'dividends'>, expiration: string, T: number): number {
  const today = dayNumber(inputs.today);
  const end = dayNumber(expiration);
  let pv = inputs.price * (1 - Math.exp(-inputs.dividendYield * T));
  for (const d of inputs.dividends) {
    const t = dayNumber(d.exDate);
    if (t > today && t <= end) pv += d.amount * Math.exp((-inputs.riskFree * (t - today)) / 365);
  }
  return pv;
}

const midOf = (c: ParityContract | undefined) => (c && c.bid !== null && c.ask !== null ? (c.bid + c.ask) / 2 : null);
const wide = (c: ParityContract) => c.bid === null || c.ask === null || c.ask - c.bid > WIDE_SPREAD_SHARE * ((c.ask + c.bid) / 2);

/** Scans every strike (conversions, reversals) and every pair of strikes (boxes) of every expiry. */
export function scanParity(inputs: ParityInputs): { hits: ArbitrageHit[]; parity: ParityRow[]; scanned: { expiries: number; strikes: number; boxes: number } } {
  const S = inputs.price;
  const Sask = S + inputs.stockHalfSpread;
  const Sbid = S - inputs.stockHalfSpread;
  const hits: ArbitrageHit[] = [];
  const parity: ParityRow[] = [];
  let strikesScanned = 0;
  let boxes = 0;
  const american = inputs.exercise === 'american';
  for (const e of inputs.expiries) {
    if (e.days <= 0) continue;
    const T = e.days / 365;
    const disc = Math.exp(-inputs.riskFree * T);
    const pvD = dividendsPv(inputs, e.expiration, T);
    const exDivTold = inputs.dividends.some((d) => dayNumber(d.exDate) > dayNumber(inputs.today) && dayNumber(d.exDate) <= dayNumber(e.expiration));
    const paysDividend = exDivTold || inputs.dividendYield > 0;
    const calls = new Map(e.contracts.filter((c) => c.contract_type === 'call').map((c) => [c.strike_price, c]));
    const puts = new Map(e.contracts.filter((c) => c.contract_type === 'put').map((c) => [c.strike_price, c]));
    const strikes = [...calls.keys()].filter((k) => puts.has(k)).sort((a, b) => a - b);
    const reasonsFor = (legs: ParityContract[], shortItm: boolean, strikesUsed: number[], shortStock: boolean): ReasonCode[] => {
      const out: ReasonCode[] = [];
      if (american && shortItm) out.push('EARLY_EXERCISE_RISK');
      // A short stock owes every dividend before expiry, and cheap calls against rich puts are exactly what a dividend
      // the model was not told about looks like; a short call is exercised early ahead of one.
      if (exDivTold || paysDividend || shortStock) out.push('EX_DIV_BEFORE_EXPIRY');
      if (inputs.endOfDay) out.push('STALE_QUOTES');
      if (legs.some(wide)) out.push('WIDE_SPREAD');
      if (e.days <= PIN_DAYS && strikesUsed.some((k) => Math.abs(k - S) <= PIN_DISTANCE * S)) out.push('PIN_RISK');
      return out;
    };
    const annual = (edge: number, capital: number) => (capital > 0 ? edge / capital / T : 0);

    for (const K of strikes) {
      strikesScanned++;
      const C = calls.get(K)!;
      const P = puts.get(K)!;
      const cMid = midOf(C);
      const pMid = midOf(P);
      const parityValue = S - pvD - K * disc;
      const lower = american ? S - pvD - K : parityValue;
      const upper = american ? S - K * disc : parityValue;
      const observed = cMid !== null && pMid !== null ? cMid - pMid : null;
      const outside = observed === null ? null : observed - Math.min(upper, Math.max(lower, observed));
      const stockFees = (2 * inputs.feePerContract) / 100 + inputs.feePerShare;
      // American options bound C − P instead (S − PV(D) − K ≤ C − P ≤ S − K e^(−rT)): the short call of a conversion may be
      // exercised before the dividend is paid, and the short put of a reversal may be assigned today, at K undiscounted.
      const conversion = P.ask !== null && C.bid !== null ? K * disc + (american ? 0 : pvD) - (Sask + P.ask - C.bid) - stockFees : null;
      const reversal = P.bid !== null && C.ask !== null ? Sbid + P.bid - C.ask - (american ? K : K * disc) - pvD - stockFees : null;
      parity.push({
        expiration: e.expiration,
        days: e.days,
        strike: K,
        callMid: cMid,
        putMid: pMid,
        observed,
        parity: parityValue,
        lower,
        upper,
        deviation: outside,
        conversionEdge: conversion,
        reversalEdge: reversal,
      });
      if (conversion !== null && conversion > MIN_EDGE) {
        const capital = Sask + P.ask! - C.bid!;
        hits.push({
          kind: 'conversion',
          expiration: e.expiration,
          days: e.days,
          strikes: [K],
          legs: [
            { action: 'buy', instrument: 'stock', price: Sask },
            { action: 'buy', instrument: `put ${K}`, price: P.ask! },
            { action: 'sell', instrument: `call ${K}`, price: C.bid! },
          ],
          theoreticalEdge: observed === null ? 0 : observed - upper,
          executableEdge: conversion,
          fees: stockFees,
          capital,
          annualizedExcess: annual(conversion, capital),
          reasons: reasonsFor([C, P], K < S, [K], false),
        });
      }
      if (reversal !== null && reversal > MIN_EDGE) {
        const capital = K * disc;
        hits.push({
          kind: 'reversal',
          expiration: e.expiration,
          days: e.days,
          strikes: [K],
          legs: [
            { action: 'sell', instrument: 'stock', price: Sbid },
            { action: 'sell', instrument: `put ${K}`, price: P.bid! },
            { action: 'buy', instrument: `call ${K}`, price: C.ask! },
          ],
          theoreticalEdge: observed === null ? 0 : lower - observed,
          executableEdge: reversal,
          fees: stockFees,
          capital,
          annualizedExcess: annual(reversal, capital),
          reasons: reasonsFor([C, P], K > S, [K], true),
        });
      }
    }

    // Boxes on every pair of strikes: European, worth (K2 − K1) e^(−rT); American, within the bounds above (legs can be
    // exercised or assigned early, and the dividend moves the calls' and puts' early exercise).
    const boxFees = (4 * inputs.feePerContract) / 100;
    for (let i = 0; i < strikes.length; i++) {
      for (let j = i + 1; j < strikes.length; j++) {
        boxes++;
        const K1 = strikes[i]!;
        const K2 = strikes[j]!;
        const C1 = calls.get(K1)!;
        const C2 = calls.get(K2)!;
        const P1 = puts.get(K1)!;
        const P2 = puts.get(K2)!;
        const pv = (K2 - K1) * disc;
        const boxLow = american ? K2 * disc - K1 - pvD : pv;
        const boxHigh = american ? K2 - K1 * disc + pvD : pv;
        const mids = [C1, C2, P1, P2].map(midOf);
        const midCost = mids.every((m) => m !== null) ? mids[0]! - mids[1]! + mids[3]! - mids[2]! : null;
        if (C1.ask !== null && C2.bid !== null && P2.ask !== null && P1.bid !== null) {
          const cost = C1.ask - C2.bid + (P2.ask - P1.bid);
          const edge = boxLow - cost - boxFees;
          if (edge > MIN_EDGE && cost > 0) {
            hits.push({
              kind: 'long-box',
              expiration: e.expiration,
              days: e.days,
              strikes: [K1, K2],
              legs: [
                { action: 'buy', instrument: `call ${K1}`, price: C1.ask },
                { action: 'sell', instrument: `call ${K2}`, price: C2.bid },
                { action: 'buy', instrument: `put ${K2}`, price: P2.ask },
                { action: 'sell', instrument: `put ${K1}`, price: P1.bid },
              ],
              theoreticalEdge: midCost === null ? 0 : boxLow - midCost,
              executableEdge: edge,
              fees: boxFees,
              capital: cost,
              annualizedExcess: annual(edge, cost),
              reasons: reasonsFor([C1, C2, P1, P2], true, [K1, K2], false).filter((r) => r !== 'EX_DIV_BEFORE_EXPIRY' || american),
            });
          }
        }
        if (C1.bid !== null && C2.ask !== null && P2.bid !== null && P1.ask !== null) {
          const credit = C1.bid - C2.ask + (P2.bid - P1.ask);
          const edge = credit - boxHigh - boxFees;
          if (edge > MIN_EDGE) {
            hits.push({
              kind: 'short-box',
              expiration: e.expiration,
              days: e.days,
              strikes: [K1, K2],
              legs: [
                { action: 'sell', instrument: `call ${K1}`, price: C1.bid },
                { action: 'buy', instrument: `call ${K2}`, price: C2.ask },
                { action: 'sell', instrument: `put ${K2}`, price: P2.bid },
                { action: 'buy', instrument: `put ${K1}`, price: P1.ask },
              ],
              theoreticalEdge: midCost === null ? 0 : midCost - boxHigh,
              executableEdge: edge,
              fees: boxFees,
              capital: K2 - K1,
              annualizedExcess: annual(edge, K2 - K1),
              reasons: reasonsFor([C1, C2, P1, P2], true, [K1, K2], false).filter((r) => r !== 'EX_DIV_BEFORE_EXPIRY' || american),
            });
          }
        }
      }
    }
  }
  hits.sort((a, b) => b.annualizedExcess - a.annualizedExcess);
  return { hits, parity, scanned: { expiries: inputs.expiries.length, strikes: strikesScanned, boxes } };
}
