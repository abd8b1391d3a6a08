import { domainEvent } from '../../events/domain-events';
import { ok, type Result } from '../../result';
import { formatUsd } from '../../format/money';
import type { PortfolioView } from '../paper.api';
import { accountChanged, badStartingCapital, noAccount } from '../paper.errors';
import { portfolioView } from '../read-model/portfolio-view';
import type { PaperAccount } from '../types';
import { endOpenOrder } from './cancel-order';
import type { PaperDeps } from './deps';
import { isStartingCapital } from './open-account';
import { retryOnConflict, RETRY } from './retry';

/**
 * Starts a new run of the paper account with new capital: open orders are canceled, the positions leave the book,
 * orders and activity stay as history marked with their run.
 */
export function resetAccount(deps: PaperDeps, userId: string, startingCapital: number): Promise<Result<PortfolioView>> {
  if (!isStartingCapital(startingCapital)) return Promise.resolve(badStartingCapital());
  return retryOnConflict(
    async () => {
      const account = await deps.repo.getAccount(userId);
      if (!account) return noAccount();
      for (const o of await deps.repo.listOrders(userId, { status: 'open' })) await endOpenOrder(deps, userId, o, 'canceled', 'Canceled by an account reset.');
      const fresh = (await deps.repo.getAccount(userId))!;
      const positions = await deps.repo.getPositions(userId);
      const at = deps.clock.now().toISOString();
      const next: PaperAccount = {
        ...fresh,
        startingCapital,
        cash: startingCapital,
        realizedPnl: 0,
        feesPaid: 0,
        heldForOrders: 0,
        openOrders: {},
        run: fresh.run + 1,
        dayTrades: [],
        sessionStart: null,
        version: fresh.version + 1,
      };
      const result = await deps.repo.reset(userId, {
        expectedVersion: fresh.version,
        next,
        clear: positions,
        activity: {
          id: deps.ids.newId(),
          at,
          kind: 'account_reset',
          cashDelta: 0,
          realizedPnl: 0,
          text: `Account reset: run ${fresh.run} ended with ${positions.length} open position${positions.length === 1 ? '' : 's'}; run ${next.run} starts with ${formatUsd(startingCapital)}.`,
        },
        events: [
          domainEvent(
            'AccountReset',
            { userId, startingCapital, run: next.run, previousRun: fresh.run, positionsCleared: positions.length, at },
            deps.ids.newId(),
          ),
        ],
      });
      if (result === 'ok') return ok((await portfolioView(deps, userId))!);
      return RETRY;
    },
    () => accountChanged('during the reset'),
    deps.backoff,
  );
}
