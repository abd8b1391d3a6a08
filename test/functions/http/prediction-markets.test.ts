import { describe, expect, it } from 'vitest';
import { makePredictionMarketsHandler } from '../../../functions/http/prediction-markets';
import type { Event } from '../../../functions/commons/http';
import { madeMarkets } from '../../shared/prediction/read-model/fixture';

const event = (routeKey: string, extra: Record<string, unknown> = {}) =>
  ({ routeKey, headers: {}, requestContext: { requestId: 'r', authorizer: { jwt: { claims: { sub: 'u-1' }, scopes: [] } } }, ...extra }) as unknown as Event;
const market = (marketId: string) => event('GET /api/predictions/markets/{marketId}', { pathParameters: { marketId } });
const json = (res: { body?: string }) => JSON.parse(res.body ?? 'null');

async function setup() {
  const snapshots = await madeMarkets();
  let now = Date.parse('2026-12-01T15:00:00Z');
  let reads = 0;
  const counted = { ...snapshots, unresolved: async () => (reads++, snapshots.unresolved()) };
  const handler = makePredictionMarketsHandler({ snapshots: counted, clock: { now: () => new Date(now) } });
  return { handler, snapshots, reads: () => reads, advance: (ms: number) => (now += ms) };
}

describe('the prediction markets routes', () => {
  it('serve the list from memory for a few seconds with its ETag, then read the stored markets again', async () => {
    const w = await setup();
    const first = await w.handler(event('GET /api/predictions/markets'));
    expect(first.statusCode).toBe(200);
    expect(json(first).groups).toHaveLength(4);
    const again = await w.handler(event('GET /api/predictions/markets', { headers: { 'if-none-match': first.headers!.etag } }));
    expect(again.statusCode).toBe(304);
    expect(w.reads()).toBe(1);
    w.advance(5_000);
    expect((await w.handler(event('GET /api/predictions/markets'))).statusCode).toBe(200);
    expect(w.reads()).toBe(2);
  });

  it('answer the list one underlying at a time, each kept apart, and 400 naming the field for an underlying not tracked', async () => {
    const w = await setup();
    const spy = await w.handler(event('GET /api/predictions/markets', { queryStringParameters: { underlying: 'spy' } }));
    expect([spy.statusCode, json(spy).underlying, json(spy).groups.length]).toEqual([200, 'SPY', 4]);
    const msft = await w.handler(event('GET /api/predictions/markets', { queryStringParameters: { underlying: 'MSFT' } }));
    expect([msft.statusCode, json(msft)]).toEqual([200, expect.objectContaining({ underlying: 'MSFT', underlyings: ['SPY'], groups: [] })]);
    const bad = await w.handler(event('GET /api/predictions/markets', { queryStringParameters: { underlying: 'ZZZZ' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('underlying');
    expect(bad.body).toContain('must be one of the tracked underlyings');
  });

  it("answer a market's page, 400 for a string that is no market id and 404 for an id of no market", async () => {
    const w = await setup();
    const id = (await w.snapshots.get('SPY', '2026-12-18'))!.markets[0]!.market.id;
    const page = await w.handler(market(id));
    expect([page.statusCode, json(page).market.id]).toEqual([200, id]);
    const bad = await w.handler(market('nope'));
    expect([bad.statusCode, json(bad)]).toEqual([400, expect.objectContaining({ code: 'bad_request' })]);
    const unknown = await w.handler(market('SPY-2026-12-18-ABOVE-601.5'));
    expect([unknown.statusCode, json(unknown)]).toEqual([404, { error: 'No prediction market has this id.', code: 'not_found', field: 'marketId' }]);
    const calibration = await w.handler(event('GET /api/predictions/calibration'));
    expect(json(calibration)).toMatchObject({ demo: true, settledMarkets: 0 });
  });
});
