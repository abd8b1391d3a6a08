import type { Clock } from '@shared/ports/clock.port';
import { loadMe, profileCache, type ProfileCache, type ProfileRepository } from '@shared/users/profile';
import { usersApi } from '@shared/users/users.api';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { systemClock } from '../commons/clock';
import { httpApi, ok, route } from '../commons/http';

export const makeMeHandler = (deps: { profiles: ProfileRepository; clock: Clock; cache?: ProfileCache }) =>
  httpApi({
    'GET /api/me': route(usersApi['GET /api/me'], async ({ user }) =>
      ok(await loadMe(deps, { userId: user.sub, email: user.email, name: user.name, groups: user.groups })),
    ),
  });

export const handler = makeMeHandler({ profiles: dynamoProfileRepository(), clock: systemClock, cache: profileCache(systemClock) });
