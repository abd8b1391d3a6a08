import { refreshStandings, type BoardRunReport } from '@shared/competitions/use-cases/refresh-standings';
import type { SeasonDeps } from '@shared/competitions/use-cases/deps';
import { triggerOf, type JobRuns } from '@shared/ports/job-runs.port';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { instrumented, logger } from '../commons/powertools';
import { competitionDeps } from '../wiring/competitions';
import { recordedRun } from './job-run';
import { COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE, COMPETITION_BOARD_SCHEDULE } from './schedules';

/**
 * The competition standings (COMPETITION_BOARD_SCHEDULE every 15 minutes of the trading day, and
 * COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE once after the settle job): shared/competitions/use-cases/refresh-standings.ts,
 * at the business clock's time (which the local stack can move). Each run is recorded for the data manager.
 */
export function makeCompetitionBoardJob(deps: Pick<SeasonDeps, 'repo' | 'accounts' | 'profiles' | 'clock'>, jobId: string, runs: JobRuns = dynamoJobRuns()) {
  return (input?: unknown): Promise<BoardRunReport> =>
    instrumented(jobId, () =>
      recordedRun(
        { runs, jobId, trigger: triggerOf(input), now: () => deps.clock.now() },
        async () => {
          const report = await refreshStandings(deps);
          logger.info('Competition standings refreshed', { ...report, failures: report.failures.length });
          return report;
        },
        (report) =>
          report.skipped
            ? { outcome: 'skipped', note: 'outside the trading day' }
            : {
                outcome: report.failures.length === 0 ? 'succeeded' : 'failed',
                failures: report.failures.map((f) => ({ reason: `${f.seasonId}${f.userId ? ` (${f.userId})` : ''}: ${f.reason}` })),
                note: `${report.seasons} seasons' standings (${report.basis}), ${report.entrants} entrants`,
              },
      ),
    );
}

const deps = competitionDeps();
export const handler = makeCompetitionBoardJob(deps, COMPETITION_BOARD_SCHEDULE.id);
export const afterSettleHandler = makeCompetitionBoardJob(deps, COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE.id);
