import { fail, ok, type Result } from '../../result';
import type { CompetitionTradeView, PlanBody } from '../competition-account.api';
import { COMPETITION_TEXTS, tradingWindow } from '../competition-venue';
import type { Season } from '../seasons';
import type { CompetitionAccountDeps } from './competition-account-deps';
import { tradesOf } from './competition-snapshot';

export const PLAN_TEXTS = {
  noTrade: (id: string) => `No competition trade ${id} in this season.`,
  closedTrade: 'A plan is written before the trade closes: this trade has closed.',
} as const;

/**
 * Writes (or rewrites) a competition trade's plan: a thesis and a planned exit, in the journal's terms. Refused once the
 * trade has closed or the season has closed; the same plan written again is answered as it is (a retry changes nothing).
 */
export async function writeTradePlan(
  deps: CompetitionAccountDeps,
  userId: string,
  season: Season,
  tradeId: string,
  body: PlanBody,
): Promise<Result<{ trade: CompetitionTradeView }>> {
  const paper = deps.depsOf(season.id);
  if (!(await paper.repo.getAccount(userId))) return fail('not_found', COMPETITION_TEXTS.notJoined(season));
  const now = paper.clock.now();
  const { trades } = await tradesOf(deps, userId, season.id);
  const trade = trades.find((t) => t.id === tradeId);
  if (!trade) return fail('not_found', PLAN_TEXTS.noTrade(tradeId));
  const view = (t: typeof trade): CompetitionTradeView => {
    const { writtenPlan, plan: _p, ...rest } = t;
    return { ...rest, plan: writtenPlan };
  };
  const w = trade.writtenPlan;
  const same =
    w &&
    w.thesis === body.thesis &&
    w.plannedExit.profitTargetPct === body.plannedExit.profitTargetPct &&
    w.plannedExit.stop === body.plannedExit.stop &&
    w.plannedExit.time === body.plannedExit.time;
  if (same) return ok({ trade: view(trade) });
  if (tradingWindow(season, now) === 'closed') return fail('conflict', COMPETITION_TEXTS.closed(season));
  if (trade.closedAt !== null) return fail('conflict', PLAN_TEXTS.closedTrade);
  const plan = { thesis: body.thesis, plannedExit: body.plannedExit, writtenAt: now.toISOString() };
  await deps.plans.put(userId, season.id, tradeId, plan);
  const { trades: after } = await tradesOf(deps, userId, season.id);
  return ok({ trade: view(after.find((t) => t.id === tradeId) ?? { ...trade, writtenPlan: plan }) });
}
