import { maintainAccount } from '../../paper/use-cases/maintain';
import { portfolioView } from '../../paper/read-model/portfolio-view';
import type { CompetitionAccountSnapshot } from '../competition-accounts.port';
import { competitionTrades } from '../competition-trades';
import type { CompetitionAccountDeps } from './competition-account-deps';

/** Every activity line of a competition account is read to replay its trades (a season's account holds far fewer). */
export const COMPETITION_ACTIVITY_READ = 5_000;

/** The account's orders, activity and plans, and its trades replayed from them. */
export async function tradesOf(deps: CompetitionAccountDeps, userId: string, seasonId: string) {
  const paper = deps.depsOf(seasonId);
  const [orders, activity, plans] = await Promise.all([
    paper.repo.listOrders(userId),
    paper.repo.listActivity(userId, COMPETITION_ACTIVITY_READ),
    deps.plans.plans(userId, seasonId),
  ]);
  return { orders, trades: competitionTrades(orders, activity, plans) };
}

/** The account's equity at current marks (the paper account's own valuation), cash and trades; null without one. Reads only. */
export async function competitionSnapshot(deps: CompetitionAccountDeps, userId: string, seasonId: string): Promise<CompetitionAccountSnapshot | null> {
  const paper = deps.depsOf(seasonId);
  const view = await portfolioView(paper, userId);
  if (!view) return null;
  const { trades } = await tradesOf(deps, userId, seasonId);
  return {
    seasonId,
    equity: view.account.equity,
    cash: view.account.cash,
    startingCapital: view.account.startingCapital,
    trades: trades.map(({ writtenPlan: _w, hasPlan: _h, ...t }) => t),
    asOf: paper.clock.now().toISOString(),
  };
}

/** The paper account's maintenance on the competition account (fills due, expiries to settle), then its snapshot. */
export async function maintainCompetitionAccount(deps: CompetitionAccountDeps, userId: string, seasonId: string): Promise<CompetitionAccountSnapshot | null> {
  const paper = deps.depsOf(seasonId);
  if (!(await paper.repo.getAccount(userId))) return null;
  await maintainAccount(paper, userId);
  return competitionSnapshot(deps, userId, seasonId);
}
