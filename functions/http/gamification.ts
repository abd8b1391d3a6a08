import { gamificationApi } from '@shared/gamification/gamification.api';
import { activate } from '@shared/gamification/use-cases/activate';
import { claim } from '@shared/gamification/use-cases/claim';
import type { GameDeps } from '@shared/gamification/use-cases/deps';
import { purchase } from '@shared/gamification/use-cases/purchase';
import { isCategory, readLeaderboard } from '@shared/gamification/use-cases/read-leaderboard';
import { readState, view } from '@shared/gamification/use-cases/read-state';
import { saveSettings } from '@shared/gamification/use-cases/save-settings';
import type { StoredGame } from '@shared/gamification/gamification.port';
import type { Result } from '@shared/result';
import { failure, httpApi, ok, route, type HttpResponse } from '../commons/http';
import { gamificationDeps } from '../wiring/gamification';

/** The gamification routes (shared/gamification/gamification.api.ts): the learner's four writes and the reads. */
export function makeGamificationHandler(deps: GameDeps) {
  const api = gamificationApi;
  const answer = (result: Result<StoredGame>): HttpResponse => (result.ok ? ok({ state: view(deps, result.value) }) : failure(result.error));
  return httpApi({
    'GET /api/gamification/state': route(api['GET /api/gamification/state'], async ({ user, query }) => ok(await readState(deps, user.sub, query.minVersion))),
    'GET /api/gamification/awards': route(api['GET /api/gamification/awards'], async ({ user, query }) =>
      ok(await deps.repo.awards(user.sub, query.after, query.limit)),
    ),
    'POST /api/gamification/challenges/{id}/claim': route(api['POST /api/gamification/challenges/{id}/claim'], async ({ user, params }) =>
      answer(await claim(deps, user.sub, params.id)),
    ),
    'POST /api/gamification/rewards/{id}/purchase': route(api['POST /api/gamification/rewards/{id}/purchase'], async ({ user, params }) =>
      answer(await purchase(deps, user.sub, params.id)),
    ),
    'POST /api/gamification/power-ups/{id}/activate': route(api['POST /api/gamification/power-ups/{id}/activate'], async ({ user, params }) =>
      answer(await activate(deps, user.sub, params.id)),
    ),
    'PUT /api/gamification/settings': route(api['PUT /api/gamification/settings'], async ({ user, body }) => answer(await saveSettings(deps, user.sub, body))),
    'GET /api/gamification/leaderboards/{category}': route(api['GET /api/gamification/leaderboards/{category}'], async ({ user, params, query }) =>
      isCategory(params.category)
        ? ok(await readLeaderboard(deps, user.sub, params.category, query.limit))
        : failure({ code: 'not_found', message: `No leaderboard named ${params.category}` }),
    ),
  });
}

export const handler = makeGamificationHandler(gamificationDeps());
