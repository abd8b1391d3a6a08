import { PLANNED_SEASON_ACHIEVEMENT, PLANNED_SEASON_COINS } from '@shared/competitions/awards';
import { LEAGUE_SIZE } from '@shared/competitions/leagues';
import { COMPETITION_RULES, SCORE_FORMULA } from '@shared/competitions/rules';
import { lateJoinMessage } from '@shared/competitions/competitions.errors';
import { SCORE_RULE } from '@shared/competitions/score';
import type { CompetitionAccountView } from '@web/api/competition-account';
import type { BoardView, CompetitionsView, DebriefView, SeasonSummary } from '@web/api/competitions';

/** The competitions' answers as the contract shapes them (shared/competitions/*.api.ts), for the page tests. */

export const running: SeasonSummary = {
  id: 'weekly-2026-11-30',
  kind: 'weekly',
  label: 'Weekly · Nov 30 – Dec 4, 2026',
  firstDay: '2026-11-30',
  lastDay: '2026-12-04',
  tradingDays: 5,
  joinClosesAt: '2026-11-30T21:00:00.000Z',
  closesAt: '2026-12-05T00:00:00.000Z',
  status: 'running',
  entrants: 12,
  joined: false,
  accountId: null,
  nextSeasonId: 'weekly-2026-12-07',
};
export const nextWeek: SeasonSummary = {
  ...running,
  id: 'weekly-2026-12-07',
  label: 'Weekly · Dec 7 – 11, 2026',
  firstDay: '2026-12-07',
  lastDay: '2026-12-11',
  joinClosesAt: '2026-12-07T21:00:00.000Z',
  closesAt: '2026-12-12T00:00:00.000Z',
  status: 'joinable',
  entrants: 1,
  nextSeasonId: null,
};
export const month: SeasonSummary = {
  ...running,
  id: 'monthly-2026-12',
  kind: 'monthly',
  label: 'Monthly · December 2026',
  firstDay: '2026-12-01',
  lastDay: '2026-12-31',
  tradingDays: 22,
  joinClosesAt: '2026-12-01T21:00:00.000Z',
  closesAt: '2027-01-01T00:00:00.000Z',
  status: 'joinable',
  entrants: 1,
  joined: true,
  accountId: 'competition-monthly-2026-12',
  nextSeasonId: null,
};

export const view: CompetitionsView = {
  seasons: [running, nextWeek, month],
  past: [
    {
      id: 'weekly-2026-11-23',
      kind: 'weekly',
      label: 'Weekly · Nov 23 – 27, 2026',
      firstDay: '2026-11-23',
      lastDay: '2026-11-27',
      closedAt: '2026-11-28T00:00:00.000Z',
      ranked: true,
      rank: 4,
      leagueRank: 2,
      league: 1,
      score: 1.2345,
      note: null,
      hasDebrief: true,
      awarded: true,
    },
  ],
  rules: COMPETITION_RULES.map((r) => ({ ...r })),
  scoreFormula: SCORE_FORMULA,
  score: { drawdownFloor: SCORE_RULE.drawdownFloor, minClosedTrades: SCORE_RULE.minClosedTrades, minTradingDays: SCORE_RULE.minTradingDays },
  leagueSize: LEAGUE_SIZE,
  startingCapital: 100_000,
  award: { coins: { ...PLANNED_SEASON_COINS }, achievement: { ...PLANNED_SEASON_ACHIEVEMENT } },
};

export const lateJoin = { error: lateJoinMessage(running, nextWeek), code: 'conflict', nextSeasonId: nextWeek.id };

const figures = {
  startingCapital: 100_000,
  finalEquity: 101_000,
  return: 0.01,
  maxDrawdown: { amount: 500, fraction: 0.005, peakDate: '2026-11-30', troughDate: '2026-12-01' },
  divisor: 0.02,
  floorApplied: true,
  score: 0.5,
};

export const board = (over: Partial<BoardView> = {}): BoardView => ({
  seasonId: running.id,
  label: running.label,
  status: 'running',
  view: 'league',
  league: 1,
  leagues: 1,
  entrants: 3,
  rows: [
    { rank: 1, name: 'Grace Hopper', score: 2.1, ranked: true, note: null, isYou: false, private: false },
    { rank: 2, name: 'Private entrant', score: 1.4, ranked: true, note: null, isYou: false, private: true },
    { rank: null, name: 'Ada Lovelace', score: 0.5, ranked: false, note: 'Needs 2 more closed trades and 1 more trading day', isYou: true, private: false },
  ],
  you: {
    row: {
      rank: null,
      name: 'Ada Lovelace',
      score: 0.5,
      ranked: false,
      note: 'Needs 2 more closed trades and 1 more trading day',
      isYou: true,
      private: false,
    },
    league: 1,
    leagueRank: null,
    overallRank: null,
    figures,
    sample: { closedTrades: 3, tradingDays: 2 },
  },
  asOf: { at: '2026-12-01T21:30:00.000Z', basis: 'closing' },
  scoreFormula: SCORE_FORMULA,
  ...over,
});

