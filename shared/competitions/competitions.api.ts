import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import type { BoardRow } from './board';
import type { ScoreFigures } from './score';

/**
 * The competitions' seasons (issue 39): the seasons a learner can join, joining, the boards and the debrief after the
 * close. Trading in a season goes through POST /api/orders with the account id `competition-<seasonId>`; the
 * competition account's own routes are declared beside the accounts.
 */
const SeasonId = z
  .string()
  .min(1, 'must not be empty')
  .max(24, 'at most 24 characters')
  .regex(/^(weekly-\d{4}-\d{2}-\d{2}|monthly-\d{4}-\d{2})$/, 'must be a season id such as weekly-2026-11-30 or monthly-2026-12')
  .meta({ description: 'A season: `weekly-<its Monday>` or `monthly-<YYYY-MM>`', examples: ['weekly-2026-11-30', 'monthly-2026-12'] });
export const SeasonParams = z.object({ seasonId: SeasonId });

const Instant = z.string().meta({ description: 'An ISO 8601 instant (UTC)' });
const Day = z.string().meta({ description: 'A New York trading day, YYYY-MM-DD' });

export const SeasonStatusSchema = z
  .enum(['joinable', 'running', 'closed'])
  .meta({ description: 'joinable: until its first trading day closes; running: until its close; closed: results frozen (or due to freeze)' });

export const SeasonSummarySchema = z.object({
  id: z.string().meta({ description: 'The season id' }),
  kind: z.enum(['weekly', 'monthly']),
  label: z.string().meta({ description: 'How the page names it', examples: ['Weekly · Nov 30 – Dec 4, 2026', 'Monthly · December 2026'] }),
  firstDay: Day,
  lastDay: Day,
  tradingDays: z.number().int().meta({ description: 'How many trading days the season has' }),
  joinClosesAt: Instant.meta({ description: "The first trading day's session close: joining is refused from this instant on" }),
  closesAt: Instant.meta({ description: '7:00 PM New York on the last trading day: the results freeze from then' }),
  status: SeasonStatusSchema,
  entrants: z.number().int().meta({ description: 'How many learners have joined' }),
  joined: z.boolean().meta({ description: 'Whether the viewer has joined' }),
  accountId: z.string().nullable().meta({ description: "The viewer's competition account id (`competition-<seasonId>`) when joined, for POST /api/orders" }),
  nextSeasonId: z.string().nullable().meta({ description: 'When joining is closed: the next season of the same kind to join instead' }),
});

export const PastSeasonSchema = z.object({
  id: z.string(),
  kind: z.enum(['weekly', 'monthly']),
  label: z.string(),
  firstDay: Day,
  lastDay: Day,
  closedAt: Instant.meta({ description: "The season's close instant" }),
  ranked: z.boolean(),
  rank: z.number().int().nullable().meta({ description: 'Overall rank; null when not ranked' }),
  leagueRank: z.number().int().nullable().meta({ description: 'Rank in the league; null when not ranked' }),
  league: z.number().int().meta({ description: 'The league the learner was drawn into, from 1' }),
  score: z.number().meta({ description: 'The final score (shown for every entrant; ranks only for the ranked)' }),
  note: z.string().nullable().meta({ description: 'Why not ranked; null when ranked' }),
  hasDebrief: z.boolean().meta({ description: 'Whether GET …/debrief answers a debrief' }),
  awarded: z.boolean().meta({ description: 'Whether the season earned the Planned Season award' }),
});

const RuleSchema = z.object({ title: z.string(), text: z.string() });

