import type { Clock } from '@shared/ports/clock.port';
import { readPublicProfile, type PeopleDeps } from '@shared/users/people';
import { ensureProfile, loadMe, updateProfile, type ProfileCache, type ProfileRepository } from '@shared/users/profile';
import { usersApi } from '@shared/users/users.api';
import { failure, httpApi, ok, route } from '../commons/http';
import { meDeps } from '../wiring/users';

/** The signed-in learner's own profile, and other learners' public profiles (issue 20). */
export const makeMeHandler = (deps: { profiles: ProfileRepository; clock: Clock; cache?: ProfileCache; people: PeopleDeps }) =>
  httpApi({
    'GET /api/me': route(usersApi['GET /api/me'], async ({ user }) =>
      ok(await loadMe(deps, { userId: user.sub, email: user.email, name: user.name, groups: user.groups })),
    ),
    'PUT /api/me': route(usersApi['PUT /api/me'], async ({ user }) =>
      ok(await ensureProfile(deps, { userId: user.sub, email: user.email, name: user.name, groups: user.groups })),
    ),
    'PATCH /api/me/profile': route(usersApi['PATCH /api/me/profile'], async ({ user, body }) =>
      ok(await updateProfile(deps, { userId: user.sub, email: user.email, name: user.name, groups: user.groups }, body)),
    ),
    'GET /api/people/{publicId}': route(usersApi['GET /api/people/{publicId}'], async ({ user, params }) => {
      const result = await readPublicProfile(deps.people, user.sub, params.publicId);
      return result.ok ? ok(result.value) : failure(result.error);
    }),
  });

export const handler = makeMeHandler(meDeps());
