import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { CompetitionAccounts } from '../competition-accounts.port';
import type { EntrantProfiles, SeasonRepository } from '../seasons.port';

/** What the seasons' use cases need: their items, the entrants' competition accounts, names and privacy, the clock. */
export interface SeasonDeps {
  repo: SeasonRepository;
  accounts: CompetitionAccounts;
  profiles: EntrantProfiles;
  clock: Clock;
  ids: IdGenerator;
}
