import { describe, expect, it } from 'vitest';
import { makeAlertsHandler } from '../../../functions/http/alerts';
import { makeUnsubscribeHandler } from '../../../functions/http/unsubscribe';
import { learnerOfToken } from '../../../functions/adapters/mail/unsubscribe-links';
import { makeUnsubscribeToken } from '../../../functions/adapters/mail/unsubscribe-token';
import { UNSUBSCRIBED_PAGE } from '@shared/alerts/messages';
import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import { memoryAlertsRepo } from '../../shared/alerts/memory-alerts-repo';
import { caller, httpEvent } from '../../support/http-event';

const ADA = { sub: 'learner-ada', email: 'ada@example.com' };
const BOB = { sub: 'learner-bob', email: 'bob@example.com' };

function harness() {
  const mem = memoryAlertsRepo();
  let n = 0;
  const deps = { repo: mem.repo, clock: { now: () => new Date('2026-11-25T22:00:00.000Z') }, ids: { newId: () => `01ID${String(++n).padStart(6, '0')}` } };
  const call = caller(makeAlertsHandler(deps), ADA);
  const ingest = () =>
    evaluateAlerts(
      {
        ...deps,
        figures: {
          underlyingDay: async () => ({ close: 601, previousClose: 598, ivRank: 40 }),
          contractMark: async () => null,
          positions: async () => new Map(),
        },
      },
      { tradingDay: '2026-11-25', underlyings: ['SPY'] },
    );
  return { call, ingest };
}

const priceAlert = { condition: { kind: 'price-cross', underlying: 'spy', direction: 'above', level: 600 } };

describe('alert routes', () => {
  it('sets an alert (201), lists it in words with the end-of-day schedule, pauses, resumes and deletes it', async () => {
    const { call } = harness();
    const made = await call('POST /api/alerts', { body: priceAlert });
    expect(made).toMatchObject({ status: 201, body: { repeat: 'once', status: 'active', condition: { underlying: 'SPY' } } });
    const list = await call('GET /api/alerts');
    expect(list.body).toMatchObject({ active: 1, maxActive: 50, emailOn: false, alerts: [{ description: 'SPY closes above $600.00' }] });
    expect(list.body.schedule).toContain('after each end-of-day ingestion');
    const params = { alertId: made.body.id };
    expect((await call('POST /api/alerts/{alertId}/pause', { params })).body).toMatchObject({ status: 'paused' });
    expect((await call('POST /api/alerts/{alertId}/resume', { params })).body).toMatchObject({ status: 'active' });
    expect(await call('DELETE /api/alerts/{alertId}', { params })).toMatchObject({ status: 200, body: { deleted: made.body.id } });
    expect((await call('GET /api/alerts')).body.alerts).toEqual([]);
  });

  it("answers 404 for another learner's alert and notification", async () => {
    const { call, ingest } = harness();
    const made = await call('POST /api/alerts', { body: priceAlert });
    const params = { alertId: made.body.id };
    for (const key of ['POST /api/alerts/{alertId}/pause', 'POST /api/alerts/{alertId}/resume', 'DELETE /api/alerts/{alertId}'])
      expect((await call(key, { params, claims: BOB })).status).toBe(404);
    await ingest();
    const { notifications } = (await call('GET /api/notifications')).body;
    expect((await call('POST /api/notifications/{notificationId}/read', { params: { notificationId: notifications[0].id }, claims: BOB })).status).toBe(404);
    expect((await call('GET /api/notifications/unread-count', { claims: BOB })).body).toEqual({ unread: 0 });
  });

  it('refuses a condition that is not one (400) and the 51st active alert (409, the rule in words)', async () => {
    const { call } = harness();
    expect((await call('POST /api/alerts', { body: { condition: { kind: 'price-cross', underlying: 'SPY', direction: 'up', level: 600 } } })).status).toBe(400);
    expect((await call('POST /api/alerts', { body: { condition: { kind: 'mark', contract: 'SPY', direction: 'above', level: 1 } } })).status).toBe(400);
    for (let i = 0; i < 50; i++) expect((await call('POST /api/alerts', { body: priceAlert })).status).toBe(201);
    expect(await call('POST /api/alerts', { body: priceAlert })).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('at most 50 active alerts') },
    });
  });

  it('shows a fired alert in the bell, marks it read, and keeps the e-mail choice', async () => {
    const { call, ingest } = harness();
    await call('POST /api/alerts', { body: priceAlert });
    await ingest();
    expect((await call('GET /api/notifications/unread-count')).body).toEqual({ unread: 1 });
    const { notifications } = (await call('GET /api/notifications')).body;
    expect(notifications[0]).toMatchObject({ title: 'SPY closed above $600.00', link: '/app/optionschain?ticker=SPY', readAt: null });
    expect((await call('POST /api/notifications/{notificationId}/read', { params: { notificationId: notifications[0].id } })).body).toEqual({ unread: 0 });
    expect((await call('POST /api/notifications/read-all')).body).toEqual({ marked: 0, unread: 0 });
    expect((await call('PUT /api/notifications/settings', { body: { emailOn: true } })).body).toEqual({ emailOn: true });
    expect((await call('GET /api/alerts')).body.emailOn).toBe(true);
  });

  it('answers 401 without a signed-in learner', async () => {
    const { call } = harness();
    expect((await call('GET /api/notifications', { claims: undefined as unknown as Record<string, string> })).status).toBe(401);
  });
});

