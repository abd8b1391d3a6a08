import { addDays, newYorkParts } from '../../market/dates';
import type { Clock } from '../../ports/clock.port';
import type { PaperAccountRepository } from '../paper.port';

/** The compliance log of the last `days` New York days: counts by result and the latest ten checks (spec part 3 §7). */
export async function complianceSummary(deps: { repo: PaperAccountRepository; clock: Clock }, userId: string, days: number) {
  const from = addDays(newYorkParts(deps.clock.now()).date, -days);
  const log = (await deps.repo.complianceLog(userId, from)).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    totalChecks: log.length,
    passed: log.filter((e) => e.check_result === 'passed').length,
    failed: log.filter((e) => e.check_result === 'failed').length,
    warnings: log.filter((e) => e.check_result === 'warning').length,
    recentChecks: log.slice(0, 10),
  };
}
