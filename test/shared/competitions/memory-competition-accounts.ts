import { COMPETITION_STARTING_CAPITAL } from '@shared/competitions/account';
import type { CompetitionAccounts, CompetitionAccountSnapshot } from '@shared/competitions/competition-accounts.port';
import type { CompetitionTrade } from '@shared/competitions/debrief';

/**
 * An in-memory stand-in for the entrants' competition accounts (the port the season's use cases use): `open` keeps an
 * account that exists; a test sets an account's equity and trades as trading would; `maintain` counts its calls.
 */
export function memoryCompetitionAccounts(opts: { failOpen?: number; failMaintain?: Set<string> } = {}) {
  const accounts = new Map<string, { equity: number; trades: CompetitionTrade[]; openedAt: string }>();
  const key = (userId: string, seasonId: string) => `${userId}|${seasonId}`;
  let failOpen = opts.failOpen ?? 0;
  const calls = { open: 0, maintain: 0 };
  const snap = (userId: string, seasonId: string): CompetitionAccountSnapshot | null => {
    const a = accounts.get(key(userId, seasonId));
    return a
      ? { seasonId, equity: a.equity, cash: a.equity, startingCapital: COMPETITION_STARTING_CAPITAL, trades: a.trades.map((t) => ({ ...t })), asOf: a.openedAt }
      : null;
  };
  const port: CompetitionAccounts = {
    async open(userId, seasonId, at) {
      calls.open += 1;
      if (failOpen > 0) {
        failOpen -= 1;
        throw new Error('The competition account could not be opened');
      }
      if (!accounts.has(key(userId, seasonId))) accounts.set(key(userId, seasonId), { equity: COMPETITION_STARTING_CAPITAL, trades: [], openedAt: at });
    },
    snapshot: async (userId, seasonId) => snap(userId, seasonId),
    async maintain(userId, seasonId) {
      calls.maintain += 1;
      if (opts.failMaintain?.has(userId)) throw new Error('The paper engine is unavailable');
      return snap(userId, seasonId);
    },
  };
  return {
    port,
    calls,
    has: (userId: string, seasonId: string) => accounts.has(key(userId, seasonId)),
    /** What trading did to the account: its equity now and its trades. */
    set(userId: string, seasonId: string, state: { equity?: number; trades?: CompetitionTrade[] }) {
      const a = accounts.get(key(userId, seasonId));
      if (!a) throw new Error(`${userId} has no competition account in ${seasonId}`);
      if (state.equity !== undefined) a.equity = state.equity;
      if (state.trades) a.trades = state.trades;
    },
  };
}
