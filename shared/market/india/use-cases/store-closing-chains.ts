import { chooseIndianFeed, type IndiaDeps } from '../india-feed';
import type { ClosingChainSource, IndianClosingChainStore, StoredIndianChain } from '../closing-chains.port';
import type { IndianChain } from '../indian-chain-source.port';
import { isNseOpen, isNseTradingDay, kolkataParts } from '../nse-calendar';
import { nseContract, POPULAR_NSE_UNDERLYINGS } from '../nse-contracts';

/**
 * How many expiries of each underlying are stored: the nearest 7. That is every series the simulated NSE market lists
 * (NIFTY's 4 weeklies and 3 monthlies; 3 monthlies for the others), and on Kite the near weeklies and monthlies without
 * NIFTY's and BANKNIFTY's long-dated quarterly and half-yearly series, each of which would cost one more quote call
 * (Kite allows one a second per API key). One expiry's chain is one item, its quotes gzip-compressed.
 */
export const CLOSING_EXPIRIES = 7;

export interface StoreClosingChainsDeps {
  india: IndiaDeps;
  store: IndianClosingChainStore;
}

export type ClosingRunDecision = { run: true } | { run: false; reason: string };

/**
 * Whether the end-of-day store may run at an instant: on an NSE trading day (Asia/Kolkata date) and not while the
 * session is open, when no close is in yet (the schedule fires at 15:45, after the 15:30 close). Before the open it
 * stores the latest completed session, the day before.
 */
export function closingRunDecision(now: Date): ClosingRunDecision {
  const { date } = kolkataParts(now);
  if (!isNseTradingDay(date)) return { run: false, reason: `${date} is not an NSE trading day` };
  if (isNseOpen(now)) return { run: false, reason: `NSE is open (${date}); its close is not in yet` };
  return { run: true };
}

export interface UnderlyingStored {
  underlying: string;
  session: string;
  expiries: string[];
  contracts: number;
}

export interface ClosingChainsResult {
  source: ClosingChainSource;
  standIn: boolean;
  stored: UnderlyingStored[];
  /** Underlyings the feed lists no options of (the local Kite stand-in lists only the indices). */
  notListed: string[];
  failures: { underlying: string; reason: string }[];
}

/**
 * The end-of-day store of the Indian chains (issue 38): for each tracked NSE underlying, the chain of each of its
 * nearest listed expiries from the feed the Indian chain reads (chooseIndianFeed: Kite with a live login, else the
 * simulated NSE market), each stored with its source. One run reads one feed: on a Kite day an underlying Kite failed
 * on is a failure of the run, not filled in from the simulated market, so a stored day never mixes Kite's figures with
 * made-up ones. Each underlying is written once read, so a failure later in the run keeps what was stored; a rerun
 * overwrites the same items.
 */
export async function storeClosingChains(
  deps: StoreClosingChainsDeps,
  opts: { underlyings?: readonly string[] } = {},
): Promise<ClosingChainsResult | { skipped: string }> {
  const now = deps.india.clock.now();
  const decision = closingRunDecision(now);
  if (!decision.run) return { skipped: decision.reason };
  const symbols = (opts.underlyings ?? POPULAR_NSE_UNDERLYINGS).map((s) => nseContract(s)?.symbol).filter((s): s is string => s !== undefined);
  if (symbols.length === 0) return { skipped: 'no tracked NSE underlying requested' };

  const { source, feed } = await chooseIndianFeed(deps.india, now);
  const result: ClosingChainsResult = { source: feed.source, standIn: feed.standIn, stored: [], notListed: [], failures: [] };
  for (const symbol of symbols) {
    const first = await source.chain({ symbol, now });
    if (!first.ok) {
      result.failures.push({ underlying: symbol, reason: first.error.message });
      continue;
    }
    if (!first.value) {
      result.notListed.push(symbol);
      continue;
    }
    const chains: IndianChain[] = [first.value];
    const wanted = first.value.expiries.map((e) => e.date).slice(0, CLOSING_EXPIRIES);
    for (const expiry of wanted) {
      if (expiry === first.value.expiry) continue;
      const read = await source.chain({ symbol, expiry, now });
      if (read.ok && read.value) chains.push(read.value);
      else result.failures.push({ underlying: symbol, reason: `${expiry}: ${read.ok ? 'no chain' : read.error.message}` });
    }
    const storedAt = deps.india.clock.now().toISOString();
    const items: StoredIndianChain[] = chains.map((chain) => ({
      underlying: symbol,
      expiry: chain.expiry,
      session: chain.session,
      asOf: chain.asOf,
      source: feed.source,
      standIn: feed.standIn,
      storedAt,
      // Only the expiry's own quotes: a source may hand more than one expiry's.
      chain: { ...chain, quotes: chain.quotes.filter((q) => q.expiry === chain.expiry) },
    }));
    try {
      await deps.store.putChains(items);
    } catch (err) {
      result.failures.push({ underlying: symbol, reason: `not stored: ${err instanceof Error ? err.message : String(err)}` });
      continue;
    }
    result.stored.push({
      underlying: symbol,
      session: first.value.session,
      expiries: items.map((i) => i.expiry),
      contracts: items.reduce((n, i) => n + i.chain.quotes.length, 0),
    });
  }
  return result;
}
