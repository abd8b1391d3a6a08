import { formatUsd } from '../../format/money';
import { DEFAULT_SETTINGS, type PaperAccount } from '../../paper/types';
import { COMPETITION_STARTING_CAPITAL, competitionAccountSettings } from '../account';
import { competitionAccountName } from '../competition-venue';
import type { Season } from '../seasons';
import type { CompetitionAccountDeps } from './competition-account-deps';

/**
 * Opens the learner's competition account for a season: the same starting capital for every entrant, the competition
 * settings at the learner's own options level (their paper account's; the paper account's default without one). An
 * account that exists already is kept as it is, so a retried join changes nothing.
 */
export async function openCompetitionAccount(deps: CompetitionAccountDeps, userId: string, season: Season, at: string): Promise<void> {
  const paper = deps.depsOf(season.id);
  if (await paper.repo.getAccount(userId)) return;
  const own = await deps.own.getAccount(userId);
  const account: PaperAccount = {
    userId,
    startingCapital: COMPETITION_STARTING_CAPITAL,
    cash: COMPETITION_STARTING_CAPITAL,
    realizedPnl: 0,
    heldForOrders: 0,
    run: 1,
    createdAt: at,
    settings: competitionAccountSettings(own?.settings.optionsLevel ?? DEFAULT_SETTINGS.optionsLevel),
    dayTrades: [],
    sessionStart: null,
    version: 1,
  };
  // false: opened already (a retry, or two joins at once): the first one stands.
  await paper.repo.createAccount(
    account,
    {
      id: paper.ids.newId(),
      at,
      kind: 'account_opened',
      cashDelta: COMPETITION_STARTING_CAPITAL,
      realizedPnl: 0,
      text: `${competitionAccountName(season)} opened with ${formatUsd(COMPETITION_STARTING_CAPITAL)} of virtual money.`,
    },
    [],
  );
}
