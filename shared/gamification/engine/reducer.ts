import type { EventOf } from '../../events/domain-events';
import { newYorkDate } from '../../market/dates';
import { parseOcc } from '../../market/occ';
import { newRun, type GameState } from '../state';
import { recordActivity, recordTradeDay } from '../streak';
import { byAgentToken, eventKey, type GameEvent, type GameEventType } from './events';
import { grant, unlockAchievements, type Applied, type Award } from './grant';
import { clone, completeChallenges, pruneExpired, rollPeriods } from './periods';

/**
 * The gamification reducer: pure, no I/O, time passed in. `apply(state, event, now)` returns the next state and the
 * awards the event earned, each with an idempotency key derived from the event, so the server can write the state, the
 * awards and the event's receipt in one conditional transaction (at-least-once delivery awards nothing twice).
 */

/** The XP sources of issue 19's Decisions, and nothing else (no XP for raw P&L; achievements and challenges add their own). */
export const XP_SOURCES = {
  moduleCompleted: 100,
  quizPassedFirstTime: 50,
  lessonCompleted: 10,
  journalEntry: 25,
  /** A journal trade closed that had a written plan (JournalTradeClosed.hasPlan: a thesis and a planned exit, written before the close). */
  plannedTradeClosed: 20,
  firstTradeOfDay: 10,
} as const;

/** Overtrading guard (issue 19, Decisions): trade-count challenges and achievements count at most 10 trades a New York day. */
export const TRADES_COUNTED_PER_DAY = 10;

const TRADING_EVENTS = new Set<GameEventType>([
  'OrderFilled',
  'PositionClosed',
  'OptionExpired',
  'OptionExercised',
  'JournalTradeClosed',
  'AccountOpened',
  'AccountReset',
]);

function eventTime(event: GameEvent): string {
  const d = event.detail as { at?: string; filledAt?: string; closedAt?: string };
  // JournalTradeClosed carries closedAt too: the trade's close is its time.
  return d.filledAt ?? d.closedAt ?? d.at ?? '';
}

/** A trade's strategy type: the builder template's name, else recognised from a single leg (long call, short put...), else its leg count. */
export function strategyTypeOf(detail: EventOf<'OrderFilled'>['detail']): string {
  if (detail.strategy) return detail.strategy.trim().toLowerCase();
  if (detail.legs.length === 1) {
    const leg = detail.legs[0]!;
    const occ = parseOcc(leg.contract);
    return `${leg.side === 'buy' ? 'long' : 'short'} ${occ ? occ.type : 'stock'}`;
  }
  return `${detail.legs.length}-leg`;
}

