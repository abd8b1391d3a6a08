import type { GameEvent } from '@shared/gamification/engine/events';
import { initialState, type GameState } from '@shared/gamification/state';

let seq = 0;
/** A fresh ulid-shaped event id (26 Crockford characters). */
export const nextEventId = (): string => `01JGAME${String(++seq).padStart(19, '0')}`;

export const USER = 'user-1';
export const fresh = (at = '2026-11-02T14:00:00.000Z'): GameState => initialState(USER, new Date(at));

/** 15:00 New York on a date (EST in November: 20:00 UTC; EDT before 1 November: 19:00 UTC). */
export const nyAfternoon = (day: string): string => {
  const month = Number(day.slice(5, 7));
  const edt = month > 3 && month < 11;
  return `${day}T${edt ? '19' : '20'}:00:00.000Z`;
};

export const filled = (day: string, orderId: string, opts: { legs?: number; strategy?: string | null } = {}): GameEvent => ({
  type: 'OrderFilled',
  detail: {
    eventId: nextEventId(),
    userId: USER,
    orderId,
    clientOrderId: `c-${orderId}`,
    strategy: opts.strategy ?? null,
    legs: Array.from({ length: opts.legs ?? 1 }, (_, i) => ({ contract: `SPY261218C00${600 + i}000`, side: 'buy' as const, quantity: 1, price: 2.5 })),
    netAmount: -250,
    filledAt: nyAfternoon(day),
  },
});

export const closed = (day: string, realizedPnl: number): GameEvent => ({
  type: 'PositionClosed',
  detail: { eventId: nextEventId(), userId: USER, contract: 'SPY261218C00600000', quantity: 1, realizedPnl, closedAt: nyAfternoon(day) },
});

/** A journal trade closed (the journal's trade-level result): a win, a loss or breakeven by its net P&L. */
export const tradeClosed = (
  day: string,
  tradeId: string,
  realizedPnl: number,
  opts: { hasPlan?: boolean; run?: number; account?: 'paper' | 'alpaca-paper' | 'alpaca-live'; legs?: number } = {},
): GameEvent => ({
  type: 'JournalTradeClosed',
  detail: {
    eventId: nextEventId(),
    userId: USER,
    tradeId,
    account: opts.account ?? 'paper',
    run: opts.run ?? 1,
    strategy: 'Long Call',
    legs: opts.legs ?? 1,
    realizedPnl,
    outcome: realizedPnl > 0 ? 'win' : realizedPnl < 0 ? 'loss' : 'breakeven',
    hasPlan: opts.hasPlan ?? false,
    openedAt: nyAfternoon(day),
    closedAt: nyAfternoon(day),
  },
});

export const lesson = (day: string, lessonId: string, moduleId = 'options_basics'): GameEvent => ({
  type: 'LessonCompleted',
  detail: { eventId: nextEventId(), userId: USER, moduleId, lessonId, at: nyAfternoon(day) },
});

export const moduleDone = (day: string, moduleId: string): GameEvent => ({
  type: 'LessonCompleted',
  detail: { eventId: nextEventId(), userId: USER, moduleId, at: nyAfternoon(day) },
});

export const quiz = (day: string, quizId: string): GameEvent => ({
  type: 'QuizPassed',
  detail: { eventId: nextEventId(), userId: USER, quizId, score: 90, at: nyAfternoon(day) },
});

export const journal = (day: string, entryId: string): GameEvent => ({
  type: 'JournalEntryAdded',
  detail: { eventId: nextEventId(), userId: USER, entryId, at: nyAfternoon(day) },
});

export const reset = (day: string, run: number, startingCapital = 100_000): GameEvent => ({
  type: 'AccountReset',
  detail: { eventId: nextEventId(), userId: USER, startingCapital, run, previousRun: run - 1, positionsCleared: 0, at: nyAfternoon(day) },
});

export const postShared = (day: string, postId: string): GameEvent => ({
  type: 'CommunityPostShared',
  detail: { eventId: nextEventId(), userId: USER, postId, at: nyAfternoon(day) },
});
