import { z } from 'zod';
import { NotifyBody, subscribeToLaunch, type NotifyRepository } from '@shared/community/notify';
import {
  MODERATION_LIST_LIMIT,
  moderateTestimonial,
  publicTestimonials,
  ShareTestimonialBody,
  shareTestimonial,
  TESTIMONIAL_STATUSES,
  type TestimonialRepository,
} from '@shared/community/testimonials';
import type { Clock } from '@shared/ports/clock.port';
import { dynamoNotifyRepository, dynamoTestimonialRepository } from '../adapters/dynamo/community-repository';
import { systemClock } from '../commons/clock';
import { appError } from '../commons/errors';
import { accepted, failure, httpApi, noContent, ok, route } from '../commons/http';

export interface CommunityDeps {
  testimonials: TestimonialRepository;
  notify: NotifyRepository;
  clock: Clock;
}

const UserIdParam = z.object({ userId: z.string().min(1).max(128) });
const ModerationBody = z.object({ updatedAt: z.string({ error: 'is required: the time of the version you reviewed' }).min(1).max(40) });

/** Learner stories (share, withdraw, the public list, moderation) and the coming-soon notify-me list. */
export function makeCommunityHandler(deps: CommunityDeps) {
  const decide = (decision: 'approve' | 'reject') =>
    route({ auth: 'admin', params: UserIdParam, body: ModerationBody }, async ({ params, body, user }) => {
      const result = await moderateTestimonial(deps, user.sub, params.userId, decision, body.updatedAt);
      return result.ok ? ok({ testimonial: result.testimonial }) : failure(appError(result.code, result.message));
    });

  return httpApi({
    'GET /api/community/testimonials': route({ auth: 'public' }, async () =>
      ok({ testimonials: await publicTestimonials(deps) }, { 'cache-control': 'public, max-age=60' }),
    ),

    'GET /api/community/testimonial': route({ auth: 'user' }, async ({ user }) => ok({ testimonial: await deps.testimonials.get(user.sub) })),

    'PUT /api/community/testimonial': route({ auth: 'user', body: ShareTestimonialBody }, async ({ body, user }) =>
      ok({ testimonial: await shareTestimonial(deps, user.sub, body) }),
    ),

    'DELETE /api/community/testimonial': route({ auth: 'user' }, async ({ user }) => {
      await deps.testimonials.delete(user.sub);
      return noContent();
    }),

    'POST /api/community/notify': route({ auth: 'public', body: NotifyBody }, async ({ body }) => {
      await subscribeToLaunch(deps, body);
      // The same answer whether the address was new or known: the list is not a lookup service.
      return accepted({ subscribed: true });
    }),

    'GET /api/admin/testimonials': route(
      {
        auth: 'admin',
        query: z.object({ status: z.enum(TESTIMONIAL_STATUSES, { error: `must be one of ${TESTIMONIAL_STATUSES.join(', ')}` }).default('pending') }),
      },
      async ({ query }) => ok({ status: query.status, testimonials: await deps.testimonials.listByStatus(query.status, MODERATION_LIST_LIMIT) }),
    ),

    'POST /api/admin/testimonials/{userId}/approve': decide('approve'),
    'POST /api/admin/testimonials/{userId}/reject': decide('reject'),
  });
}

export const handler = makeCommunityHandler({ testimonials: dynamoTestimonialRepository(), notify: dynamoNotifyRepository(), clock: systemClock });