export const TRADE_ID = '01JDQ3Z7M8K9V2N4P6R8T0W2Y4';
export const PLANNED_ID = '01JDQ3Z7M8K9V2N4P6R8T0W2Y5';

export const account = (over: Partial<CompetitionAccountView> = {}): CompetitionAccountView => ({
  seasonId: running.id,
  accountId: `competition-${running.id}`,
  name: 'Competition · Weekly · Nov 30 – Dec 4, 2026',
  season: { firstDay: running.firstDay, lastDay: running.lastDay, closesAt: running.closesAt, status: 'running' },
  account: {
    startingCapital: 100_000,
    cash: 100_120.5,
    equity: 100_980,
    buyingPower: 99_620.5,
    unrealizedPnl: -40,
    realizedPnl: 1_020,
    fees: 5.2,
    settings: { optionsLevel: 3, fillModel: 'bid-ask', commissionPerContract: 0.65 },
    asOf: '2026-12-01T18:00:00.000Z',
  },
  positions: [],
  strategies: [
    { id: 'g1', name: 'Bull Put Spread', symbols: ['O:SPY261218P00580000', 'O:SPY261218P00570000'], marketValue: -240, costBasis: -200, unrealizedPnl: -40 },
  ],
  openOrders: [],
  trades: [
    {
      id: TRADE_ID,
      strategy: 'Bull Put Spread',
      underlying: 'SPY',
      openedAt: '2026-12-01T15:00:00.000Z',
      closedAt: null,
      realizedPnl: 0,
      maxLoss: 800,
      plan: null,
      hasPlan: false,
    },
    {
      id: PLANNED_ID,
      strategy: 'Iron Condor',
      underlying: 'QQQ',
      openedAt: '2026-11-30T15:00:00.000Z',
      closedAt: '2026-12-01T15:00:00.000Z',
      realizedPnl: 1_020,
      maxLoss: 600,
      plan: {
        thesis: 'Range-bound into the Fed meeting',
        plannedExit: { profitTargetPct: 50, stop: '2x credit', time: '' },
        writtenAt: '2026-11-30T15:01:00.000Z',
      },
      hasPlan: true,
    },
  ],
  planned: { withPlan: 1, trades: 2 },
  ...over,
});

const trade = (over: Partial<DebriefView['trades'][number]>): DebriefView['trades'][number] => ({
  id: TRADE_ID,
  strategy: 'Bull Put Spread',
  underlying: 'SPY',
  openedAt: '2026-11-23T15:00:00.000Z',
  closedAt: '2026-11-24T15:00:00.000Z',
  realizedPnl: 300,
  maxLoss: 700,
  riskShare: 0.007,
  planned: true,
  ...over,
});

export const debrief: DebriefView = {
  seasonId: 'weekly-2026-11-23',
  label: 'Weekly · Nov 23 – 27, 2026',
  closedAt: '2026-11-28T00:00:00.000Z',
  ranked: true,
  note: null,
  rank: 4,
  leagueRank: 2,
  league: 1,
  entrants: 40,
  score: {
    ...figures,
    finalEquity: 102_469,
    return: 0.02469,
    score: 1.2345,
    maxDrawdown: { amount: 1_000, fraction: 0.01, peakDate: '2026-11-24', troughDate: '2026-11-25' },
  },
  trades: [trade({}), trade({ id: PLANNED_ID, strategy: 'Iron Condor', underlying: 'QQQ', realizedPnl: -150, maxLoss: 2_400, riskShare: 0.024 })],
  bestTrade: trade({}),
  worstTrade: trade({ id: PLANNED_ID, strategy: 'Iron Condor', underlying: 'QQQ', realizedPnl: -150, maxLoss: 2_400, riskShare: 0.024 }),
  maxDrawdown: { amount: 1_000, fraction: 0.01, peakDate: '2026-11-24', troughDate: '2026-11-25' },
  biggestRisk: trade({ id: PLANNED_ID, strategy: 'Iron Condor', underlying: 'QQQ', realizedPnl: -150, maxLoss: 2_400, riskShare: 0.024 }),
  planned: { withPlan: 2, trades: 2 },
  lesson: {
    id: 'position-sizing',
    title: 'Position sizing',
    href: '/app/learning/risk_management/position-sizing',
    why: 'One trade risked 2.4% of the account, three times your others.',
  },
  award: { coins: 50, achievementId: 'planned-season' },
};
