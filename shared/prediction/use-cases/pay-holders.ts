import { RETRY, retryUntilDecided } from '../../backoff';
import { settlePosition, type DemoAccount, type DemoPosition, type DemoSettlement, type SettledResolution } from '../demo-account';
import { parseMarketId } from '../markets';
import type { ExpirySnapshot } from '../market-snapshots.port';
import { marketResolution } from '../market-resolution';
import type { TradingDeps } from './deps';

/** How many resolved expiries each run looks back over (their holders are found through an index, not a scan). */
export const RESOLVED_LOOKBACK = 200;
/** Positions settled in one transaction (each is the account, the position and its record: within DynamoDB's 100 items). */
const PER_TRANSACTION = 30;

export interface PayReport {
  /** Positions settled (winning, losing or void). */
  positions: number;
  /** Cents paid into balances. */
  paid: number;
}

/**
 * Pays the holders of every resolved market: 100¢ a winning contract, 0 a losing one, the cost back when void. Each
 * payment is written with the position's removal and its settlement record in one transaction conditional on the
 * account's version, the position's and the record's absence, so running twice pays once.
 */
export async function payHolders(deps: TradingDeps, opts: { lookback?: number; onError?: (userId: string, err: unknown) => void } = {}): Promise<PayReport> {
  const report: PayReport = { positions: 0, paid: 0 };
  for (const snapshot of await deps.markets.resolved(opts.lookback ?? RESOLVED_LOOKBACK)) {
    if (!snapshot.resolution) continue;
    const holders = await deps.repo.holders(snapshot.underlying, snapshot.expiration);
    for (const userId of new Set(holders.map((h) => h.userId))) {
      try {
        const paid = await payLearner(deps, userId, snapshot);
        report.positions += paid.positions;
        report.paid += paid.paid;
      } catch (err) {
        opts.onError?.(userId, err);
      }
    }
  }
  return report;
}

/** What settling some of a learner's positions does to the account, and the records. */
export function settleAll(
  account: DemoAccount,
  positions: readonly DemoPosition[],
  resolutionOf: (p: DemoPosition) => SettledResolution,
  at: string,
): { account: DemoAccount; settlements: DemoSettlement[] } {
  const settlements: DemoSettlement[] = [];
  let next = account;
  for (const p of positions) {
    const settled = settlePosition(next, p, resolutionOf(p), at);
    next = { ...settled.account, version: account.version + 1 };
    settlements.push(settled.settlement);
  }
  return { account: next, settlements };
}

async function payLearner(deps: TradingDeps, userId: string, snapshot: ExpirySnapshot): Promise<PayReport> {
  const report: PayReport = { positions: 0, paid: 0 };
  const resolutionOf = (p: DemoPosition): SettledResolution => {
    const key = parseMarketId(p.marketId);
    if (!key.ok) throw new Error(`A stored position has a market id that does not parse: ${p.marketId}`);
    return marketResolution(snapshot, key.value, deps.clock.now()) as SettledResolution;
  };
  for (;;) {
    const done = await retryUntilDecided<PayReport | null>(
      async () => {
        const { account, positions } = await deps.repo.load(userId);
        const due = positions.filter((p) => p.underlying === snapshot.underlying && p.expiration === snapshot.expiration).slice(0, PER_TRANSACTION);
        if (!account || due.length === 0) return null;
        const at = deps.clock.now().toISOString();
        const { account: next, settlements } = settleAll(account, due, resolutionOf, at);
        const result = await deps.repo.commit(userId, {
          account: { expectedVersion: account.version, next },
          positions: due.map((p) => ({ before: p, after: null })),
          settlements,
        });
        return result === 'ok' ? { positions: due.length, paid: settlements.reduce((s, x) => s + x.payout, 0) } : RETRY;
      },
      () => {
        throw new Error('The demo account kept changing while its positions were being settled.');
      },
      deps.backoff,
    );
    if (!done) return report;
    report.positions += done.positions;
    report.paid += done.paid;
  }
}
