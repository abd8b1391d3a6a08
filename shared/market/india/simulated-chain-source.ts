import { fail, ok } from '../../result';
import type { DrawKey } from '../simulated-day';
import type { IndianChainSource } from './indian-chain-source.port';
import { nseCurrentSession, nseListedExpiries } from './nse-calendar';
import { nseContract } from './nse-contracts';
import { simulatedNseChain, type NseChain } from './simulated-nse-market';

export interface SimulatedChainSourceOptions {
  /**
   * The deployment's secret draws, as the US market's ingestion uses them (functions/adapters/market/simulation-key.ts):
   * the Indian closes are then the deployment's own, and a later close cannot be computed from the source.
   */
  drawKey?: () => Promise<DrawKey | undefined>;
  /** Chains kept in the warm function (they change once a trading day); default 64. */
  keep?: number;
}

/**
 * The simulated NSE market as an Indian chain source: the chain of the latest completed session (its 15:30 close),
 * one expiry at a time. A chain is the same until the next session closes, so each (underlying, session, expiry) is
 * computed once and kept.
 */
export function simulatedIndianChainSource(options: SimulatedChainSourceOptions = {}): IndianChainSource {
  const limit = options.keep ?? 64;
  const kept = new Map<string, NseChain>();
  return {
    async chain({ symbol, expiry, now }) {
      const spec = nseContract(symbol);
      if (!spec) return ok(null);
      const session = nseCurrentSession(now).date;
      // The expiries simulatedNseChain lists: those of the session not yet expired at its close.
      const listed = nseListedExpiries(spec.symbol, session).filter((e) => e.date > session);
      const chosen = expiry ?? listed[0]?.date;
      if (!chosen || !listed.some((e) => e.date === chosen)) {
        return fail('not_found', `No ${spec.symbol} options expire on ${expiry ?? 'any listed date'}; choose one of the listed expiries.`, {
          expiries: listed.map((e) => e.date),
        });
      }
      const key = `${spec.symbol}|${session}|${chosen}`;
      let chain = kept.get(key);
      if (!chain) {
        let drawKey: DrawKey | undefined;
        try {
          drawKey = options.drawKey ? await options.drawKey() : undefined;
        } catch {
          // Fails closed, as the US ingestion does: never the published draws in place of the deployment's.
          return fail('unavailable', 'The simulated NSE market is not available right now. Please try again in a moment.');
        }
        chain = simulatedNseChain(spec.symbol, session, { expiry: chosen, key: drawKey })!;
        if (kept.size >= limit) kept.delete(kept.keys().next().value!);
        kept.set(key, chain);
      }
      return ok({ ...chain, expiry: chosen });
    },
  };
}
