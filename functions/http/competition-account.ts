import { competitionAccountApi } from '@shared/competitions/competition-account.api';
import { seasonById } from '@shared/competitions/seasons';
import type { CompetitionAccountDeps } from '@shared/competitions/use-cases/competition-account-deps';
import { competitionAccountView } from '@shared/competitions/use-cases/competition-account-view';
import { writeTradePlan } from '@shared/competitions/use-cases/write-trade-plan';
import { fail } from '@shared/result';
import { httpApi, respond, route } from '../commons/http';
import { competitionAccountDeps } from '../wiring/competition-accounts';

const NO_SEASON = 'No such season.';

/**
 * A learner's competition account in a season (issue 39): read it, and write a trade's plan. Its orders go through the
 * order routes (functions/http/trading.ts) with accountId `competition-<seasonId>`.
 */
export function makeCompetitionAccountHandler(deps: CompetitionAccountDeps) {
  const api = competitionAccountApi;
  return httpApi({
    'GET /api/competitions/seasons/{seasonId}/account': route(api['GET /api/competitions/seasons/{seasonId}/account'], async ({ user, params }) => {
      const season = seasonById(params.seasonId);
      return respond(season ? await competitionAccountView(deps, user.sub, season) : fail('not_found', NO_SEASON));
    }),

    'PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan': route(
      api['PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan'],
      async ({ user, params, body }) => {
        const season = seasonById(params.seasonId);
        return respond(season ? await writeTradePlan(deps, user.sub, season, params.tradeId, body) : fail('not_found', NO_SEASON));
      },
    ),
  });
}

export const handler = makeCompetitionAccountHandler(competitionAccountDeps());
