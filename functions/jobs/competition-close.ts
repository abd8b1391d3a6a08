import { closeSeasons, type CloseRunReport } from '@shared/competitions/use-cases/close-seasons';
import type { SeasonDeps } from '@shared/competitions/use-cases/deps';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { instrumented, logger } from '../commons/powertools';
import { competitionDeps } from '../wiring/competitions';
import { recordedRun } from './job-run';
import { COMPETITION_CLOSE_SCHEDULE } from './schedules';

/**
 * The seasons' close (COMPETITION_CLOSE_SCHEDULE, weekdays 19:05 New York): shared/competitions/use-cases/close-seasons.ts
 * at the business clock's time. Idempotent and safe to run twice at once; each run is recorded for the data manager.
 */
export function makeCompetitionCloseJob(deps: Pick<SeasonDeps, 'repo' | 'accounts' | 'profiles' | 'clock' | 'ids'>, runs: JobRuns = dynamoJobRuns()) {
  return (input?: unknown): Promise<CloseRunReport> =>
    instrumented(COMPETITION_CLOSE_SCHEDULE.id, () =>
      recordedRun(
        { runs, jobId: COMPETITION_CLOSE_SCHEDULE.id, trigger: triggerOf(input), now: () => deps.clock.now() },
        async () => {
          const report = await closeSeasons(deps);
          logger.info('Competition seasons closed', { ...report, failures: report.failures.length });
          return report;
        },
        (report) => ({
          outcome: report.failures.length === 0 ? (report.closed.length ? 'succeeded' : 'skipped') : 'failed',
          failures: report.failures.map((f) => ({ reason: `${f.seasonId}${f.userId ? ` (${f.userId})` : ''}: ${f.reason}` })),
          note: `${report.closed.length} seasons closed (${report.closed.join(', ') || 'none due'}), ${report.debriefs} debriefs, ${report.awards} awards`,
        }),
      ),
    );
}

export const handler = makeCompetitionCloseJob(competitionDeps());
