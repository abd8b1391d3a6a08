import type { ComplianceCheck } from '../../compliance/checks';
import { ok, type Result } from '../../result';
import { evaluateOrder } from '../engine';
import { noAccount } from '../paper.errors';
import type { OrderRequest } from '../../trading/order';
import type { PaperDeps } from './deps';
import { loadState } from './market-state';

/** The checks an order would meet now, without placing it (spec part 3 §8). */
export async function preTrade(deps: PaperDeps, userId: string, request: OrderRequest): Promise<Result<{ canProceed: boolean; checks: ComplianceCheck[] }>> {
  const account = await deps.repo.getAccount(userId);
  if (!account) return noAccount();
  const evaluation = evaluateOrder(
    await loadState(
      deps,
      account,
      request.legs.map((l) => l.contract),
    ),
    request,
  );
  // A dry run is not logged: the trade ticket re-checks after every edit, and the log records what was done with
  // orders (action_taken approved or blocked), not every preview of one.
  return ok({ canProceed: evaluation.canProceed, checks: evaluation.checks });
}
