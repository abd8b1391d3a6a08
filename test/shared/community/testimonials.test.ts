import { describe, expect, it } from 'vitest';
import type { Clock } from '@shared/ports/clock.port';
import { moderateTestimonial, publicTestimonials, ShareTestimonialBody, shareTestimonial, TESTIMONIAL_CONSENT_TEXT } from '@shared/community/testimonials';
import { memoryTestimonials } from './memory-community';

const clockAt = (iso: string) => {
  let now = new Date(iso);
  const clock: Clock = { now: () => now };
  return {
    clock,
    set: (next: string) => {
      now = new Date(next);
    },
  };
};

const story = { quote: 'The payoff charts finally made spreads click for me.', name: 'Priya', role: 'Nurse', consent: true as const };

describe('ShareTestimonialBody', () => {
  it('accepts a story with consent and tidies whitespace', () => {
    const parsed = ShareTestimonialBody.parse({ ...story, quote: '  The payoff   charts\n\nfinally made spreads click.  ', name: ' Priya ' });
    expect(parsed).toEqual({ quote: 'The payoff charts finally made spreads click.', name: 'Priya', role: 'Nurse', consent: true });
  });

  it('refuses a story without the consent box ticked', () => {
    const result = ShareTestimonialBody.safeParse({ ...story, consent: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Tick the box to agree that your story is shown on the public landing page.');
  });

  it('refuses more than 280 characters and an empty name', () => {
    expect(ShareTestimonialBody.safeParse({ ...story, quote: 'x'.repeat(281) }).error?.issues[0]?.message).toBe('Keep your story to 280 characters.');
    expect(ShareTestimonialBody.safeParse({ ...story, quote: 'x'.repeat(280) }).success).toBe(true);
    expect(ShareTestimonialBody.safeParse({ ...story, name: '   ' }).error?.issues[0]?.message).toBe('Enter the name to show with your story.');
  });
});

describe('learner stories', () => {
  it('keeps a new story pending, so nothing is public until an operator approves it', async () => {
    const testimonials = memoryTestimonials();
    const { clock } = clockAt('2026-11-20T10:00:00.000Z');
    const saved = await shareTestimonial({ testimonials, clock }, 'u1', story);
    expect(saved).toMatchObject({ userId: 'u1', status: 'pending', consentText: TESTIMONIAL_CONSENT_TEXT, createdAt: '2026-11-20T10:00:00.000Z' });
    expect(await publicTestimonials({ testimonials })).toEqual([]);

    const decided = await moderateTestimonial({ testimonials, clock }, 'admin-1', 'u1', 'approve', saved.updatedAt);
    expect(decided).toMatchObject({ ok: true, value: { status: 'approved', moderatedBy: 'admin-1' } });
    expect(await publicTestimonials({ testimonials })).toEqual([{ name: 'Priya', role: 'Nurse', quote: story.quote, sharedAt: saved.updatedAt }]);
  });

  it('sends an edited story back for review and keeps its first creation time', async () => {
    const testimonials = memoryTestimonials();
    const t = clockAt('2026-11-20T10:00:00.000Z');
    const first = await shareTestimonial({ testimonials, clock: t.clock }, 'u1', story);
    await moderateTestimonial({ testimonials, clock: t.clock }, 'admin-1', 'u1', 'approve', first.updatedAt);
    t.set('2026-11-21T10:00:00.000Z');
    const edited = await shareTestimonial({ testimonials, clock: t.clock }, 'u1', {
      ...story,
      quote: 'Edited: the journal taught me more than any trade did.',
    });
    expect(edited).toMatchObject({ status: 'pending', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z' });
    expect(await publicTestimonials({ testimonials })).toEqual([]);
  });

  it('will not approve a text the operator has not seen, nor a withdrawn story', async () => {
    const testimonials = memoryTestimonials();
    const t = clockAt('2026-11-20T10:00:00.000Z');
    const first = await shareTestimonial({ testimonials, clock: t.clock }, 'u1', story);
    t.set('2026-11-20T11:00:00.000Z');
    await shareTestimonial({ testimonials, clock: t.clock }, 'u1', { ...story, quote: 'A different text written after the review started.' });
    expect(await moderateTestimonial({ testimonials, clock: t.clock }, 'a', 'u1', 'approve', first.updatedAt)).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'The learner changed this story after you loaded it. Reload the list and review the new text.' },
    });
    expect(await moderateTestimonial({ testimonials, clock: t.clock }, 'a', 'nobody', 'reject', first.updatedAt)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('lists at most six approved stories, newest first', async () => {
    const testimonials = memoryTestimonials();
    for (let i = 0; i < 8; i++) {
      const t = clockAt(`2026-11-${String(10 + i).padStart(2, '0')}T10:00:00.000Z`);
      const saved = await shareTestimonial({ testimonials, clock: t.clock }, `u${i}`, { ...story, name: `Learner ${i}` });
      await moderateTestimonial({ testimonials, clock: t.clock }, 'a', `u${i}`, 'approve', saved.updatedAt);
    }
    const list = await publicTestimonials({ testimonials });
    expect(list.map((t) => t.name)).toEqual(['Learner 7', 'Learner 6', 'Learner 5', 'Learner 4', 'Learner 3', 'Learner 2']);
  });
});