export const CompetitionsViewSchema = z.object({
  seasons: z.array(SeasonSummarySchema).meta({ description: 'The current and the next weekly season, then the current and the next monthly season' }),
  past: z.array(PastSeasonSchema).max(100).meta({ description: "The learner's closed seasons, newest first (at most 100)" }),
  rules: z.array(RuleSchema).meta({ description: 'The rules, word for word, as the page shows them' }),
  scoreFormula: z.string().meta({ description: 'The score as one line, for the board header' }),
  score: z
    .object({
      drawdownFloor: z.number().meta({ description: 'A drawdown below this share of the starting capital counts as this (0.02 = 2%)' }),
      minClosedTrades: z.number().int().meta({ description: 'Closed trades needed to be ranked' }),
      minTradingDays: z.number().int().meta({ description: '…closed on at least this many different trading days' }),
    })
    .meta({ description: "The score's constants" }),
  leagueSize: z.number().int().meta({ description: 'The leagues hold about this many entrants' }),
  startingCapital: z.number().meta({ description: 'Every competition account starts with this (USD)' }),
  award: z.object({
    coins: z
      .object({ weekly: z.number().int(), monthly: z.number().int() })
      .meta({ description: 'Coins for a season finished ranked with a plan on every trade' }),
    achievement: z.object({ id: z.string(), name: z.string(), description: z.string(), icon: z.string() }),
  }),
});

export const EntrySchema = z.object({
  seasonId: z.string(),
  joinedAt: Instant.meta({ description: 'When the learner joined (the league draw orders by it)' }),
  accountId: z.string().meta({ description: 'The competition account id, `competition-<seasonId>`: trade with it through POST /api/orders' }),
});

export const BoardRowSchema = z.object({
  rank: z.number().int().nullable().meta({ description: "League rank on a league's board, overall rank on the overall board; null while not ranked" }),
  name: z.string().meta({ description: "The entrant's name, or 'Private entrant' when they hide from leaderboards (never to themselves)" }),
  score: z.number(),
  ranked: z.boolean(),
  note: z.string().nullable().meta({ description: 'What an unranked entrant still needs (or had, once closed); null when ranked' }),
  isYou: z.boolean(),
  private: z.boolean().meta({ description: 'The entrant hides from leaderboards' }),
});

const DrawdownSchema = z.object({
  amount: z.number().meta({ description: 'Dollars, positive' }),
  fraction: z.number().meta({ description: 'Share of the starting capital' }),
  peakDate: z.string().nullable().meta({ description: 'The day of the high it fell from; null for the starting capital' }),
  troughDate: z.string(),
});

export const ScoreFiguresSchema = z.object({
  startingCapital: z.number(),
  finalEquity: z.number(),
  return: z.number().meta({ description: 'R: share of the starting capital gained (negative for a loss)' }),
  maxDrawdown: DrawdownSchema.nullable(),
  divisor: z.number().meta({ description: 'What R is divided by: max(D, floor) for a gain, the floor otherwise' }),
  floorApplied: z.boolean(),
  score: z.number(),
});

export const BoardSchema = z.object({
  seasonId: z.string(),
  label: z.string(),
  status: SeasonStatusSchema,
  view: z.enum(['league', 'overall']),
  league: z.number().int().nullable().meta({ description: "The league shown (the viewer's); null on the overall board or when the viewer has not entered" }),
  leagues: z.number().int().meta({ description: 'How many leagues the season has (0 before the first standings)' }),
  entrants: z.number().int().meta({ description: 'Entrants in the standings' }),
  rows: z.array(BoardRowSchema).max(200).meta({ description: 'The board in rank order, then the unranked (the overall board: its first 200 rows)' }),
  you: z
    .object({
      row: BoardRowSchema,
      league: z.number().int(),
      leagueRank: z.number().int().nullable(),
      overallRank: z.number().int().nullable(),
      figures: ScoreFiguresSchema,
      sample: z.object({ closedTrades: z.number().int(), tradingDays: z.number().int() }),
    })
    .nullable()
    .meta({ description: "The viewer's own row and figures; null when they have not entered or the standings do not include them yet" }),
  asOf: z
    .object({
      at: Instant.meta({ description: 'When the standings were computed' }),
      basis: z
        .enum(['closing', 'provisional', 'final'])
        .meta({ description: "closing: from each day's closing equity; provisional: today's point from intraday marks; final: the frozen results" }),
    })
    .nullable()
    .meta({ description: 'Null before the first standings were computed' }),
  scoreFormula: z.string(),
});