describe('the public unsubscribe route', () => {
  const SECRET = 'unsubscribe-test-key';
  const key = async () => SECRET;
  const publicEv = (routeKey: string, token: string | undefined, body?: string) =>
    httpEvent(routeKey, {
      headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      query: token === undefined ? undefined : { token },
      body,
    });

  async function unsubscribeHarness() {
    const mem = memoryAlertsRepo();
    await mem.repo.setEmailOn(ADA.sub, true);
    await mem.repo.setEmailOn(BOB.sub, true);
    const handler = makeUnsubscribeHandler({ repo: mem.repo, tokens: { learnerOf: (t) => learnerOfToken(key, t) } });
    const call = async (routeKey: string, token: string | undefined, body?: string) => {
      const res = await handler(publicEv(routeKey, token, body));
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
    };
    return { mem, call };
  }

  it("turns off only the named learner's e-mails, without signing in, and again changes nothing more", async () => {
    const { mem, call } = await unsubscribeHarness();
    const token = makeUnsubscribeToken(SECRET, ADA.sub);
    expect(await call('GET /api/unsubscribe', token)).toEqual({ status: 200, body: { valid: true } });
    expect(await mem.repo.getEmailOn(ADA.sub)).toBe(true);
    const off = await call('POST /api/unsubscribe', token);
    expect(off).toEqual({ status: 200, body: { emailOn: false, message: UNSUBSCRIBED_PAGE.done } });
    expect(await mem.repo.getEmailOn(ADA.sub)).toBe(false);
    expect(await mem.repo.getEmailOn(BOB.sub)).toBe(true);
    expect((await call('POST /api/unsubscribe', token)).status).toBe(200);
  });

  it("takes a mail client's one-click post (RFC 8058 form body)", async () => {
    const { mem, call } = await unsubscribeHarness();
    expect((await call('POST /api/unsubscribe', makeUnsubscribeToken(SECRET, BOB.sub), 'List-Unsubscribe=One-Click')).status).toBe(200);
    expect(await mem.repo.getEmailOn(BOB.sub)).toBe(false);
  });

  it('refuses a tampered, foreign-keyed or missing token with a clear 400 and changes nothing', async () => {
    const { mem, call } = await unsubscribeHarness();
    const good = makeUnsubscribeToken(SECRET, ADA.sub);
    const [payload, signature] = good.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sub: BOB.sub, purpose: 'alert-email-off' })).toString('base64url')}.${signature}`;
    for (const token of [forged, `${payload}.`, makeUnsubscribeToken('another-key', ADA.sub), 'garbage']) {
      for (const route of ['GET /api/unsubscribe', 'POST /api/unsubscribe']) {
        expect(await call(route, token)).toEqual({ status: 400, body: { error: UNSUBSCRIBED_PAGE.refused, code: 'bad_request' } });
      }
    }
    expect((await call('POST /api/unsubscribe', undefined)).status).toBe(400);
    expect(await mem.repo.getEmailOn(ADA.sub)).toBe(true);
    expect(await mem.repo.getEmailOn(BOB.sub)).toBe(true);
  });
});
