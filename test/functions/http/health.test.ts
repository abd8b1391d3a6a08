import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import type { Event } from '../../../functions/commons/http';
import { makeHealthHandler } from '../../../functions/http/health';

const healthEvent = (query?: Record<string, string>) =>
  ({ routeKey: 'GET /api/health', headers: {}, queryStringParameters: query, requestContext: { requestId: 'r' } }) as unknown as Event;

describe('GET /api/health', () => {
  const clock = fixedClock('2026-11-20T15:00:00.000Z');
  const handler = (tableAnswers: boolean) => {
    let reads = 0;
    const h = makeHealthHandler({
      clock,
      version: 'v1',
      tableAnswers: async () => {
        reads++;
        return tableAnswers;
      },
    });
    return { h, reads: () => reads };
  };

  it('answers liveness without touching the table', async () => {
    const { h, reads } = handler(false);
    const res = await h(healthEvent());
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ status: 'ok', service: 'options-academy', version: 'v1', time: '2026-11-20T15:00:00.000Z' });
    expect(reads()).toBe(0);
  });

  it('with deep=1 says the table answers', async () => {
    const { h, reads } = handler(true);
    const res = await h(healthEvent({ deep: '1' }));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ status: 'ok', checks: { table: 'ok' } });
    expect(reads()).toBe(1);
  });

  it('with deep=1 answers 503, never cached, when the table does not answer', async () => {
    const res = await handler(false).h(healthEvent({ deep: '1' }));
    expect(res.statusCode).toBe(503);
    expect(res.headers?.['cache-control']).toBe('no-store');
    expect(JSON.parse(res.body!)).toEqual({ error: 'The API is up but its table does not answer.', code: 'unavailable', checks: { table: 'unavailable' } });
  });

  it('refuses a deep value other than 0 or 1', async () => {
    const res = await handler(true).h(healthEvent({ deep: 'yes' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).issues).toEqual([{ path: 'query.deep', message: 'must be 0 or 1' }]);
  });
});
