import type { GameEvent } from '@shared/gamification/engine/events';
import type { Applied } from '@shared/gamification/engine/grant';
import { apply } from '@shared/gamification/engine/reducer';
import type { GameState } from '@shared/gamification/state';
import type { Result } from '@shared/result';
import { nyAfternoon } from '../fixtures';

/** Applies events in order (each at the end of 2026, New York afternoon) and collects the awards. */
export const run = (s: GameState, events: GameEvent[]): { state: GameState; awards: Applied['awards'] } => {
  const awards: Applied['awards'] = [];
  for (const e of events) {
    const r = apply(s, e, new Date(nyAfternoon('2026-12-31')));
    s = r.state;
    awards.push(...r.awards);
  }
  return { state: s, awards };
};
export const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
export const xpOf = (a: Applied['awards'], source: string) => a.filter((x) => x.source === source).map((x) => x.xp);
/** Consecutive trading days from 2 Nov 2026 (a Monday), weekends and holidays skipped. */
export const tradingDaysFrom = (n: number, start = '2026-11-02'): string[] => {
  const out: string[] = [];
  for (let d = new Date(`${start}T12:00:00Z`); out.length < n; d = new Date(d.getTime() + 86_400_000)) {
    const iso = d.toISOString().slice(0, 10);
    const dow = d.getUTCDay();
    if (dow !== 0 && dow !== 6 && !['2026-11-26', '2026-12-25', '2027-01-01', '2027-01-18', '2027-02-15'].includes(iso)) out.push(iso);
  }
  return out;
};
