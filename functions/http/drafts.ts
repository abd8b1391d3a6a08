import { ulid } from 'ulid';
import { defaultDraftName, MAX_DRAFTS, type Draft, type DraftRepository } from '@shared/drafts/drafts';
import { draftsApi } from '@shared/drafts/drafts.api';
import type { Clock } from '@shared/ports/clock.port';
import { dynamoDraftRepository } from '../adapters/dynamo/drafts-repository';
import { systemClock } from '../commons/clock';
import { appError } from '../commons/errors';
import { created, failure, httpApi, noContent, ok, route } from '../commons/http';

/** The builder's drafts: saved per learner, listed newest first, reopened, renamed, deleted. */
export function makeDraftsHandler(deps: { drafts: DraftRepository; clock: Clock; newId: () => string }) {
  const notFound = () => failure(appError('not_found', 'No such draft.'));
  return httpApi({
    'GET /api/drafts': route(draftsApi['GET /api/drafts'], async ({ user }) => ok({ drafts: await deps.drafts.list(user.sub) })),

    'POST /api/drafts': route(draftsApi['POST /api/drafts'], async ({ user, body }) => {
      if ((await deps.drafts.count(user.sub)) >= MAX_DRAFTS) {
        return failure(appError('conflict', `You have ${MAX_DRAFTS} drafts, the most kept. Delete one to save another.`));
      }
      const at = deps.clock.now().toISOString();
      const draft: Draft = {
        draftId: deps.newId(),
        name: body.name || defaultDraftName(body.underlying, body.strategy ?? null),
        underlying: body.underlying,
        strategy: body.strategy ?? null,
        multiplier: body.multiplier,
        legs: body.legs,
        createdAt: at,
        updatedAt: at,
      };
      await deps.drafts.put(user.sub, draft);
      return created({ draft });
    }),

    'PUT /api/drafts/{id}': route(draftsApi['PUT /api/drafts/{id}'], async ({ user, params, body }) => {
      const existing = await deps.drafts.get(user.sub, params.id);
      if (!existing) return notFound();
      const draft: Draft = {
        ...existing,
        name: body.name || existing.name,
        underlying: body.underlying,
        strategy: body.strategy ?? null,
        multiplier: body.multiplier,
        legs: body.legs,
        updatedAt: deps.clock.now().toISOString(),
      };
      await deps.drafts.put(user.sub, draft);
      return ok({ draft });
    }),

    'DELETE /api/drafts/{id}': route(draftsApi['DELETE /api/drafts/{id}'], async ({ user, params }) =>
      (await deps.drafts.delete(user.sub, params.id)) ? noContent() : notFound(),
    ),
  });
}

export const handler = makeDraftsHandler({ drafts: dynamoDraftRepository(), clock: systemClock, newId: () => ulid() });
