import type { PaperAccountRepository } from '../../paper/paper.port';
import type { PaperDeps } from '../../paper/use-cases/deps';
import type { CompetitionPlans } from '../competition-plans.port';

/**
 * What the competition account's use cases need: the paper account's deps on a season's items (`depsOf`, a repository
 * scoped to the season), the learner's own paper account (for their options level) and the trade plans.
 */
export interface CompetitionAccountDeps {
  depsOf(seasonId: string): PaperDeps;
  own: Pick<PaperAccountRepository, 'getAccount'>;
  plans: CompetitionPlans;
}
