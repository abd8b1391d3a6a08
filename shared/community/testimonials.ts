import { z } from 'zod';
import type { Clock } from '../ports/clock.port';
import { fail, ok, type Result } from '../result';
import { cleanText } from '../text/clean-text';

/**
 * Learner stories for the landing page (issue 8). A signed-in learner may share one short quote with
 * explicit consent; it appears publicly only after an operator approves it, and any edit sends it
 * back for review. Nothing here is invented: an empty list is shown as an empty state.
 */
export const TESTIMONIAL_MAX_QUOTE = 280;
export const TESTIMONIAL_MAX_NAME = 40;
export const TESTIMONIAL_MAX_ROLE = 60;
/** The public list shows at most this many, newest approved first. */
export const PUBLIC_TESTIMONIAL_LIMIT = 6;
export const MODERATION_LIST_LIMIT = 100;

/** The consent box's label, stored with the story so the record says what the learner agreed to. */
export const TESTIMONIAL_CONSENT_TEXT = 'Show this on the public landing page';

export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

export interface Testimonial {
  userId: string;
  quote: string;
  name: string;
  role: string;
  status: TestimonialStatus;
  consentText: string;
  createdAt: string;
  updatedAt: string;
  moderatedAt?: string;
  moderatedBy?: string;
}

/** What the public sees: no user id, no moderation details. */
export interface PublicTestimonial {
  name: string;
  role: string;
  quote: string;
  sharedAt: string;
}

export interface TestimonialRepository {
  get(userId: string): Promise<Testimonial | null>;
  /** Creates or replaces the learner's one story. */
  put(testimonial: Testimonial): Promise<void>;
  /** Removes it; removing an absent story is not an error. */
  delete(userId: string): Promise<void>;
  /** Newest first by `updatedAt`. */
  listByStatus(status: TestimonialStatus, limit: number): Promise<Testimonial[]>;
  /**
   * Sets the status only if the story still has the `updatedAt` the operator reviewed.
   * 'missing' when it was withdrawn, 'changed' when the learner edited it since.
   */
  setStatus(
    userId: string,
    expectedUpdatedAt: string,
    change: { status: TestimonialStatus; moderatedAt: string; moderatedBy: string },
  ): Promise<'ok' | 'missing' | 'changed'>;
}

export const ShareTestimonialBody = z.object({
  quote: z
    .string({ error: 'Write a few words about your experience.' })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(10, 'Write at least 10 characters about your experience.')
        .max(TESTIMONIAL_MAX_QUOTE, `Keep your story to ${TESTIMONIAL_MAX_QUOTE} characters.`),
    ),
  name: z
    .string({ error: 'Enter the name to show with your story.' })
    .transform(cleanText)
    .pipe(z.string().min(1, 'Enter the name to show with your story.').max(TESTIMONIAL_MAX_NAME, `Keep the name to ${TESTIMONIAL_MAX_NAME} characters.`)),
  role: z
    .string()
    .transform(cleanText)
    .pipe(z.string().max(TESTIMONIAL_MAX_ROLE, `Keep the role to ${TESTIMONIAL_MAX_ROLE} characters.`))
    .optional(),
  consent: z.literal(true, { error: 'Tick the box to agree that your story is shown on the public landing page.' }),
});
export type ShareTestimonialInput = z.infer<typeof ShareTestimonialBody>;

export type ModerationDecision = 'approve' | 'reject';

export const MESSAGES = {
  notFound: 'This story was withdrawn by the learner, or it does not exist.',
  changed: 'The learner changed this story after you loaded it. Reload the list and review the new text.',
} as const;

/** Saves the learner's story; a new or edited story always waits for an operator again. */
export async function shareTestimonial(
  deps: { testimonials: TestimonialRepository; clock: Clock },
  userId: string,
  input: ShareTestimonialInput,
): Promise<Testimonial> {
  const now = deps.clock.now().toISOString();
  const previous = await deps.testimonials.get(userId);
  const testimonial: Testimonial = {
    userId,
    quote: input.quote,
    name: input.name,
    role: input.role ?? '',
    status: 'pending',
    consentText: TESTIMONIAL_CONSENT_TEXT,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
  };
  await deps.testimonials.put(testimonial);
  return testimonial;
}

export async function publicTestimonials(deps: { testimonials: TestimonialRepository }): Promise<PublicTestimonial[]> {
  const approved = await deps.testimonials.listByStatus('approved', PUBLIC_TESTIMONIAL_LIMIT);
  return approved.map((t) => ({ name: t.name, role: t.role, quote: t.quote, sharedAt: t.updatedAt }));
}

export async function moderateTestimonial(
  deps: { testimonials: TestimonialRepository; clock: Clock },
  operator: string,
  userId: string,
  decision: ModerationDecision,
  reviewedUpdatedAt: string,
): Promise<Result<Testimonial>> {
  const status: TestimonialStatus = decision === 'approve' ? 'approved' : 'rejected';
  const moderatedAt = deps.clock.now().toISOString();
  const outcome = await deps.testimonials.setStatus(userId, reviewedUpdatedAt, { status, moderatedAt, moderatedBy: operator });
  if (outcome === 'missing') return fail('not_found', MESSAGES.notFound);
  if (outcome === 'changed') return fail('conflict', MESSAGES.changed);
  const stored = await deps.testimonials.get(userId);
  if (!stored) return fail('not_found', MESSAGES.notFound);
  return ok(stored);
}