const DebriefTradeSchema = z.object({
  id: z.string(),
  strategy: z.string(),
  underlying: z.string(),
  openedAt: Instant,
  closedAt: Instant.nullable().meta({ description: 'Null: still open at the close (its value is in the final equity)' }),
  realizedPnl: z.number(),
  maxLoss: z.number().nullable(),
  riskShare: z.number().nullable().meta({ description: "maxLoss as a share of the account's equity when it opened" }),
  planned: z.boolean().meta({ description: 'A written plan (thesis and planned exit) before it closed' }),
});

export const DebriefSchema = z.object({
  seasonId: z.string(),
  label: z.string(),
  closedAt: Instant,
  ranked: z.boolean(),
  note: z.string().nullable(),
  rank: z.number().int().nullable(),
  leagueRank: z.number().int().nullable(),
  league: z.number().int(),
  entrants: z.number().int(),
  score: ScoreFiguresSchema,
  trades: z.array(DebriefTradeSchema),
  bestTrade: DebriefTradeSchema.nullable(),
  worstTrade: DebriefTradeSchema.nullable(),
  maxDrawdown: DrawdownSchema.nullable(),
  biggestRisk: DebriefTradeSchema.nullable().meta({ description: 'The trade with the largest max loss relative to the account when it opened' }),
  planned: z.object({ withPlan: z.number().int(), trades: z.number().int() }),
  lesson: z
    .object({
      id: z.string(),
      title: z.string(),
      href: z.string().meta({ description: "The lesson's page in the app", examples: ['/app/learning/risk_management/position-sizing'] }),
      why: z.string(),
    })
    .meta({ description: 'The one lesson the debrief links, and why' }),
  award: z
    .object({ coins: z.number().int(), achievementId: z.string() })
    .nullable()
    .meta({ description: 'The Planned Season award this season earned; null when not earned' }),
});

export const competitionsApi = defineApi({
  'GET /api/competitions': {
    auth: 'user',
    summary: "The seasons to join or follow (current and next, weekly and monthly), the learner's past seasons, and the rules and score",
    response: CompetitionsViewSchema,
  },
  'POST /api/competitions/seasons/{seasonId}/join': {
    auth: 'user',
    summary: 'Join a season until the close of its first trading day; opens the competition account. Joining again answers the same entry and changes nothing',
    params: SeasonParams,
    response: z.object({ entry: EntrySchema, created: z.boolean() }),
    status: 201,
    otherStatuses: [200],
    errors: [404, 409],
  },
  'GET /api/competitions/seasons/{seasonId}/board': {
    auth: 'user',
    summary: "A season's board as the viewer sees it: their league's (default) or the overall one, from the standings the scheduled job computed",
    params: SeasonParams,
    query: z.object({
      view: z
        .enum(['league', 'overall'], { error: 'must be league or overall' })
        .optional()
        .meta({ description: "league: the viewer's league (the default); overall: every entrant" }),
    }),
    response: BoardSchema,
    errors: [404],
  },
  'GET /api/competitions/seasons/{seasonId}/debrief': {
    auth: 'user',
    summary:
      "The learner's debrief of a closed season: trades, what drove the score, the biggest risk and one lesson; 404 before the close or without an entry",
    params: SeasonParams,
    response: DebriefSchema,
    errors: [404],
  },
});

export type CompetitionsView = z.infer<typeof CompetitionsViewSchema>;
export type SeasonSummary = z.infer<typeof SeasonSummarySchema>;
export type PastSeason = z.infer<typeof PastSeasonSchema>;
export type CompetitionEntry = z.infer<typeof EntrySchema>;
export type BoardView = z.infer<typeof BoardSchema>;
export type DebriefView = z.infer<typeof DebriefSchema>;

type _Row = Expect<Equal<z.infer<typeof BoardRowSchema>, BoardRow>>;
type _Figures = Expect<Equal<z.infer<typeof ScoreFiguresSchema>, ScoreFigures>>;
