import { describe, expect, it } from 'vitest';
import { makeCommunityHandler } from '../../../functions/http/community';
import { NOTIFY_MESSAGES } from '@shared/community/notify';
import type { Clock } from '@shared/ports/clock.port';
import { memoryNotify, memoryTestimonials } from '../../shared/community/memory-community';
import { httpEvent as ev } from '../../support/http-event';

const LEARNER = { sub: 'learner-1', email: 'priya@example.com', name: 'Priya Patel' };
const OPERATOR = { sub: 'op-1', email: 'op@example.com', 'cognito:groups': '[admin]' };

function setup() {
  let now = new Date('2026-11-20T10:00:00.000Z');
  const clock: Clock = { now: () => now };
  const testimonials = memoryTestimonials();
  const notify = memoryNotify();
  // The user pool: op-1 is an operator, op-2's token says so but they were removed since.
  const groups = { groupsOf: async (sub: string) => (sub === 'op-1' ? ['admin'] : []) };
  const handler = makeCommunityHandler({ testimonials, notify, clock, groups });
  const call = async (...args: Parameters<typeof ev>) => {
    const res = await handler(ev(...args));
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers ?? {} };
  };
  return {
    call,
    testimonials,
    notify,
    tick: () => {
      now = new Date(now.getTime() + 60_000);
    },
  };
}

const story = { quote: 'Paper trading the iron condor taught me what theta really means.', name: 'Priya', role: 'Nurse', consent: true };

describe('learner stories over HTTP', () => {
  it('shares, lists only after approval, and withdraws', async () => {
    const t = setup();
    const shared = await t.call('PUT /api/community/testimonial', { body: story, claims: LEARNER });
    expect(shared.status).toBe(200);
    expect(shared.body.testimonial).toMatchObject({ userId: 'learner-1', status: 'pending', quote: story.quote });

    expect((await t.call('GET /api/community/testimonials')).body).toEqual({ testimonials: [] });
    const queue = await t.call('GET /api/admin/testimonials', { query: { status: 'pending' }, claims: OPERATOR });
    expect(queue.body.testimonials).toHaveLength(1);

    const approved = await t.call('POST /api/admin/testimonials/{userId}/approve', {
      params: { userId: 'learner-1' },
      body: { updatedAt: shared.body.testimonial.updatedAt },
      claims: OPERATOR,
    });
    expect(approved.status).toBe(200);
    const pub = await t.call('GET /api/community/testimonials');
    expect(pub.body.testimonials).toEqual([{ name: 'Priya', role: 'Nurse', quote: story.quote, sharedAt: shared.body.testimonial.updatedAt }]);
    expect(pub.headers['cache-control']).toBe('public, max-age=60');
    expect(JSON.stringify(pub.body)).not.toContain('learner-1');

    expect((await t.call('DELETE /api/community/testimonial', { claims: LEARNER })).status).toBe(204);
    expect((await t.call('GET /api/community/testimonials')).body.testimonials).toEqual([]);
    expect((await t.call('GET /api/community/testimonial', { claims: LEARNER })).body).toEqual({ testimonial: null });
  });

  it('takes the author from the token, never from the body', async () => {
    const t = setup();
    await t.call('PUT /api/community/testimonial', { body: { ...story, userId: 'someone-else' }, claims: LEARNER });
    expect([...t.testimonials.items.keys()]).toEqual(['learner-1']);
  });

  it('refuses a story without consent with a clear message, and signed-out callers', async () => {
    const t = setup();
    const res = await t.call('PUT /api/community/testimonial', { body: { ...story, consent: false }, claims: LEARNER });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Tick the box to agree that your story is shown on the public landing page.');
    expect((await t.call('PUT /api/community/testimonial', { body: story })).status).toBe(401);
    expect(t.testimonials.items.size).toBe(0);
  });

  it('keeps moderation for the admin group and reports a story edited since review', async () => {
    const t = setup();
    const first = (await t.call('PUT /api/community/testimonial', { body: story, claims: LEARNER })).body.testimonial;
    expect((await t.call('GET /api/admin/testimonials', { claims: LEARNER })).status).toBe(403);
    expect((await t.call('GET /api/admin/testimonials', { claims: { ...OPERATOR, sub: 'op-2' } })).status).toBe(403);
    expect(
      (
        await t.call('POST /api/admin/testimonials/{userId}/approve', {
          params: { userId: 'learner-1' },
          body: { updatedAt: first.updatedAt },
          claims: LEARNER,
        })
      ).status,
    ).toBe(403);

    t.tick();
    await t.call('PUT /api/community/testimonial', { body: { ...story, quote: 'Changed after the operator opened the queue.' }, claims: LEARNER });
    const stale = await t.call('POST /api/admin/testimonials/{userId}/approve', {
      params: { userId: 'learner-1' },
      body: { updatedAt: first.updatedAt },
      claims: OPERATOR,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('The learner changed this story after you loaded it. Reload the list and review the new text.');
    const missing = await t.call('POST /api/admin/testimonials/{userId}/reject', {
      params: { userId: 'nobody' },
      body: { updatedAt: first.updatedAt },
      claims: OPERATOR,
    });
    expect(missing.status).toBe(404);
    expect((await t.call('GET /api/admin/testimonials', { query: { status: 'published' }, claims: OPERATOR })).status).toBe(400);
  });
});

describe('the notify-me list over HTTP', () => {
  const VERIFIED = { ...LEARNER, email: 'Ada@Example.com', email_verified: 'true' };

  it("stores the learner's verified address from the token once, lower-cased, with who asked", async () => {
    const t = setup();
    const first = await t.call('POST /api/community/notify', { body: { consent: true }, claims: VERIFIED });
    expect(first).toMatchObject({ status: 202, body: { subscribed: true, email: 'ada@example.com' } });
    expect((await t.call('POST /api/community/notify', { body: { consent: true }, claims: VERIFIED })).status).toBe(202);
    expect([...t.notify.items.values()]).toEqual([expect.objectContaining({ email: 'ada@example.com', userId: 'learner-1' })]);
  });

  it('is for signed-in learners only', async () => {
    const t = setup();
    expect((await t.call('POST /api/community/notify', { body: { consent: true } })).status).toBe(401);
    expect(t.notify.items.size).toBe(0);
  });

  it('never takes an address from the body', async () => {
    const t = setup();
    const res = await t.call('POST /api/community/notify', { body: { email: 'victim@example.com', consent: true }, claims: VERIFIED });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'body', message: expect.stringContaining('email') }]);
    expect(t.notify.items.size).toBe(0);
  });

  it('refuses without consent, and without a verified address in the token', async () => {
    const t = setup();
    expect((await t.call('POST /api/community/notify', { body: { consent: false }, claims: VERIFIED })).status).toBe(400);
    expect((await t.call('POST /api/community/notify', { body: {}, claims: VERIFIED })).status).toBe(400);
    const unverified = await t.call('POST /api/community/notify', { body: { consent: true }, claims: { ...VERIFIED, email_verified: 'false' } });
    expect(unverified).toMatchObject({ status: 422, body: { error: NOTIFY_MESSAGES.noVerifiedEmail, code: 'unprocessable' } });
    // An access token carries no email at all.
    expect((await t.call('POST /api/community/notify', { body: { consent: true }, claims: { sub: 'learner-1' } })).status).toBe(422);
    expect(t.notify.items.size).toBe(0);
  });
});
