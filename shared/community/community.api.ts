import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { NotifyBody } from './notify';
import type { SiteStats } from '../ports/site-stats.port';
import { ShareTestimonialBody, TESTIMONIAL_STATUSES, type PublicTestimonial, type Testimonial } from './testimonials';

/**
 * The community's HTTP API (issue 8): learner stories (share, withdraw, the public list, moderation), the coming-soon
 * notify-me list, and the landing page's live statistics. The request schemas hold the learner-facing messages and
 * live beside the rules in testimonials.ts and notify.ts.
 */
const IsoTime = z.string();
const Status = z.enum(TESTIMONIAL_STATUSES);

export const TestimonialSchema = z.object({
  userId: z.string(),
  quote: z.string(),
  name: z.string(),
  role: z.string(),
  status: Status,
  consentText: z.string(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
  moderatedAt: IsoTime.optional(),
  moderatedBy: z.string().optional(),
});

export const PublicTestimonialSchema = z.object({ name: z.string(), role: z.string(), quote: z.string(), sharedAt: IsoTime });

export const SiteStatsSchema = z.object({ learners: z.number(), paperTrades: z.number(), strategiesBuilt: z.number() });

const UserIdParam = z.object({ userId: z.string().min(1).max(128) });
const ModerationBody = z.object({ updatedAt: z.string({ error: 'is required: the time of the version you reviewed' }).min(1).max(40) });

export const communityApi = defineApi({
  'GET /api/stats': {
    auth: 'public',
    summary: "The landing page's live figures: learners, paper trades placed, strategies built",
    response: SiteStatsSchema,
  },
  'GET /api/community/testimonials': {
    auth: 'public',
    summary: 'The approved learner stories, newest first (at most six)',
    response: z.object({ testimonials: z.array(PublicTestimonialSchema) }),
  },
  'GET /api/community/testimonial': {
    auth: 'user',
    summary: "The learner's own story and its review status, or null",
    response: z.object({ testimonial: TestimonialSchema.nullable() }),
  },
  'PUT /api/community/testimonial': {
    auth: 'user',
    summary: "Share or edit the learner's story; it waits for an operator's review again",
    body: ShareTestimonialBody,
    response: z.object({ testimonial: TestimonialSchema }),
  },
  'DELETE /api/community/testimonial': { auth: 'user', summary: "Withdraw the learner's story", status: 204 },
  'POST /api/community/notify': {
    auth: 'user',
    summary:
      "Put the signed-in learner's verified email address (from the token, never the body) on the notify-me list for Indian-market live trading, with consent",
    body: NotifyBody,
    response: z.object({ subscribed: z.literal(true), email: z.string() }),
    status: 202,
    errors: [422],
  },
  'GET /api/admin/testimonials': {
    auth: 'admin',
    summary: 'Stories by review status, newest first (at most 100)',
    query: z.object({ status: z.enum(TESTIMONIAL_STATUSES, { error: `must be one of ${TESTIMONIAL_STATUSES.join(', ')}` }).default('pending') }),
    response: z.object({ status: Status, testimonials: z.array(TestimonialSchema) }),
  },
  'POST /api/admin/testimonials/{userId}/approve': {
    auth: 'admin',
    summary: 'Approve the version of a story the operator reviewed (409 when the learner changed it since)',
    params: UserIdParam,
    body: ModerationBody,
    response: z.object({ testimonial: TestimonialSchema }),
    errors: [404, 409],
  },
  'POST /api/admin/testimonials/{userId}/reject': {
    auth: 'admin',
    summary: 'Reject the version of a story the operator reviewed (409 when the learner changed it since)',
    params: UserIdParam,
    body: ModerationBody,
    response: z.object({ testimonial: TestimonialSchema }),
    errors: [404, 409],
  },
});

type _Testimonial = Expect<Equal<z.infer<typeof TestimonialSchema>, Testimonial>>;
type _Public = Expect<Equal<z.infer<typeof PublicTestimonialSchema>, PublicTestimonial>>;
type _Stats = Expect<Equal<z.infer<typeof SiteStatsSchema>, SiteStats>>;
