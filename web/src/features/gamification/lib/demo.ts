import { tradingDayOnOrAfter } from '@shared/market/calendar';
import { addDays, newYorkInstant, newYorkParts } from '@shared/market/dates';
import { claimChallenge, purchaseReward } from '@shared/gamification/engine/commands';
import type { GameEvent } from '@shared/gamification/engine/events';
import type { Award } from '@shared/gamification/engine/grant';
import { apply } from '@shared/gamification/engine/reducer';
import { initialState, type GameState } from '@shared/gamification/state';
import { gamificationView } from '@shared/gamification/view';

/**
 * The guided tour's world (/app/gamification/demo, /app/demo): a demo learner's state computed in the browser by the
 * same pure rules the server runs (shared/gamification), from made-up events. Nothing here calls the API: the
 * learner's real XP, coins, streak and ranks never move.
 */
export interface DemoWorld {
  state: GameState;
  /** The demo's clock: it starts at noon New York time on today's trading day and moves only forward. */
  now: Date;
  seq: number;
}

export type DemoAction = 'lesson' | 'quiz' | 'module' | 'journal' | 'trade' | 'next-day' | 'week' | 'claim' | 'buy-freeze';

export interface DemoStep {
  awards: Award[];
  /** A refusal or a note for the learner (the engine's own message, e.g. 'Insufficient Options Coins'). */
  message?: string;
}

const noonOn = (day: string) => newYorkInstant(day, 12);

export function startDemo(now: Date): DemoWorld {
  const start = noonOn(tradingDayOnOrAfter(newYorkParts(now).date));
  return { state: initialState('demo', start), now: start, seq: 0 };
}

export const demoView = (w: DemoWorld) => gamificationView(w.state, w.now, {});

/** The next trading day, at noon New York time: weekends and NYSE holidays are skipped, as the streak skips them. */
const nextTradingNoon = (now: Date) => noonOn(tradingDayOnOrAfter(addDays(newYorkParts(now).date, 1)));

function event(w: DemoWorld, action: 'lesson' | 'quiz' | 'module' | 'journal' | 'trade'): GameEvent {
  const n = ++w.seq;
  const at = new Date(w.now.getTime() + n * 1000).toISOString();
  const base = { eventId: `demo-${n}`, userId: 'demo' };
  switch (action) {
    case 'lesson':
      // Every other lesson is an Options Greeks one, so the daily "Use the Greeks" challenge completes on the tour.
      return { type: 'LessonCompleted', detail: { ...base, moduleId: n % 2 === 0 ? 'options_greeks' : 'options_basics', lessonId: `demo-lesson-${n}`, at } };
    case 'quiz':
      return { type: 'QuizPassed', detail: { ...base, quizId: `options_basics.demo-quiz-${n}`, score: 90, at } };
    case 'module':
      return { type: 'LessonCompleted', detail: { ...base, moduleId: `demo_module_${n}`, at } };
    case 'journal':
      return { type: 'JournalEntryAdded', detail: { ...base, entryId: `demo-entry-${n}`, at } };
    case 'trade':
      return {
        type: 'OrderFilled',
        detail: {
          ...base,
          orderId: `demo-order-${n}`,
          clientOrderId: `demo-order-${n}`,
          legs: [{ contract: 'SPY261218C00600000', side: 'buy', quantity: 1, price: 5 }],
          netAmount: -500,
          filledAt: at,
        },
      };
  }
}

/** Runs one tour action on a copy of the world; returns the new world and what it earned (or why it was refused). */
export function runDemo(world: DemoWorld, action: DemoAction): { world: DemoWorld; step: DemoStep } {
  const w: DemoWorld = { ...world };
  const awards: Award[] = [];
  const feed = (e: GameEvent) => {
    const r = apply(w.state, e, w.now);
    w.state = r.state;
    awards.push(...r.awards);
  };
  switch (action) {
    case 'lesson':
    case 'quiz':
    case 'module':
    case 'journal':
    case 'trade':
      feed(event(w, action));
      return { world: w, step: { awards } };
    case 'next-day':
      w.now = nextTradingNoon(w.now);
      feed(event(w, 'lesson'));
      return { world: w, step: { awards } };
    case 'week':
      for (let i = 0; i < 5; i++) {
        w.now = nextTradingNoon(w.now);
        feed(event(w, 'lesson'));
      }
      return { world: w, step: { awards } };
    case 'claim': {
      const done = w.state.completedChallenges[0];
      if (!done) return { world: w, step: { awards, message: 'Complete a challenge first: a lesson and an Options Greeks lesson today do it.' } };
      const r = claimChallenge(w.state, done.id, w.now);
      if (!r.ok) return { world: w, step: { awards, message: r.error.message } };
      w.state = r.value.state;
      return { world: w, step: { awards: r.value.awards } };
    }
    case 'buy-freeze': {
      const r = purchaseReward(w.state, 'streak-freeze', w.now);
      if (!r.ok) return { world: w, step: { awards, message: r.error.message } };
      w.state = r.value;
      return { world: w, step: { awards, message: 'Bought a Streak Freeze for 50 Options Coins.' } };
    }
  }
}
