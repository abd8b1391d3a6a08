import { DEFAULT_SETTINGS, DEFAULT_STARTING_CAPITAL, type AccountSettings, type OptionsLevel } from '../paper/types';

/**
 * The competition paper account (issue 39): separate from the learner's own paper account, one per entrant and season,
 * the same for everyone but the options level. The same starting capital for all (the paper account's default, the
 * largest it offers); fills at the far side (buy at the ask, sell at the bid), never at the mid, as ranked games should
 * (Investopedia's simulator trading rules, support.investopedia.com, "Explanation of Trading Rules": buy at the ask,
 * sell at the bid); the paper account's commission; and the learner's own options level (their approval from the
 * course, as the paper account's compliance checks read it), so a competition never unlocks a strategy the learner's
 * paper account does not allow. The settings cannot be changed during a season.
 */
export const COMPETITION_STARTING_CAPITAL = DEFAULT_STARTING_CAPITAL;

export function competitionAccountSettings(optionsLevel: OptionsLevel): AccountSettings {
  return { ...DEFAULT_SETTINGS, fillModel: 'bid-ask', optionsLevel };
}

/** The key of an entrant's competition account within their items: apart from the paper account's, per season. */
export const competitionAccountId = (seasonId: string): string => `competition-${seasonId}`;
