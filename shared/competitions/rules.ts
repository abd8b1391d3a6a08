import { PLANNED_SEASON_ACHIEVEMENT, PLANNED_SEASON_COINS } from './awards';
import { LEAGUE_SIZE } from './leagues';
import { SCORE_RULE } from './score';
import { SEASON_CLOSE_HOUR } from './seasons';

const floor = `${SCORE_RULE.drawdownFloor * 100}%`;

/** The score as one line, for the board's header. */
export const SCORE_FORMULA = `Score = return ÷ the larger of your max drawdown and ${floor} (a season that ends at or below its start: return ÷ ${floor}).`;

/**
 * The rules the competitions page shows, word for word (issue 39: "ranked by a risk-adjusted score stated on the page …
 * trading more does not help the score by construction (show why in the rules)"). Each paragraph states a rule that
 * the code in this folder enforces: score.ts (the score and the minimum sample), defined-risk.ts, seasons.ts,
 * leagues.ts, awards.ts.
 */
export const COMPETITION_RULES: readonly { title: string; text: string }[] = [
  {
    title: 'Your own competition account',
    text: 'Each entrant trades a separate competition paper account, never their own paper account, with the same starting capital, the same compliance checks and the same options level limits. Only defined-risk positions are allowed: after every order, the most each position can lose must be a number known in advance.',
  },
  {
    title: 'The score',
    text: `Your score is your return divided by your max drawdown. The return is how much your account's equity grew from its starting capital. The max drawdown is the largest fall of your closing equity, day by day, from an earlier high, also as a share of the starting capital. A drawdown below ${floor} counts as ${floor}, so one small dip cannot make a huge score. A season that ends at or below its start scores its return divided by ${floor}, so a deeper fall along the way never makes a loss look better.`,
  },
  {
    title: 'Why trading more does not help',
    text: "Only your account's equity at each day's close enters the score; the number of trades does not. A trade changes your score only through what it does to your equity, and every trade pays a commission and the spread, which lower it. And taking bigger positions does not help either: doubling every position doubles both your return and your drawdown, so the score stays the same. What raises your score is the quality of each decision, not how many you make or how big you bet.",
  },
  {
    title: 'Being ranked',
    text: `To be ranked you need at least ${SCORE_RULE.minClosedTrades} closed trades, closed on at least ${SCORE_RULE.minTradingDays} different trading days: fewer say too little about skill. Above that, more trades earn nothing. Until then your board shows what you still need.`,
  },
  {
    title: 'Seasons and leagues',
    text: `A weekly season runs over one trading week, a monthly season over a calendar month’s trading days. You can join until the close of a season’s first trading day, never after, so everyone starts together. When joining closes, entrants are drawn into leagues of about ${LEAGUE_SIZE} by the order they joined; you also appear on the overall board. If you hide yourself from leaderboards, you still compete, and others see your row as a private entrant.`,
  },
  {
    title: 'The close and the award',
    text: `A season closes at ${SEASON_CLOSE_HOUR - 12}:00 PM ET on its last trading day, after the day’s settlement; the results are then frozen and each entrant gets a debrief. The award does not go to the winners: ${PLANNED_SEASON_COINS.weekly} coins for a weekly season, ${PLANNED_SEASON_COINS.monthly} for a monthly one, and the ${PLANNED_SEASON_ACHIEVEMENT.name} achievement go to every entrant who finishes ranked with a written plan (a thesis and a planned exit, written before the trade closed) on every trade.`,
  },
];
