import { MESSAGES } from '../compliance/checks';
import { occSymbol } from '../market/occ';
import { requirement } from '../paper/buying-power';
import type { Position } from '../paper/types';
import { netPremium } from './payoff';
import type { StrategyLeg } from './types';
import { legSign } from './valuation';

export interface FundsAndMargins {
  /** Premium paid (positive) or received (negative) for the position, dollars: the "Standalone Funds". */
  netDebit: number;
  /** Buying power the paper account sets aside for the short legs (shared/paper/buying-power): the "Standalone Margin". */
  margin: number;
  /**
   * netDebit + margin: the buying power the trade uses in the paper account, the figure its pre-trade check
   * compares with the available buying power. Negative when the trade frees buying power (a covered call).
   */
  required: number;
  /** Short call contracts covered neither by shares nor by a long call expiring no earlier. */
  nakedCalls: number;
  /** False when the position has naked short calls, which no trading level allows. */
  allowed: boolean;
  /** Why it is not allowed (the compliance check's message), else null. */
  message: string | null;
}

export interface FundsOptions {
  /** Builder multiplier (lots); default 1. */
  multiplier?: number;
  /** Shares of the underlying already held, which cover short calls (a covered call). */
  sharesHeld?: number;
}

function symbolOf(leg: StrategyLeg): string {
  if (leg.contractTicker) return leg.contractTicker;
  try {
    return occSymbol(leg.underlying, leg.expiration, leg.optionType, leg.strike);
  } catch {
    return `${leg.underlying} ${leg.expiration} ${leg.strike} ${leg.optionType}`;
  }
}

/** The legs as paper-account positions (signed contracts), plus any shares held. */
export function legsToPositions(legs: readonly StrategyLeg[], options: FundsOptions = {}): Position[] {
  const multiplier = options.multiplier ?? 1;
  const positions: Position[] = legs.map((leg) => ({
    symbol: symbolOf(leg),
    kind: 'option',
    underlying: leg.underlying,
    optionType: leg.optionType,
    strike: leg.strike,
    expiration: leg.expiration,
    quantity: legSign(leg) * leg.quantity * multiplier,
    avgPrice: leg.premium,
    openedAt: '',
    openedDate: '',
    version: 0,
  }));
  const shares = options.sharesHeld ?? 0;
  const underlying = legs[0]?.underlying;
  if (shares !== 0 && underlying) {
    positions.push({ symbol: underlying, kind: 'stock', underlying, quantity: shares, avgPrice: 0, openedAt: '', openedDate: '', version: 0 });
  }
  return positions;
}

/**
 * Funds & Margins for the builder: the cash-style buying power the position needs in the paper account,
 * i.e. the net debit plus what `requirement()` reserves for its short legs (width of credit spreads, strike × 100
 * for cash-secured puts, the larger side of an iron condor), and whether naked short calls rule it out.
 */
export function fundsAndMargins(legs: readonly StrategyLeg[], options: FundsOptions = {}): FundsAndMargins {
  const netDebit = -netPremium(legs, options.multiplier ?? 1);
  const req = requirement(legsToPositions(legs, options));
  const nakedCalls = req.nakedCalls.reduce((s, n) => s + n.quantity, 0);
  return {
    netDebit: netDebit + 0,
    margin: req.total,
    required: netDebit + req.total,
    nakedCalls,
    allowed: nakedCalls === 0,
    message: nakedCalls === 0 ? null : MESSAGES.nakedCall,
  };
}
