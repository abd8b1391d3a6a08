import type { ComplianceCheck } from '../../compliance/checks';
import { ok, type Result } from '../../result';
import { evaluateOrder } from '../engine';
import { fillTiming, fillTimingNote, type FillTiming } from '../market-hours';
import { noAccount } from '../paper.errors';
import type { OrderRequest } from '../../trading/order';
import type { PaperDeps } from './deps';
import { loadState } from './market-state';

/** When the order would fill, said before it is sent: now, at the next session (queued), or at the last close (the shortcut). */
export interface MarketHoursPreview {
  marketOpen: boolean;
  fills: FillTiming['kind'];
  /** The session a queued order waits for, and when it opens; null while the market is open. */
  session: string | null;
  opensAt: string | null;
  /** The learner's words, empty while the market is open. */
  note: string;
}

/** The checks an order would meet now, without placing it (spec part 3 §8), and when it would fill. */
export async function preTrade(
  deps: PaperDeps,
  userId: string,
  request: OrderRequest,
): Promise<Result<{ canProceed: boolean; checks: ComplianceCheck[]; marketHours: MarketHoursPreview }>> {
  const account = await deps.repo.getAccount(userId);
  if (!account) return noAccount();
  const state = await loadState(
    deps,
    account,
    request.legs.map((l) => l.contract),
  );
  const timing = fillTiming(state.now, request.whenClosed);
  const evaluation = evaluateOrder(state, request, { queue: timing.kind === 'next-session' });
  const marketHours: MarketHoursPreview = {
    marketOpen: timing.kind === 'now',
    fills: timing.kind,
    session: timing.kind === 'now' ? null : timing.session,
    opensAt: timing.kind === 'now' ? null : timing.opensAt,
    note: fillTimingNote(timing, request.type, state.now),
  };
  // A dry run is not logged: the trade ticket re-checks after every edit, and the log records what was done with
  // orders (action_taken approved or blocked), not every preview of one.
  return ok({ canProceed: evaluation.canProceed, checks: evaluation.checks, marketHours });
}
