import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/ids.port';
import { fail, ok, type Result } from '../result';
import { defaultDraftName, MAX_DRAFTS, type Draft, type DraftLeg, type DraftRepository } from './drafts';

export interface DraftDeps {
  drafts: DraftRepository;
  clock: Clock;
  ids: IdGenerator;
}

export interface DraftInput {
  name?: string;
  underlying: string;
  strategy?: string | null;
  multiplier: number;
  legs: DraftLeg[];
}

const noSuchDraft = () => fail('not_found', 'No such draft.');

/** Saves a new draft; at most MAX_DRAFTS per learner, counted in the same write (issue 16: a count then a put let 70 creates at once store 51). */
export async function createDraft(deps: DraftDeps, userId: string, input: DraftInput): Promise<Result<Draft>> {
  const at = deps.clock.now().toISOString();
  const draft: Draft = {
    draftId: deps.ids.newId(),
    name: input.name || defaultDraftName(input.underlying, input.strategy ?? null),
    underlying: input.underlying,
    strategy: input.strategy ?? null,
    multiplier: input.multiplier,
    legs: input.legs,
    createdAt: at,
    updatedAt: at,
  };
  if (!(await deps.drafts.create(userId, draft, MAX_DRAFTS))) {
    return fail('conflict', `You have ${MAX_DRAFTS} drafts, the most kept. Delete one to save another.`);
  }
  return ok(draft);
}

/** Replaces a draft's contents, keeping its id and creation time; a draft deleted meanwhile is not brought back. */
export async function updateDraft(deps: DraftDeps, userId: string, draftId: string, input: DraftInput): Promise<Result<Draft>> {
  const existing = await deps.drafts.get(userId, draftId);
  if (!existing) return noSuchDraft();
  const draft: Draft = {
    ...existing,
    name: input.name || existing.name,
    underlying: input.underlying,
    strategy: input.strategy ?? null,
    multiplier: input.multiplier,
    legs: input.legs,
    updatedAt: deps.clock.now().toISOString(),
  };
  return (await deps.drafts.update(userId, draft)) ? ok(draft) : noSuchDraft();
}

export async function deleteDraft(deps: DraftDeps, userId: string, draftId: string): Promise<Result<null>> {
  return (await deps.drafts.delete(userId, draftId)) ? ok(null) : noSuchDraft();
}
