import type { EventOf } from '../events/domain-events';
import { addDays, newYorkParts, weekday } from '../market/dates';
import { parseOcc } from '../market/occ';
import { fail, ok, type Result } from '../result';
import {
  ACHIEVEMENTS,
  CHALLENGES,
  MAX_POWER_UPS_HELD,
  achievementById,
  powerUpById,
  rewardById,
  type ChallengeTemplate,
  type ChallengeType,
  type Progress,
} from './catalogue';
import { addXp, streakMultiplier } from './levels';
import { MAX_CLAIMED_KEPT, MAX_COMPLETED_KEPT, MAX_STREAK_FREEZES, newRun, type GameSettings, type GameState } from './state';
import { recordActivity, recordTradeDay, streakOn } from './streak';

/**
 * The gamification rules engine: pure, no I/O, time passed in. `apply(state, event, now)` returns the next state and the
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

export const GAME_EVENT_TYPES = [
  'OrderFilled',
  'PositionClosed',
  'OptionExpired',
  'OptionExercised',
  'LessonCompleted',
  'QuizPassed',
  'JournalEntryAdded',
  'JournalTradeClosed',
  'AccountOpened',
  'AccountReset',
  'CommunityPostShared',
] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];
export type GameEvent = EventOf<GameEventType>;

export interface Award {
  /** The idempotency key: one award item per key, ever. */
  key: string;
  source: GameEventType | 'Achievement' | 'Challenge';
  sourceEventId?: string;
  label: string;
  icon: string;
  baseXp: number;
  /** The streak multiplier applied. */
  multiplier: number;
  /** The power-up factor applied (learning XP only). */
  boost: number;
  xp: number;
  coins: number;
  learning: boolean;
  /** True for awards that come from trading: no celebration (toast, level-up modal) ever fires for them. */
  quiet: boolean;
  at: string;
  achievementId?: string;
  challengeId?: string;
  levelUp?: { from: number; to: number };
}

export interface Applied {
  state: GameState;
  awards: Award[];
}

/** The key of an event's own award, stable across redeliveries and repeats of the same fact. */
export function eventKey(event: GameEvent): string {
  switch (event.type) {
    case 'OrderFilled':
      return `OrderFilled#${event.detail.orderId}`;
    case 'LessonCompleted':
      return `LessonCompleted#${event.detail.moduleId}#${event.detail.lessonId ?? 'module'}`;
    case 'QuizPassed':
      return `QuizPassed#${event.detail.quizId}`;
    case 'JournalEntryAdded':
      return `JournalEntryAdded#${event.detail.entryId}`;
    case 'JournalTradeClosed':
      return `JournalTradeClosed#${event.detail.tradeId}`;
    case 'CommunityPostShared':
      return `CommunityPostShared#${event.detail.postId}`;
    default:
      return `${event.type}#${event.detail.eventId}`;
  }
}

const TRADING_EVENTS = new Set<GameEventType>([
  'OrderFilled',
  'PositionClosed',
  'OptionExpired',
  'OptionExercised',
  'JournalTradeClosed',
  'AccountOpened',
  'AccountReset',
]);

export const nyDay = (instant: Date | string): string => newYorkParts(typeof instant === 'string' ? new Date(instant) : instant).date;
/** The Monday of a New York date's week. */
export const weekKeyOf = (day: string): string => addDays(day, -((weekday(day) + 6) % 7));
export const monthKeyOf = (day: string): string => day.slice(0, 7);

function eventTime(event: GameEvent): string {
  const d = event.detail as { at?: string; filledAt?: string; closedAt?: string };
  // JournalTradeClosed carries closedAt too: the trade's close is its time.
  return d.filledAt ?? d.closedAt ?? d.at ?? '';
}

const clone = (s: GameState): GameState => structuredClone(s);

