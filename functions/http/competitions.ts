import { competitionsApi } from '@shared/competitions/competitions.api';
import type { SeasonDeps } from '@shared/competitions/use-cases/deps';
import { joinSeason } from '@shared/competitions/use-cases/join-season';
import { listSeasons } from '@shared/competitions/use-cases/list-seasons';
import { readBoard } from '@shared/competitions/use-cases/read-board';
import { readDebrief } from '@shared/competitions/use-cases/read-debrief';
import { created, failure, httpApi, ok, route } from '../commons/http';
import { competitionDeps } from '../wiring/competitions';

/** The competition seasons: the seasons to join, joining, the boards and the debriefs (issue 39). */
export function makeCompetitionsHandler(deps: SeasonDeps) {
  return httpApi({
    'GET /api/competitions': route(competitionsApi['GET /api/competitions'], async ({ user }) => ok(await listSeasons(deps, user.sub))),

    'POST /api/competitions/seasons/{seasonId}/join': route(competitionsApi['POST /api/competitions/seasons/{seasonId}/join'], async ({ user, params }) => {
      const result = await joinSeason(deps, user.sub, params.seasonId);
      if (!result.ok) return failure(result.error);
      return result.value.created ? created(result.value) : ok(result.value);
    }),

    'GET /api/competitions/seasons/{seasonId}/board': route(
      competitionsApi['GET /api/competitions/seasons/{seasonId}/board'],
      async ({ user, params, query }) => {
        const result = await readBoard(deps, user.sub, params.seasonId, query.view ?? 'league');
        return result.ok ? ok(result.value) : failure(result.error);
      },
    ),

    'GET /api/competitions/seasons/{seasonId}/debrief': route(competitionsApi['GET /api/competitions/seasons/{seasonId}/debrief'], async ({ user, params }) => {
      const result = await readDebrief(deps, user.sub, params.seasonId);
      return result.ok ? ok(result.value) : failure(result.error);
    }),
  });
}

export const handler = makeCompetitionsHandler(competitionDeps());
