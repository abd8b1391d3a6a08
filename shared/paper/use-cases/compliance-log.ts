import { canProceed, type ComplianceCheck } from '../../compliance/checks';
import { newYorkParts } from '../../market/dates';
import type { ComplianceLogEntry } from '../paper.port';
import { warn, type PaperDeps } from './deps';

/**
 * The compliance log's entries for an order's checks (spec part 3 §7): approved or blocked as a whole. `context` is
 * added to every entry's details (a broker order's `broker: 'alpaca'`).
 */
export function complianceEntries(checks: readonly ComplianceCheck[], now: Date, context: Record<string, unknown> = {}): ComplianceLogEntry[] {
  const action = canProceed(checks) ? 'approved' : 'blocked';
  return checks.map((c) => ({
    compliance_type: c.type,
    check_result: c.severity === 'error' ? 'failed' : c.severity === 'warning' ? 'warning' : 'passed',
    details: { message: c.message, ...context, ...c.details },
    action_taken: action,
    trade_date: newYorkParts(now).date,
    created_at: now.toISOString(),
  }));
}

/** Writes the checks of an order that is not booked (blocked or invalid); a booked one carries them in its transaction. */
export function logChecks(deps: PaperDeps, userId: string, checks: readonly ComplianceCheck[]): void {
  // Spec part 3 §7: compliance-log failures are only logged.
  deps.repo.logCompliance(userId, complianceEntries(checks, deps.clock.now())).catch((err: unknown) => warn(deps)('compliance log write failed', err));
}