/** Moves the period counters to the periods of `day`; returns which of them `day` falls in (false for an event older than them). */
function rollPeriods(s: GameState, day: string): { day: boolean; week: boolean; month: boolean } {
  const p = s.periods;
  const wk = weekKeyOf(day);
  const mo = monthKeyOf(day);
  if (p.day.key < day) p.day = { key: day, trades: 0, profitableCloses: 0, greeksActivity: 0 };
  if (p.week.key < wk) p.week = { key: wk, lessons: 0, strategyTypes: [] };
  if (p.month.key < mo) p.month = { key: mo, trades: 0, closedTrades: 0, wins: 0, losses: 0, realizedPnl: 0 };
  return { day: p.day.key === day, week: p.week.key === wk, month: p.month.key === mo };
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

function activeBoost(s: GameState, at: string): number {
  let factor = 1;
  for (const p of s.activePowerUps) {
    const def = powerUpById.get(p.id);
    if (def && p.activatedAt <= at && at < p.expiresAt) factor = Math.max(factor, def.learningXpFactor);
  }
  return factor;
}

interface Grant {
  key: string;
  source: Award['source'];
  sourceEventId?: string;
  label: string;
  icon: string;
  baseXp: number;
  coins: number;
  learning: boolean;
  quiet: boolean;
  at: string;
  achievementId?: string;
  challengeId?: string;
}

/** Awards XP (× the streak multiplier, × a power-up for learning XP, rounded down) and coins; levels carry over. */
function grant(s: GameState, g: Grant): Award {
  const multiplier = streakMultiplier(streakOn(s, nyDay(g.at)));
  const boost = g.learning ? activeBoost(s, g.at) : 1;
  const xp = Math.floor(g.baseXp * multiplier * boost);
  const from = s.level;
  const next = addXp(s.level, s.currentXP, xp);
  s.level = next.level;
  s.currentXP = next.currentXP;
  s.totalXP += xp;
  if (g.learning) s.learningXP += xp;
  s.optionsCoins += g.coins;
  const award: Award = { ...g, multiplier, boost, xp };
  if (next.level > from) award.levelUp = { from, to: next.level };
  return award;
}

/** Unlocks every achievement whose progress has reached its total (repeating, as one unlock can complete another). */
function unlockAchievements(s: GameState, at: string, quiet: boolean, awards: Award[]): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const a of ACHIEVEMENTS) {
      if (s.unlockedAchievements.includes(a.id)) continue;
      const p = a.progress(s);
      if (p.current < p.total) continue;
      s.unlockedAchievements.push(a.id);
      s.achievementUnlockedAt[a.id] = at;
      awards.push(
        grant(s, {
          key: `Achievement#${a.id}`,
          source: 'Achievement',
          label: `Unlocked: ${a.name}`,
          icon: a.icon,
          baseXp: a.xpReward,
          coins: a.coinReward,
          learning: false,
          quiet,
          at,
          achievementId: a.id,
        }),
      );
      changed = true;
    }
  }
}

export const challengeId = (t: ChallengeTemplate, periodKey: string): string => `${t.templateId}@${periodKey}`;
const periodKeyOf = (s: GameState, type: ChallengeType): string =>
  type === 'daily' ? s.periods.day.key : type === 'weekly' ? s.periods.week.key : s.periods.month.key;

/** Records challenges of the current periods whose progress has reached its total as completed (claimable once). */
function completeChallenges(s: GameState, at: string): void {
  for (const t of CHALLENGES) {
    const key = periodKeyOf(s, t.type);
    if (!key) continue;
    const id = challengeId(t, key);
    if (s.completedChallenges.some((c) => c.id === id) || s.claimedChallenges.includes(id)) continue;
    const p = t.progress(s);
    if (p.current < p.total) continue;
    s.completedChallenges = [
      ...s.completedChallenges,
      { id, title: t.title, type: t.type, xpReward: t.xpReward, coinReward: t.coinReward, completedAt: at },
    ].slice(-MAX_COMPLETED_KEPT);
  }
}

