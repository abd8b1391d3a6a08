import { describe, expect, it } from 'vitest';
import { secretOriginCheck } from '../../../functions/commons/origin-check';
import { httpApi, ok, route, type Event } from '../../../functions/commons/http';

function secrets(initial: string | null) {
  let value: string | null = initial;
  let down = false;
  let reads = 0;
  return {
    set: (v: string) => (value = v),
    down: (d: boolean) => (down = d),
    reads: () => reads,
    get: async () => {
      reads++;
      if (down) throw new Error('Secrets Manager is unreachable');
      return value;
    },
  };
}
const clock = () => {
  let t = 0;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
};

describe('the origin check', () => {
  it("serves a request that carries CloudFront's header and refuses one without it or with another value", async () => {
    const check = secretOriginCheck('arn', secrets('s3cret-value'), clock());
    expect(await check({ 'x-origin-verify': 's3cret-value' })).toBe('ok');
    expect(await check({})).toBe('refused');
    expect(await check({ 'x-origin-verify': 's3cret-valuE' })).toBe('refused');
    expect(await check({ 'x-origin-verify': 's3cret' })).toBe('refused');
  });

  it('reads the secret once, again after five minutes (a rotation), and not a failed read', async () => {
    const store = secrets('old');
    const c = clock();
    const check = secretOriginCheck('arn', store, c);
    await check({ 'x-origin-verify': 'old' });
    await check({ 'x-origin-verify': 'old' });
    expect(store.reads()).toBe(1);
    store.set('new');
    c.advance(5 * 60_000);
    expect(await check({ 'x-origin-verify': 'new' })).toBe('ok');
    store.down(true);
    c.advance(5 * 60_000);
    expect(await check({ 'x-origin-verify': 'new' })).toBe('unavailable');
    store.down(false);
    expect(await check({ 'x-origin-verify': 'new' })).toBe('ok');
  });

  it('makes httpApi answer 403 before any route to a caller who came around CloudFront, and 503 when it cannot tell', async () => {
    const store = secrets('v');
    const api = httpApi(
      { 'GET /api/public': route({ auth: 'public' }, async () => ok({ served: true })) },
      { origin: secretOriginCheck('arn', store, clock()) },
    );
    const event = (headers: Record<string, string>) => ({ routeKey: 'GET /api/public', headers, requestContext: { requestId: 'r' } }) as unknown as Event;
    expect((await api(event({ 'x-origin-verify': 'v' }))).statusCode).toBe(200);
    const direct = await api(event({}));
    expect(direct.statusCode).toBe(403);
    expect(direct.body).not.toContain('served');
    const unknownRoute = await api({ ...event({}), routeKey: 'GET /api/nope' } as Event);
    expect(unknownRoute.statusCode).toBe(403);
    store.down(true);
    const blind = httpApi({ 'GET /api/public': route({ auth: 'public' }, async () => ok({})) }, { origin: secretOriginCheck('arn', store, clock()) });
    expect((await blind(event({ 'x-origin-verify': 'v' }))).statusCode).toBe(503);
  });
});
