import { backtestApi } from '@shared/backtest/backtest.api';
import type { BacktestDeps } from '@shared/backtest/use-cases/deps';
import { deleteRun } from '@shared/backtest/use-cases/delete-run';
import { getRun } from '@shared/backtest/use-cases/get-run';
import { readAsOfChain } from '@shared/backtest/use-cases/read-as-of-chain';
import { readAsOfDay } from '@shared/backtest/use-cases/read-as-of-day';
import { listRuns } from '@shared/backtest/use-cases/list-runs';
import { readHistory } from '@shared/backtest/use-cases/read-history';
import { runAndSave } from '@shared/backtest/use-cases/run-and-save';
import { shareRun } from '@shared/backtest/use-cases/share-run';
import { displayName, publicCard, type ProfileRepository } from '@shared/users/profile';
import { created, failure, httpApi, noContent, ok, respond, route, type AuthUser } from '../commons/http';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { backtestDeps } from '../wiring/backtest';

export interface BacktestHandlerDeps extends BacktestDeps {
  /** The learners' profiles, for the name a shared run is posted under; without it, the token's name. */
  profiles?: Pick<ProfileRepository, 'get'>;
}

/** The strategy backtester (shared/backtest/backtest.api.ts): each route parses its input and calls one use case. */
export function makeBacktestHandler(deps: BacktestHandlerDeps) {
  const api = backtestApi;
  /** The author as other learners see them, as the community's own share route names them. */
  const author = async (user: AuthUser) => {
    const profile = await deps.profiles?.get(user.sub);
    return profile ? { ...publicCard(profile), userId: user.sub } : { userId: user.sub, displayName: displayName(user.name, user.email), publicId: null };
  };
  return httpApi({
    'GET /api/backtest/history': route(api['GET /api/backtest/history'], async () => ok(await readHistory(deps))),

    'POST /api/backtest/runs': route(api['POST /api/backtest/runs'], async ({ user, body }) => {
      const result = await runAndSave(deps, user.sub, body);
      if (!result.ok) return failure(result.error);
      return result.value.created ? created({ run: result.value.run }) : ok({ run: result.value.run });
    }),

    'GET /api/backtest/runs': route(api['GET /api/backtest/runs'], async ({ user }) => ok(await listRuns(deps, user.sub))),

    'GET /api/backtest/runs/{id}': route(api['GET /api/backtest/runs/{id}'], async ({ user, params }) => {
      const result = await getRun(deps, user.sub, params.id);
      return result.ok ? ok({ run: result.value }) : failure(result.error);
    }),

    'DELETE /api/backtest/runs/{id}': route(api['DELETE /api/backtest/runs/{id}'], async ({ user, params }) => {
      const result = await deleteRun(deps, user.sub, params.id);
      return result.ok ? noContent() : failure(result.error);
    }),

    'POST /api/backtest/runs/{id}/share': route(api['POST /api/backtest/runs/{id}/share'], async ({ user, params, body }) => {
      const result = await shareRun(deps, await author(user), params.id, body);
      if (!result.ok) return failure(result.error);
      return result.value.created ? created({ postId: result.value.postId }) : ok({ postId: result.value.postId });
    }),

    'GET /api/backtest/as-of/{underlying}': route(api['GET /api/backtest/as-of/{underlying}'], async ({ params, query }) =>
      respond(await readAsOfDay(deps, params.underlying, query.date)),
    ),

    'GET /api/backtest/as-of/{underlying}/chain': route(api['GET /api/backtest/as-of/{underlying}/chain'], async ({ params, query }) =>
      respond(await readAsOfChain(deps, params.underlying, query.date, query.expiry)),
    ),
  });
}

export const handler = makeBacktestHandler({ ...backtestDeps(), profiles: dynamoProfileRepository() });
