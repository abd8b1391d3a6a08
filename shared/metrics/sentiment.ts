/**
 * Put/call ratios of the sentiment pages and the market-analysis lessons (issue 22 "Definitions";
 * Cboe's daily put/call ratios; Barchart's put/call ratio page). Pure: the contracts are the caller's, of one day.
 *
 * - volume P/C = put volume / call volume;
 * - open-interest P/C = put open interest / call open interest;
 * - premium (dollar) P/C = Σ put volume × price / Σ call volume × price, which discounts cheap lottery tickets.
 *
 * Read them against the underlying's own history, and with the caveats: volume does not say who bought or sold, or
 * whether a trade opened or closed; covered-call writing inflates call volume and hedging inflates put volume.
 */

export interface TapeContract {
  type: 'call' | 'put';
  /** Contracts traded in the session. */
  volume: number;
  /** Contracts open at the session's start. */
  openInterest: number;
  /** Price per share the volume traded at (the last trade, or the mark when there is none). */
  price: number;
}

export interface PutCallTotals {
  putVolume: number;
  callVolume: number;
  putOpenInterest: number;
  callOpenInterest: number;
  /** Dollars: Σ volume × price × 100. */
  putPremium: number;
  callPremium: number;
}

export interface PutCallRatios {
  /** Null when no call traded (the ratio is undefined, not infinite). */
  volume: number | null;
  openInterest: number | null;
  premium: number | null;
  /** The sums each ratio divides, for the figure's inputs. */
  totals: PutCallTotals;
}

const CONTRACT_MULTIPLIER = 100;

export function putCallRatios(contracts: readonly TapeContract[]): PutCallRatios {
  const totals: PutCallTotals = { putVolume: 0, callVolume: 0, putOpenInterest: 0, callOpenInterest: 0, putPremium: 0, callPremium: 0 };
  for (const c of contracts) {
    const premium = c.volume * c.price * CONTRACT_MULTIPLIER;
    if (c.type === 'put') {
      totals.putVolume += c.volume;
      totals.putOpenInterest += c.openInterest;
      totals.putPremium += premium;
    } else {
      totals.callVolume += c.volume;
      totals.callOpenInterest += c.openInterest;
      totals.callPremium += premium;
    }
  }
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  return {
    volume: ratio(totals.putVolume, totals.callVolume),
    openInterest: ratio(totals.putOpenInterest, totals.callOpenInterest),
    premium: ratio(totals.putPremium, totals.callPremium),
    totals,
  };
}
