import { fail, ok, type Result } from '../../result';
import { BACKTEST_MESSAGES } from '../backtest.messages';
import type { ConcreteLeg } from '../../strategy/shape';
import type { ShareAuthor } from '../backtest.port';
import { strategyLabel } from '../saved-run';
import type { BacktestDeps } from './deps';

export interface ShareRequest {
  title: string;
  thesis: string;
  tags: string[];
}

/** The feed's strategy names are at most 60 characters (the community's share body). */
const STRATEGY_NAME_MAX = 60;

/**
 * POST /api/backtest/runs/{id}/share: shares the learner's run to the community feed as a strategy post carrying its
 * rules and headline figures. The post's legs are the first trade's, kept relative to its entry close and date (the
 * feed's leg templates), so the post's "Open in builder" rebuilds the same shape on today's chain; one lot, each leg's
 * ratio as the rules have it, the premium the model value at the entry.
 *
 * The post counts against the learner's daily posts (the community's limit: rate_limited past it). Sharing a run whose
 * post is still on the feed answers that post (`created: false`) and posts nothing; a run with no trade has no legs.
 */
export async function shareRun(
  deps: Pick<BacktestDeps, 'runs' | 'sharer'>,
  author: ShareAuthor,
  id: string,
  req: ShareRequest,
): Promise<Result<{ postId: string; created: boolean }>> {
  const run = await deps.runs.get(author.userId, id);
  if (!run) return fail('not_found', BACKTEST_MESSAGES.notFound);
  if (run.sharedPostId && (await deps.sharer.postShown(run.sharedPostId))) return ok({ postId: run.sharedPostId, created: false });
  const first = run.result.trades[0];
  const entry = first?.marks[0];
  if (!first || !entry) return fail('unprocessable', BACKTEST_MESSAGES.noTradeToShare);
  const legs: ConcreteLeg[] = first.legs.map((l) => ({
    action: l.action,
    optionType: l.optionType,
    strike: l.strike,
    expiration: first.expiration,
    quantity: l.quantity,
    premium: l.entryPrice,
  }));
  const m = run.result.metrics;
  const label = strategyLabel(run.rules);
  const shared = await deps.sharer.share(author, {
    title: req.title,
    thesis: req.thesis,
    tags: req.tags,
    underlying: run.rules.underlying,
    strategyName: label.length <= STRATEGY_NAME_MAX ? label : `${label.slice(0, STRATEGY_NAME_MAX - 1)}…`,
    spot: entry.close,
    refDate: first.entryDate,
    legs,
    backtest: {
      runId: run.id,
      rules: run.rules,
      underlying: run.rules.underlying,
      from: run.rules.from,
      to: run.rules.to,
      trades: m.trades,
      winRate: m.winRate,
      returnOnRisk: m.returnOnRisk,
      maxDrawdown: m.maxDrawdown,
      totalPnl: m.totalPnl,
      ranAt: run.createdAt,
      dataAsOf: run.dataAsOf,
    },
  });
  if (!shared.ok) return shared;
  await deps.runs.markShared(author.userId, run.id, shared.value.postId);
  return ok({ postId: shared.value.postId, created: true });
}
