import { communityApi } from '@shared/community/community.api';
import { subscribeToLaunch, type NotifyRepository } from '@shared/community/notify';
import { MODERATION_LIST_LIMIT, moderateTestimonial, publicTestimonials, shareTestimonial, type TestimonialRepository } from '@shared/community/testimonials';
import type { Clock } from '@shared/ports/clock.port';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { accepted, failure, httpApiWithAdmin, noContent, ok, respond, route } from '../commons/http';
import { communityDeps } from '../wiring/community';

export interface CommunityDeps {
  testimonials: TestimonialRepository;
  notify: NotifyRepository;
  clock: Clock;
  /** The user pool's word on who is an operator now (functions/commons/http.ts). */
  groups: GroupMembership;
}

/** Learner stories (share, withdraw, the public list, moderation) and the coming-soon notify-me list. */
export function makeCommunityHandler(deps: CommunityDeps) {
  const decide = (decision: 'approve' | 'reject') =>
    route(communityApi[`POST /api/admin/testimonials/{userId}/${decision}`], async ({ params, body, user }) => {
      const result = await moderateTestimonial(deps, user.sub, params.userId, decision, body.updatedAt);
      return respond(result, (testimonial) => ok({ testimonial }));
    });

  return httpApiWithAdmin(deps.groups, {
    'GET /api/community/testimonials': route(communityApi['GET /api/community/testimonials'], async () =>
      ok({ testimonials: await publicTestimonials(deps) }, { 'cache-control': 'public, max-age=60' }),
    ),

    'GET /api/community/testimonial': route(communityApi['GET /api/community/testimonial'], async ({ user }) =>
      ok({ testimonial: await deps.testimonials.get(user.sub) }),
    ),

    'PUT /api/community/testimonial': route(communityApi['PUT /api/community/testimonial'], async ({ body, user }) =>
      ok({ testimonial: await shareTestimonial(deps, user.sub, body) }),
    ),

    'DELETE /api/community/testimonial': route(communityApi['DELETE /api/community/testimonial'], async ({ user }) => {
      await deps.testimonials.delete(user.sub);
      return noContent();
    }),

    'POST /api/community/notify': route(communityApi['POST /api/community/notify'], async ({ user }) => {
      const result = await subscribeToLaunch(deps, { userId: user.sub, email: user.email, emailVerified: user.emailVerified === true });
      return result.ok ? accepted({ subscribed: true, email: result.value.email }) : failure(result.error);
    }),

    'GET /api/admin/testimonials': route(communityApi['GET /api/admin/testimonials'], async ({ query }) =>
      ok({ status: query.status, testimonials: await deps.testimonials.listByStatus(query.status, MODERATION_LIST_LIMIT) }),
    ),

    'POST /api/admin/testimonials/{userId}/approve': decide('approve'),
    'POST /api/admin/testimonials/{userId}/reject': decide('reject'),
  });
}

export const handler = makeCommunityHandler(communityDeps());
