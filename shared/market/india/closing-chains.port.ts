import type { IndianChain } from './indian-chain-source.port';

/** Where a stored closing chain came from: Zerodha Kite Connect (or its local stand-in) or the simulated NSE market. */
export type ClosingChainSource = 'kite' | 'simulated';

/** One expiry's chain of an NSE underlying at a session's close, as the end-of-day job stores it. */
export interface StoredIndianChain {
  underlying: string;
  expiry: string;
  /** The trading date the figures belong to (the chain's own session), and the instant they were taken. */
  session: string;
  asOf: string;
  source: ClosingChainSource;
  /** Kite's answer came from the local Kite stand-in (KITE_STAND_IN=1), not Zerodha. */
  standIn: boolean;
  /** When the job stored it. */
  storedAt: string;
  chain: IndianChain;
}

/**
 * The Indian closing chains (issue 38), kept apart from the US market's: Indian items live only under `IN#` partition
 * keys (functions/adapters/dynamo/indian-chain-repository.ts), so no US list ever reads one. One item per underlying
 * and expiry: storing the same again overwrites it.
 */
export interface IndianClosingChainStore {
  putChains(chains: readonly StoredIndianChain[]): Promise<void>;
  getChain(underlying: string, expiry: string): Promise<StoredIndianChain | null>;
  /** The expiries stored for an underlying, soonest first. */
  listExpiries(underlying: string): Promise<string[]>;
}