/** The core: a domain event applied to a learner's state. An event the rules have nothing to say about returns no awards. */
export function apply(state: GameState, event: GameEvent, now: Date): Applied {
  // What an agent token did changes nothing in the game (not even the streak or a period's roll-over).
  if (byAgentToken(event)) return { state, awards: [] };
  const s = clone(state);
  const awards: Award[] = [];
  const at = eventTime(event) || now.toISOString();
  const day = newYorkDate(at);
  const quiet = TRADING_EVENTS.has(event.type);
  const key = eventKey(event);
  const base = { key, source: event.type, sourceEventId: event.detail.eventId, quiet, at } as const;
  const inPeriod = rollPeriods(s, day);

  switch (event.type) {
    case 'OrderFilled': {
      recordActivity(s, day);
      const first = recordTradeDay(s, day);
      if (inPeriod.day && s.periods.day.trades < TRADES_COUNTED_PER_DAY) {
        s.periods.day.trades += 1;
        s.stats.trades += 1;
        if (inPeriod.month) s.periods.month.trades += 1;
      }
      const type = strategyTypeOf(event.detail);
      if (!s.stats.strategyTypes.includes(type)) s.stats.strategyTypes = [...s.stats.strategyTypes, type].slice(-100);
      if (inPeriod.week && !s.periods.week.strategyTypes.includes(type)) s.periods.week.strategyTypes.push(type);
      if (event.detail.legs.length > 1) s.stats.multiLegTrades += 1;
      if (first) awards.push(grant(s, { ...base, label: 'First trade of the day', icon: '📈', baseXp: XP_SOURCES.firstTradeOfDay, coins: 0, learning: false }));
      break;
    }
    case 'PositionClosed':
    case 'OptionExercised':
      // A leg's realized P&L: profit targets, growth and drawdown add up the money; the counts come per trade below.
      realize(s, event.detail.realizedPnl, inPeriod);
      break;
    case 'OptionExpired':
      break;
    case 'JournalTradeClosed': {
      // One closed trade, however many legs (the journal's trade-level result): wins, losses, closed-trade counts, and
      // the XP for a trade that had a written plan. The award is keyed by the trade, so it counts once whatever the deliveries.
      const d = event.detail;
      countClosedTrade(s, day, d, inPeriod);
      awards.push(
        grant(s, {
          ...base,
          label: d.hasPlan ? 'Closed a trade that followed a written plan' : 'Trade closed',
          icon: '🗒️',
          baseXp: d.hasPlan ? XP_SOURCES.plannedTradeClosed : 0,
          coins: 0,
          learning: false,
        }),
      );
      break;
    }
    case 'LessonCompleted': {
      const { moduleId, lessonId } = event.detail;
      if (lessonId === undefined) {
        if (s.stats.completedModules.includes(moduleId)) break;
        recordActivity(s, day);
        s.stats.completedModules = [...s.stats.completedModules, moduleId];
        awards.push(grant(s, { ...base, label: 'Module completed', icon: '🎓', baseXp: XP_SOURCES.moduleCompleted, coins: 0, learning: true }));
      } else {
        if (s.stats.completedLessons.includes(lessonId)) break;
        recordActivity(s, day);
        s.stats.completedLessons = [...s.stats.completedLessons, lessonId].slice(-1000);
        s.stats.lessons += 1;
        s.stats.lessonsByModule[moduleId] = (s.stats.lessonsByModule[moduleId] ?? 0) + 1;
        if (inPeriod.week) s.periods.week.lessons += 1;
        if (inPeriod.day && moduleId === 'options_greeks') s.periods.day.greeksActivity += 1;
        awards.push(grant(s, { ...base, label: 'Lesson completed', icon: '📘', baseXp: XP_SOURCES.lessonCompleted, coins: 0, learning: true }));
      }
      break;
    }
    case 'QuizPassed': {
      const { quizId } = event.detail;
      if (s.stats.passedQuizzes.includes(quizId)) break;
      recordActivity(s, day);
      s.stats.passedQuizzes = [...s.stats.passedQuizzes, quizId].slice(-500);
      if (inPeriod.day && quizId.startsWith('options_greeks.')) s.periods.day.greeksActivity += 1;
      awards.push(grant(s, { ...base, label: 'Quiz passed', icon: '✅', baseXp: XP_SOURCES.quizPassedFirstTime, coins: 0, learning: true }));
      break;
    }
    case 'JournalEntryAdded': {
      // The journal publishes this once per entry that has a real reflection (issue 18); the award key makes it once per entry here too.
      recordActivity(s, day);
      s.stats.journalEntries += 1;
      awards.push(grant(s, { ...base, label: 'Journal reflection', icon: '📝', baseXp: XP_SOURCES.journalEntry, coins: 0, learning: false }));
      break;
    }
    case 'CommunityPostShared':
      // No XP of its own (issue 19, Decisions: nothing else awards XP) and no streak day: it counts toward the community
      // achievements and the social_butterfly board. The consumer's receipt makes it once per event.
      s.stats.communityPosts += 1;
      break;
    case 'CompetitionSeasonAwarded':
      // A competition season finished ranked with a plan on every trade (issue 39): the season's coins, no XP of its own
      // (the Planned Season achievement brings its XP with its first unlock). Keyed by the season's award key, so the
      // award item's condition makes it once per entrant and season, however often the close or the bus delivers it.
      s.stats.plannedSeasons = (s.stats.plannedSeasons ?? 0) + 1;
      awards.push(
        grant(s, {
          ...base,
          label: 'Finished a competition season with a plan on every trade',
          icon: '🗺️',
          baseXp: 0,
          coins: event.detail.coins,
          learning: false,
        }),
      );
      break;
    case 'AccountOpened':
      if (event.detail.run === s.run.run && s.run.closedTrades === 0) s.run.startingCapital = event.detail.startingCapital;
      else if (event.detail.run > s.run.run) s.run = newRun(event.detail.run, event.detail.startingCapital);
      break;
    case 'AccountReset':
      // A reset removes the learner from the trading boards for the old run (issue 19, Decisions).
      if (event.detail.run > s.run.run) s.run = newRun(event.detail.run, event.detail.startingCapital);
      break;
  }

  unlockAchievements(s, at, quiet, awards);
  completeChallenges(s, at);
  pruneExpired(s, now);
  s.updatedAt = now.toISOString();
  return { state: s, awards };
}

/** A leg's realized P&L (PositionClosed, OptionExercised): the run's equity, peak and drawdown, and the money totals. */
function realize(s: GameState, pnl: number, inPeriod: { month: boolean }): void {
  const r = s.run;
  r.realizedPnl += pnl;
  r.peak = Math.max(r.peak, r.realizedPnl);
  r.maxDrawdown = Math.max(r.maxDrawdown, r.peak - r.realizedPnl);
  s.stats.realizedPnl += pnl;
  if (inPeriod.month) s.periods.month.realizedPnl += pnl;
}

/**
 * A closed journal trade: counted once as a win, a loss or breakeven (the win-rate achievement and challenge, the daily
 * profitable close), and towards the current paper run's closed trades and days (profit_king's minimum sample) when it
 * belongs to that run.
 */
function countClosedTrade(s: GameState, day: string, d: EventOf<'JournalTradeClosed'>['detail'], inPeriod: { day: boolean; month: boolean }): void {
  const r = s.run;
  if (d.account === 'paper' && d.run === r.run) {
    r.closedTrades += 1;
    if (r.lastClosedDay !== day) {
      r.closedDays += 1;
      r.lastClosedDay = day;
    }
  }
  s.stats.closedTrades += 1;
  if (d.outcome === 'win') s.stats.wins += 1;
  if (d.outcome === 'loss') s.stats.losses += 1;
  if (inPeriod.day && d.outcome === 'win') s.periods.day.profitableCloses += 1;
  if (inPeriod.month) {
    s.periods.month.closedTrades += 1;
    if (d.outcome === 'win') s.periods.month.wins += 1;
    if (d.outcome === 'loss') s.periods.month.losses += 1;
  }
}
