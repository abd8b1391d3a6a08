import { createDraft, deleteDraft, updateDraft, type DraftDeps } from '@shared/drafts/draft-use-cases';
import { draftsApi } from '@shared/drafts/drafts.api';
import { created, failure, httpApi, noContent, ok, route } from '../commons/http';
import { draftsDeps } from '../wiring/drafts';

/** The builder's drafts: saved per learner, listed newest first, reopened, renamed, deleted. */
export function makeDraftsHandler(deps: DraftDeps) {
  return httpApi({
    'GET /api/drafts': route(draftsApi['GET /api/drafts'], async ({ user }) => ok({ drafts: await deps.drafts.list(user.sub) })),

    'POST /api/drafts': route(draftsApi['POST /api/drafts'], async ({ user, body }) => {
      const result = await createDraft(deps, user.sub, body);
      return result.ok ? created({ draft: result.value }) : failure(result.error);
    }),

    'PUT /api/drafts/{id}': route(draftsApi['PUT /api/drafts/{id}'], async ({ user, params, body }) => {
      const result = await updateDraft(deps, user.sub, params.id, body);
      return result.ok ? ok({ draft: result.value }) : failure(result.error);
    }),

    'DELETE /api/drafts/{id}': route(draftsApi['DELETE /api/drafts/{id}'], async ({ user, params }) => {
      const result = await deleteDraft(deps, user.sub, params.id);
      return result.ok ? noContent() : failure(result.error);
    }),
  });
}

export const handler = makeDraftsHandler(draftsDeps());
