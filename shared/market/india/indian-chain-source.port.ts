import type { Result } from '../../result';
import type { NseChain } from './simulated-nse-market';

/** One NSE chain as a source gives it: the chain of one expiry, and which expiry that is. */
export type IndianChain = NseChain & {
  /** The expiry the quotes are of: the one asked for, or the earliest listed. */
  expiry: string;
};

export interface IndianChainRequest {
  /** An NSE underlying's symbol, upper case (NIFTY, RELIANCE). */
  symbol: string;
  /** YYYY-MM-DD; without it, the earliest listed expiry. */
  expiry?: string;
  now: Date;
}

/**
 * Where the view-only Indian chain comes from (issue 38): Zerodha Kite Connect with a live login
 * (functions/adapters/kite/kite-chain-source.ts), else the simulated NSE market (simulated-chain-source.ts).
 * - ok(null): the source lists no options of that underlying;
 * - fail('not_found'): it does, but none of that expiry;
 * - another failure: the source could not answer (Kite's message, shared/market/india/kite/errors.ts).
 */
export interface IndianChainSource {
  chain(request: IndianChainRequest): Promise<Result<IndianChain | null>>;
}
