import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/ids.port';
import { fail, ok, type Result } from '../result';
import { MAX_SAVED_SCREENS, type SavedScreen, type ScreenerQuery } from './screener.api';

/**
 * Saved screens (issue 22; save, share a link and load, as Barchart's options screener does): a learner's named screener queries,
 * re-run on the newest snapshot when opened. At most MAX_SAVED_SCREENS a learner, checked in the same write.
 */
export interface ScreenRepository {
  list(userId: string): Promise<SavedScreen[]>;
  /** False when the learner already has `max` screens. */
  create(userId: string, screen: SavedScreen, max: number): Promise<boolean>;
  /** False when the learner has no screen with that id. */
  delete(userId: string, screenId: string): Promise<boolean>;
}

export interface ScreenDeps {
  screens: ScreenRepository;
  clock: Clock;
  ids: IdGenerator;
}

export async function saveScreen(deps: ScreenDeps, userId: string, input: { name: string; query: ScreenerQuery }): Promise<Result<SavedScreen>> {
  const screen: SavedScreen = { id: deps.ids.newId(), name: input.name, query: input.query, createdAt: deps.clock.now().toISOString() };
  if (!(await deps.screens.create(userId, screen, MAX_SAVED_SCREENS))) {
    return fail('conflict', `You have ${MAX_SAVED_SCREENS} saved screens, the most kept. Delete one to save another.`);
  }
  return ok(screen);
}

export async function deleteScreen(deps: ScreenDeps, userId: string, screenId: string): Promise<Result<null>> {
  return (await deps.screens.delete(userId, screenId)) ? ok(null) : fail('not_found', 'No such screen.');
}
