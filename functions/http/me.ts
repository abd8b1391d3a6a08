import { COURSE } from '@shared/learning/content/course';
import type { Clock } from '@shared/ports/clock.port';
import { readPublicProfile, type PeopleDeps } from '@shared/users/people';
import { ensureProfile, loadMe, profileCache, updateProfile, type ProfileCache, type ProfileRepository } from '@shared/users/profile';
import { usersApi } from '@shared/users/users.api';
import { dynamoGameRepository } from '../adapters/dynamo/game-repository';
import { dynamoLearningRepository } from '../adapters/dynamo/learning-repo';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { systemClock } from '../commons/clock';
import { failure, httpApi, ok, route } from '../commons/http';

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

const profiles = dynamoProfileRepository();
const game = dynamoGameRepository();
const learning = dynamoLearningRepository();
const titles = new Map(COURSE.map((m) => [m.id as string, m.title]));

export const handler = makeMeHandler({
  profiles,
  clock: systemClock,
  cache: profileCache(systemClock),
  people: {
    profiles,
    learning: async (userId) => (await learning.get(userId))?.progress ?? null,
    game: async (userId) => (await game.load(userId))?.state ?? null,
    globalRank: (userId, value) => game.rankOf('global', userId, value),
    moduleTitle: (id) => titles.get(id) ?? id,
  },
});
