import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SentimentResponse, SummaryResponse, EventsResponse, RegimeResponse, HeatmapResponse } from '@shared/analysis/analysis.api';
import { waitFor } from '../support/local-stack';

/** The market-analysis API over the local stack (issue 22): the daily summaries the start-up ingestion wrote, end of day. */
const stack = inject('stack');
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.url}${path}`, { headers });
const json = async (path: string) => (await get(path)).json();

beforeAll(async () => {
  await waitFor(
    () => json('/api/market/status'),
    (s) => s.lastSync !== null,
    90_000,
    'the first market ingestion',
  );
});

describe('the analysis API', () => {
  it('serves a year of daily summaries per tracked underlying with IV rank, percentile and HV20, as of the stored session', async () => {
    const status = await json('/api/market/status');
    const res = await get('/api/analysis/aapl/summary');
    expect(res.status).toBe(200);
    const body = SummaryResponse.parse(await res.json());
    expect(body).toMatchObject({ underlying: 'AAPL', source: 'demo', asOf: status.session });
    expect(body.sessions).toBeGreaterThanOrEqual(252);
    expect(body.history.at(-1)).toEqual(body.latest);
    expect(body.latest.basis).toBe('chain');
    expect(body.metrics.ivRank).not.toBeNull();
    expect(body.metrics.ivPercentile).not.toBeNull();
    expect(body.metrics.hv20).toBeGreaterThan(0);
    expect(body.metrics.nextEarnings).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is cacheable until the next ingestion and answers 304 to its own ETag', async () => {
    const res = await get('/api/analysis/SPY/regime');
    expect(res.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(60);
    expect(maxAge).toBeLessThanOrEqual(4 * 86_400);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/api/analysis/SPY/regime', { 'if-none-match': etag })).status).toBe(304);
  });

  it('reads sentiment: put/call ratios against the year, the per-expiry table, skew and unusual activity by the rule', async () => {
    const body = SentimentResponse.parse(await json('/api/analysis/SPY/sentiment'));
    expect(body.readings.volume.today).toBeGreaterThan(0);
    expect(body.readings.volume.percentile).not.toBeNull();
    expect(body.expiries.length).toBeGreaterThan(5);
    expect(body.expiries.every((e) => e.dte > 0)).toBe(true);
    expect(body.skew.rr25).toBeLessThan(0);
    for (const u of body.unusual) {
      expect(u.volume).toBeGreaterThan(500);
      expect(u.openInterest).toBeGreaterThan(100);
      expect(u.volumeOverOi).toBeGreaterThanOrEqual(1.25);
    }
  });

  it('prices the next earnings report from the term structure, beside past moves; an index fund has none', async () => {
    const aapl = EventsResponse.parse(await json('/api/analysis/AAPL/events'));
    expect(aapl.analysis.next).not.toBeNull();
    expect(aapl.analysis.refusal).toBeNull();
    expect(aapl.analysis.implied!.eventMove).toBeGreaterThan(0.02);
    expect(aapl.analysis.implied!.expectedIvAfter).toBeLessThan(aapl.analysis.implied!.front.atmIv);
    expect(aapl.analysis.past).toHaveLength(12);
    const spy = EventsResponse.parse(await json('/api/analysis/SPY/events'));
    expect(spy.analysis.refusal?.code).toBe('no-earnings');
  });

  it('labels the regime with its components and a strip of past labels', async () => {
    const body = RegimeResponse.parse(await json('/api/analysis/QQQ/regime'));
    expect(body.unavailable).toBeNull();
    expect(body.today!.label).toBeTruthy();
    expect(body.strip.length).toBeGreaterThan(20);
    expect(body.strip.at(-1)!.date).toBe(body.asOf);
  });

  it('maps every tracked underlying by sector in the heatmap', async () => {
    const body = HeatmapResponse.parse(await json('/api/analysis/heatmap'));
    expect(body.rows.map((r) => r.underlying).sort()).toEqual(['AAPL', 'AMZN', 'GOOGL', 'MSFT', 'NVDA', 'QQQ', 'SPY', 'TSLA']);
    expect(body.rows[0]!.sector).toBe('Index ETF');
    expect(body.rows.every((r) => r.cells.pcVolume.percentile !== null)).toBe(true);
  });

  it('answers 404 for an underlying it does not analyse, and 400 for one that is not a ticker', async () => {
    const res = await get('/api/analysis/ZZZZ/summary');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatch(/ZZZZ is not an underlying the academy analyses/);
    expect((await get('/api/analysis/1$/events')).status).toBe(400);
  });
});
