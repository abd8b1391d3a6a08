import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { GameEvent } from '@shared/gamification/engine/events';
import { apply } from '@shared/gamification/engine/reducer';
import { initialState, type GameState } from '@shared/gamification/state';
import { gamificationView } from '@shared/gamification/view';

export const NOW = new Date('2026-11-25T15:00:00.000Z');

/** A learner's state as the server answers it, computed by the real rules from `events`. */
export function stateAfter(events: GameEvent[], now = NOW, ranks: Record<string, number> = {}, edit?: (s: GameState) => void) {
  let s = initialState('u1', now);
  for (const e of events) s = apply(s, e, now).state;
  edit?.(s);
  return gamificationView(s, now, ranks);
}

let n = 0;
export const lesson = (moduleId: string, lessonId: string, at = NOW.toISOString()): GameEvent =>
  ({ type: 'LessonCompleted', detail: { eventId: `e${++n}`, userId: 'u1', moduleId, lessonId, at } }) as unknown as GameEvent;

export function withProviders(ui: ReactNode, path: string, extra: { path: string; element: ReactNode }[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0]} element={ui} />
          {extra.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