/** The core: a domain event applied to a learner's state. An event the rules have nothing to say about returns no awards. */
export function apply(state: GameState, event: GameEvent, now: Date): Applied {
  const s = clone(state);
  const awards: Award[] = [];
  const at = eventTime(event) || now.toISOString();
  const day = nyDay(at);
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
      // A leg's realised P&L: profit targets, growth and drawdown add up the money; the counts come per trade below.
      realise(s, event.detail.realizedPnl, inPeriod);
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

/** A leg's realised P&L (PositionClosed, OptionExercised): the run's equity, peak and drawdown, and the money totals. */
function realise(s: GameState, pnl: number, inPeriod: { month: boolean }): void {
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

function pruneExpired(s: GameState, now: Date): void {
  const iso = now.toISOString();
  s.activePowerUps = s.activePowerUps.filter((p) => p.expiresAt > iso);
}

// ---- The learner's four writes ----------------------------------------------------------------------------------

export const GAME_TEXTS = {
  insufficientCoins: 'Insufficient Options Coins',
  challengeNotFound: 'Challenge not found',
  alreadyClaimed: 'Challenge reward already claimed',
  notCompleted: 'Challenge not completed yet',
  rewardNotFound: 'Reward not found',
  alreadyOwned: 'You already own this reward',
  freezeLimit: `You can hold at most ${MAX_STREAK_FREEZES} streak freezes`,
  powerUpLimit: `You can hold at most ${MAX_POWER_UPS_HELD} of this power-up`,
  powerUpNotFound: 'Power-up not found',
  powerUpNotOwned: 'Buy this power-up with Options Coins first',
  powerUpActive: 'This power-up is already active',
} as const;

/** Claims a completed challenge's reward, once only: its coins and its XP (× the streak multiplier). */
export function claimChallenge(state: GameState, id: string, now: Date): Result<Applied> {
  if (state.claimedChallenges.includes(id)) return fail('conflict', GAME_TEXTS.alreadyClaimed);
  const done = state.completedChallenges.find((c) => c.id === id);
  if (!done) {
    const current = currentChallenges(state, now).some((c) => c.id === id);
    return current ? fail('conflict', GAME_TEXTS.notCompleted) : fail('not_found', GAME_TEXTS.challengeNotFound);
  }
  const s = clone(state);
  const at = now.toISOString();
  s.completedChallenges = s.completedChallenges.filter((c) => c.id !== id);
  s.claimedChallenges = [...s.claimedChallenges, id].slice(-MAX_CLAIMED_KEPT);
  const awards = [
    grant(s, {
      key: `Challenge#${id}`,
      source: 'Challenge',
      label: `Challenge: ${done.title}`,
      icon: '🏅',
      baseXp: done.xpReward,
      coins: done.coinReward,
      learning: false,
      quiet: false,
      at,
      challengeId: id,
    }),
  ];
  unlockAchievements(s, at, false, awards);
  pruneExpired(s, now);
  s.updatedAt = at;
  return ok({ state: s, awards });
}

/** Buys a reward with Options Coins; refused with 'Insufficient Options Coins' (nothing deducted) when coins are short. */
export function purchaseReward(state: GameState, rewardId: string, now: Date): Result<GameState> {
  const reward = rewardById.get(rewardId);
  if (!reward) return fail('not_found', GAME_TEXTS.rewardNotFound);
  if (reward.kind === 'cosmetic' && state.purchasedRewards.includes(rewardId)) return fail('conflict', GAME_TEXTS.alreadyOwned);
  if (reward.kind === 'streak_freeze' && state.streakFreezes >= MAX_STREAK_FREEZES) return fail('conflict', GAME_TEXTS.freezeLimit);
  if (reward.kind === 'power_up' && (state.powerUpInventory[rewardId] ?? 0) >= MAX_POWER_UPS_HELD) return fail('conflict', GAME_TEXTS.powerUpLimit);
  if (state.optionsCoins < reward.cost) return fail('conflict', GAME_TEXTS.insufficientCoins);
  const s = clone(state);
  s.optionsCoins -= reward.cost;
  if (reward.kind === 'cosmetic') s.purchasedRewards = [...s.purchasedRewards, rewardId];
  if (reward.kind === 'streak_freeze') s.streakFreezes += 1;
  if (reward.kind === 'power_up') s.powerUpInventory[rewardId] = (s.powerUpInventory[rewardId] ?? 0) + 1;
  pruneExpired(s, now);
  s.updatedAt = now.toISOString();
  return ok(s);
}

/** Activates a held power-up until its expiry. */
export function activatePowerUp(state: GameState, id: string, now: Date): Result<GameState> {
  const def = powerUpById.get(id);
  if (!def) return fail('not_found', GAME_TEXTS.powerUpNotFound);
  const iso = now.toISOString();
  if (state.activePowerUps.some((p) => p.id === id && p.expiresAt > iso)) return fail('conflict', GAME_TEXTS.powerUpActive);
  if ((state.powerUpInventory[id] ?? 0) < 1) return fail('conflict', GAME_TEXTS.powerUpNotOwned);
  const s = clone(state);
  pruneExpired(s, now);
  s.powerUpInventory[id] = (s.powerUpInventory[id] ?? 0) - 1;
  s.activePowerUps.push({ id, activatedAt: iso, expiresAt: new Date(now.getTime() + def.durationMinutes * 60_000).toISOString() });
  s.updatedAt = iso;
  return ok(s);
}

export function updateSettings(state: GameState, patch: Partial<GameSettings>, now: Date): GameState {
  return { ...state, settings: { ...state.settings, ...patch }, updatedAt: now.toISOString() };
}

// ---- Reading -----------------------------------------------------------------------------------------------------

export type ChallengeStatus = 'in_progress' | 'completed' | 'claimed';
export interface ChallengeView {
  id: string;
  title: string;
  description: string;
  type: ChallengeType;
  icon: string;
  xpReward: number;
  coinReward: number;
  requirement: string;
  category: string;
  expiresAt: string;
  progress: Progress;
  status: ChallengeStatus;
}

/** The end of a challenge's period in New York: the next day's, Monday's or month's midnight. */
export function challengeExpiry(type: ChallengeType, day: string): Date {
  const end = type === 'daily' ? addDays(day, 1) : type === 'weekly' ? addDays(weekKeyOf(day), 7) : nextMonthStart(day);
  return nyMidnight(end);
}
function nextMonthStart(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
function nyMidnight(day: string): Date {
  // The instant New York's calendar turns to `day` (00:00 there), found from its UTC offset that day.
  const guess = new Date(`${day}T05:00:00Z`);
  const parts = newYorkParts(guess);
  return new Date(guess.getTime() - parts.minutes * 60_000 - (parts.date === day ? 0 : 24 * 60 * 60_000));
}

/** The state as of `now`: periods rolled to today (a new day's challenges start at 0) and the streak as it stands. */
export function asOf(state: GameState, now: Date): GameState {
  const s = clone(state);
  const today = nyDay(now);
  rollPeriods(s, today);
  s.currentStreak = streakOn(s, today);
  pruneExpired(s, now);
  return s;
}

export function currentChallenges(state: GameState, now: Date): ChallengeView[] {
  const s = asOf(state, now);
  const today = nyDay(now);
  return CHALLENGES.map((t) => {
    const id = challengeId(t, periodKeyOf(s, t.type));
    const status: ChallengeStatus = s.claimedChallenges.includes(id) ? 'claimed' : s.completedChallenges.some((c) => c.id === id) ? 'completed' : 'in_progress';
    const progress = t.progress(s);
    return {
      id,
      title: t.title,
      description: t.description,
      type: t.type,
      icon: t.icon,
      xpReward: t.xpReward,
      coinReward: t.coinReward,
      requirement: t.requirement,
      category: t.category,
      expiresAt: challengeExpiry(t.type, today).toISOString(),
      progress: status === 'in_progress' ? progress : { current: progress.total, total: progress.total },
      status,
    };
  });
}

export function achievementProgress(state: GameState): Record<string, Progress> {
  return Object.fromEntries(
    ACHIEVEMENTS.map((a) => {
      const p = a.progress(state);
      return [a.id, state.unlockedAchievements.includes(a.id) ? { current: p.total, total: p.total } : p];
    }),
  );
}

export const isAchievementId = (id: string): boolean => achievementById.has(id);
