import { portfolioView } from '../../paper/read-model/portfolio-view';
import { fail, ok, type Result } from '../../result';
import { competitionAccountId } from '../account';
import type { CompetitionAccountView } from '../competition-account.api';
import { competitionAccountName, COMPETITION_TEXTS, tradingWindow } from '../competition-venue';
import type { Season } from '../seasons';
import type { CompetitionAccountDeps } from './competition-account-deps';
import { tradesOf } from './competition-snapshot';

/** The learner's competition account in a season as the page reads it; 404 when they have not joined it. Reads only. */
export async function competitionAccountView(deps: CompetitionAccountDeps, userId: string, season: Season): Promise<Result<CompetitionAccountView>> {
  const paper = deps.depsOf(season.id);
  const [view, { orders, trades }] = await Promise.all([portfolioView(paper, userId), tradesOf(deps, userId, season.id)]);
  if (!view) return fail('not_found', COMPETITION_TEXTS.notJoined(season));
  const a = view.account;
  return ok({
    seasonId: season.id,
    accountId: competitionAccountId(season.id),
    name: competitionAccountName(season),
    season: { firstDay: season.firstDay, lastDay: season.lastDay, closesAt: season.closesAt, status: tradingWindow(season, paper.clock.now()) },
    account: {
      startingCapital: a.startingCapital,
      cash: a.cash,
      equity: a.equity,
      buyingPower: a.buyingPower,
      unrealizedPnl: a.unrealizedPnl,
      realizedPnl: a.realizedPnl - a.fees,
      fees: a.fees,
      settings: { optionsLevel: a.settings.optionsLevel, fillModel: 'bid-ask', commissionPerContract: a.settings.commissionPerContract },
      asOf: paper.clock.now().toISOString(),
    },
    positions: view.positions,
    strategies: view.strategies,
    openOrders: orders.filter((o) => o.status === 'open'),
    trades: trades.map(({ writtenPlan, plan: _p, ...t }) => ({ ...t, plan: writtenPlan })),
    planned: { withPlan: trades.filter((t) => t.hasPlan).length, trades: trades.length },
  });
}
