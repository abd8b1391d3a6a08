import { journalApi } from '@shared/journal/journal.api';
import { createEntry } from '@shared/journal/use-cases/create-entry';
import { deleteEntry } from '@shared/journal/use-cases/delete-entry';
import type { JournalDeps } from '@shared/journal/use-cases/deps';
import { exportCsv } from '@shared/journal/use-cases/export-csv';
import { getEntry } from '@shared/journal/use-cases/get-entry';
import { getTrade } from '@shared/journal/use-cases/get-trade';
import { journalStats } from '@shared/journal/use-cases/journal-stats';
import { listEntries } from '@shared/journal/use-cases/list-entries';
import { listTrades } from '@shared/journal/use-cases/list-trades';
import { updateEntry } from '@shared/journal/use-cases/update-entry';
import { created, httpApi, noContent, ok, okText, respond, route } from '../commons/http';
import { journalDeps } from '../wiring/journal';

/** The journal's routes (shared/journal/journal.api.ts): each parses its input and calls one use case; the learner only from the token. */
export function makeJournalHandler(deps: JournalDeps) {
  const api = journalApi;
  return httpApi({
    'GET /api/journal/trades': route(api['GET /api/journal/trades'], async ({ user, query }) => ok(await listTrades(deps, user.sub, query))),
    'GET /api/journal/trades/{id}': route(api['GET /api/journal/trades/{id}'], async ({ user, params }) => respond(await getTrade(deps, user.sub, params.id))),
    'GET /api/journal/entries': route(api['GET /api/journal/entries'], async ({ user, query }) => ok(await listEntries(deps, user.sub, query))),
    'POST /api/journal/entries': route(api['POST /api/journal/entries'], async ({ user, body }) =>
      respond(await createEntry(deps, user.sub, body, user.agent?.name), (v) => created(v)),
    ),
    'GET /api/journal/entries/{id}': route(api['GET /api/journal/entries/{id}'], async ({ user, params }) =>
      respond(await getEntry(deps, user.sub, params.id), (entry) => ok({ entry })),
    ),
    'PUT /api/journal/entries/{id}': route(api['PUT /api/journal/entries/{id}'], async ({ user, params, body }) =>
      respond(await updateEntry(deps, user.sub, params.id, body)),
    ),
    'DELETE /api/journal/entries/{id}': route(api['DELETE /api/journal/entries/{id}'], async ({ user, params }) =>
      respond(await deleteEntry(deps, user.sub, params.id), () => noContent()),
    ),
    'GET /api/journal/stats': route(api['GET /api/journal/stats'], async ({ user, query }) => ok(await journalStats(deps, user.sub, query))),
    'GET /api/journal/export.csv': route(api['GET /api/journal/export.csv'], async ({ user, query }) =>
      okText(await exportCsv(deps, user.sub, query.kind), 'text/csv; charset=utf-8', {
        'content-disposition': `attachment; filename="journal-${query.kind}.csv"`,
      }),
    ),
  });
}

export const handler = makeJournalHandler(journalDeps());
