import { describe, expect, it } from 'vitest';
import { makeAlertsHandler } from '../../../functions/http/alerts';
import type { Event } from '../../../functions/commons/http';
import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import { memoryAlertsRepo } from '../../shared/alerts/memory-alerts-repo';

const ADA = { sub: 'learner-ada', email: 'ada@example.com' };
const BOB = { sub: 'learner-bob', email: 'bob@example.com' };

const ev = (routeKey: string, opts: { params?: Record<string, string>; body?: unknown; claims?: Record<string, string> } = {}) =>
  ({
    routeKey,
    headers: {},
    pathParameters: opts.params,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    requestContext: { requestId: 'r', authorizer: opts.claims ? { jwt: { claims: opts.claims } } : undefined },
  }) as unknown as Event;

function harness() {
  const mem = memoryAlertsRepo();
  let n = 0;
  const deps = { repo: mem.repo, clock: { now: () => new Date('2026-11-25T22:00:00.000Z') }, ids: { newId: () => `01ID${String(++n).padStart(6, '0')}` } };
  const handler = makeAlertsHandler(deps);
  const call = async (routeKey: string, opts: { params?: Record<string, string>; body?: unknown; claims?: Record<string, string> } = {}) => {
    const res = await handler(ev(routeKey, { claims: ADA, ...opts }));
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };
  const ingest = () =>
    evaluateAlerts(
      {
        ...deps,
        figures: { underlyingDay: async () => ({ close: 601, previousClose: 598, ivRank: 40 }), contractMark: async () => null, position: async () => null },
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
