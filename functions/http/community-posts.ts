import { ulid } from 'ulid';
import { postsApi } from '@shared/community/posts.api';
import {
  addComment,
  readFeed,
  readPost,
  rebuildForBuilder,
  report,
  sharePost,
  vote,
  type Author,
  type ChainSource,
  withdrawComment,
  withdrawPost,
  type PostDeps,
} from '@shared/community/posts';
import { marketReader } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import type { Result } from '@shared/result';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { displayName, publicCard, type ProfileRepository } from '@shared/users/profile';
import { dynamoPostRepository, withFeedCache } from '../adapters/dynamo/community-posts';
import { dynamoJournalRepository } from '../adapters/dynamo/journal-repository';
import { dynamoMarketStore } from '../adapters/dynamo/market-repository';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { systemClock } from '../commons/clock';
import { accepted, created, failure, httpApiWithAdmin, noContent, ok, route, type AuthUser, type HttpResponse } from '../commons/http';
import { logger } from '../commons/powertools';
import { adminGroupMembership } from '../commons/users-wiring';

export interface CommunityPostsDeps extends PostDeps {
  chains: ChainSource;
  groups: GroupMembership;
  /** The learners' profiles, for the name they chose and their public profile; without it, the token's name. */
  profiles?: Pick<ProfileRepository, 'get'>;
}

const respond = <T>(result: Result<T>, onOk: (value: T) => HttpResponse): HttpResponse => (result.ok ? onOk(result.value) : failure(result.error));

/** Strategy sharing (shared/community/posts.api.ts): each route parses its input and calls one use case in shared/community/posts.ts. */
export function makeCommunityPostsHandler(deps: CommunityPostsDeps) {
  /** The author as other learners see them: the display name they chose (else the spec's fallbacks) and their public profile. */
  const author = async (user: AuthUser): Promise<Author> => {
    const profile = await deps.profiles?.get(user.sub);
    return profile ? { ...publicCard(profile), userId: user.sub } : { userId: user.sub, displayName: displayName(user.name, user.email), publicId: null };
  };
  const api = postsApi;
  const moderate = (action: 'hide' | 'restore') =>
    route(api[`POST /api/admin/community/posts/{postId}/${action}`], async ({ params, body, user }) => {
      const item = await deps.posts.moderate({
        postId: params.postId,
        commentId: body.commentId ?? null,
        action,
        at: deps.clock.now().toISOString(),
        by: user.sub,
      });
      return item === 'missing' ? failure({ code: 'not_found', message: 'There is no such post or comment.' }) : ok({ item });
    });
  return httpApiWithAdmin(deps.groups, {
    'GET /api/community/posts': route(api['GET /api/community/posts'], async ({ query }) => respond(await readFeed(deps, query), (page) => ok(page))),
    'POST /api/community/posts': route(api['POST /api/community/posts'], async ({ user, body }) =>
      respond(await sharePost(deps, await author(user), body), (post) => created({ post })),
    ),
    'GET /api/community/posts/{postId}': route(api['GET /api/community/posts/{postId}'], async ({ user, params }) =>
      respond(await readPost(deps, params.postId, user.sub), (post) => ok({ post })),
    ),
    'DELETE /api/community/posts/{postId}': route(api['DELETE /api/community/posts/{postId}'], async ({ user, params }) =>
      respond(await withdrawPost(deps, user.sub, params.postId), () => noContent()),
    ),
    'DELETE /api/community/posts/{postId}/comments/{commentId}': route(
      api['DELETE /api/community/posts/{postId}/comments/{commentId}'],
      async ({ user, params }) => respond(await withdrawComment(deps, user.sub, params.postId, params.commentId), () => noContent()),
    ),
    'POST /api/community/posts/{postId}/comments': route(api['POST /api/community/posts/{postId}/comments'], async ({ user, params, body }) =>
      respond(await addComment(deps, await author(user), params.postId, body.body), (comment) => created({ comment })),
    ),
    'PUT /api/community/posts/{postId}/vote': route(api['PUT /api/community/posts/{postId}/vote'], async ({ user, params, body }) =>
      respond(await vote(deps, user.sub, params.postId, body.useful), (v) => ok(v)),
    ),
    'POST /api/community/posts/{postId}/report': route(api['POST /api/community/posts/{postId}/report'], async ({ user, params, body }) =>
      respond(await report(deps, user.sub, params.postId, body), () => accepted({ reported: true })),
    ),
    'GET /api/community/posts/{postId}/builder': route(api['GET /api/community/posts/{postId}/builder'], async ({ user, params }) =>
      respond(await rebuildForBuilder(deps, user.sub, params.postId), (v) => ok(v)),
    ),
    'GET /api/admin/community/reports': route(api['GET /api/admin/community/reports'], async ({ query }) =>
      ok({ items: await deps.posts.queue(query.status, 100) }),
    ),
    'POST /api/admin/community/posts/{postId}/hide': moderate('hide'),
    'POST /api/admin/community/posts/{postId}/restore': moderate('restore'),
  });
}

/** Today's chains through the same reader as the chain API (stored chains, else the simulated market). */
export function readerChains(): ChainSource {
  const clock = systemClock;
  const reader = marketReader({
    store: dynamoMarketStore(),
    simulated: simulatedProvider(clock),
    clock,
    warn: (message, error) => logger.warn(message, { error: error as Error }),
  });
  return {
    async expiries(underlying) {
      const out = await reader.expiries(underlying);
      return 'kind' in out ? null : out.expiries.map((e) => e.expiration_date);
    },
    async chain(underlying, expiration) {
      const out = await reader.chain(underlying, expiration);
      if ('kind' in out) return null;
      const strikes = (type: 'call' | 'put') =>
        [...new Set(out.contracts.filter((c) => c.contract_type === type).map((c) => c.strike_price))].sort((a, b) => a - b);
      return { spot: out.underlying.price, strikes: { call: strikes('call'), put: strikes('put') } };
    },
  };
}

export const handler = makeCommunityPostsHandler({
  posts: withFeedCache(dynamoPostRepository()),
  journal: dynamoJournalRepository(),
  clock: systemClock,
  ids: { newId: () => ulid() },
  chains: readerChains(),
  groups: adminGroupMembership(),
  profiles: dynamoProfileRepository(),
});
