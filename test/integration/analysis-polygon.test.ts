import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsResponse, HeatmapResponse, RegimeResponse, SentimentResponse, SummaryResponse } from '@shared/analysis/analysis.api';
import { ArbitrageResult, ScreenerResult, SurfaceResult } from '@shared/analysis/screener.api';
import { addDays } from '@shared/market/dates';
import { TRACKED_UNDERLYINGS, underlyingProfile } from '@shared/market/underlyings';
import { MARKET_PROFILES } from '../support/fake-polygon-market';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';
import { FAKE_POLYGON_API_KEY, startFakePolygonServer, type FakePolygonServer } from '../support/fake-polygon-server';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';

/**
 * The analysis pages on a real provider's data (issue 22, "Done when"): a local stack of its own whose provider is
 * Polygon (POLYGON_API_KEY and POLYGON_BASE_URL, as an operator configures it), pointed at the local stand-in that
 * answers in Polygon's documented shapes with a realistic market as of the latest session. The start-up ingestion
 * stores the chains, backfills the year of closes from the daily aggregates and writes today's summary from the
 * chains; the IV history then accumulates one session a run ("building history: 1 / 252").
 */
let server: FakePolygonServer;
let stack: SpawnedStack;
let session: string;

const get = async (path: string) => {
  const res = await fetch(`${stack.url}${path}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each answer is parsed with its response schema where it is read
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  server = await startFakePolygonServer({ market: { now: new Date() } });
  session = server.market!.session;
  stack = await spawnLocalStack({
    dataDir: newDataDir('analysis-polygon'),
    // Polygon's pacing (1 s between underlyings, 0.5 s between contract histories) is a vendor's limit, which the stand-in
    // does not have: a twentieth of it keeps the order of the calls and takes the first ingestion from ~100 s to seconds.
    env: { POLYGON_API_KEY: FAKE_POLYGON_API_KEY, POLYGON_BASE_URL: server.baseUrl, INGEST_PACING_SCALE: '0.05' },
  });
  await waitFor(
    async () => (await get('/api/market/status')).body,
    (s) => s.lastSync !== null,
    240_000,
    'the first ingestion from the Polygon stand-in',
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await server?.close();
});

describe('the analysis API on Polygon data', () => {
  it('ingested every tracked underlying from Polygon, with the year of closes from its daily aggregates and its earnings calendar', async () => {
    const status = (await get('/api/market/status')).body;
    expect(status).toMatchObject({ source: 'live', provider: 'polygon', session });
    const aggs = server.requests.filter((r) => r.path.startsWith('/v2/aggs/ticker/AAPL/range/1/day/'));
    // One read covers the kept year (252 sessions end about 365 days back, plus the 21 closes of its first HV20).
    expect(aggs.some((r) => r.path.split('/')[8]! <= addDays(session, -365))).toBe(true);
    const calendar = server.requests.filter((r) => r.path === '/benzinga/v1/earnings');
    // Index ETFs have no earnings: only the single stocks' calendars are read.
    expect(calendar.map((r) => r.query.ticker).sort()).toEqual(TRACKED_UNDERLYINGS.filter((u) => underlyingProfile(u)!.style === 'stock').sort());
    expect(calendar.find((r) => r.query.ticker === 'AAPL')!.query).toMatchObject({ 'date.lte': addDays(session, 366) });
  });

  it('summary: a year of closes and HV20 from the bars, today from the chain, IV rank hidden while the IV history builds', async () => {
    const { status, body } = await get('/api/analysis/SPY/summary');
    expect(status).toBe(200);
    const s = SummaryResponse.parse(body);
    expect(s).toMatchObject({ underlying: 'SPY', source: 'live', asOf: session });
    expect(s.sessions).toBeGreaterThanOrEqual(252);
    expect(s.latest).toMatchObject({ date: session, basis: 'chain', close: MARKET_PROFILES.SPY!.price });
    // The stand-in quotes SPY's 30-day ATM near 14%: the summary reads it off the chain in total variance.
    expect(s.latest.iv30).toBeGreaterThan(0.12);
    expect(s.latest.iv30).toBeLessThan(0.16);
    expect(s.latest.iv25dPut!).toBeGreaterThan(s.latest.iv25dCall!);
    const backfilled = s.history.slice(0, -1);
    expect(backfilled.every((r) => r.basis === 'bars' && r.iv30 === null && r.close > 0)).toBe(true);
    expect(backfilled.filter((r) => r.hv20 !== null).length).toBeGreaterThan(240);
    // Building history: 1 / 252 sessions with IV; rank and percentile show from 60.
    expect(s.history.filter((r) => r.iv30 !== null)).toHaveLength(1);
    expect(s.metrics).toMatchObject({ ivSamples: 0, ivRank: null, ivPercentile: null });
    expect(s.metrics.hv20).toBeGreaterThan(0);
    expect(s.metrics.expectedMove30).toBeCloseTo(600 * s.latest.iv30! * Math.sqrt(30 / 365), 6);
  });

  it('sentiment: put/call ratios and the 25-delta skew of the day, percentiles withheld until 60 sessions', async () => {
    const s = SentimentResponse.parse((await get('/api/analysis/AAPL/sentiment')).body);
    expect(s.source).toBe('live');
    for (const reading of [s.readings.volume, s.readings.openInterest, s.readings.premium]) {
      expect(reading.today).toBeGreaterThan(0.5);
      expect(reading.today).toBeLessThan(2);
      expect(reading.percentile).toBeNull();
    }
    expect(s.skew.rr25).toBeLessThan(0);
    expect(s.readings.rr25.percentile).toBeNull();
    expect(s.expiries.length).toBeGreaterThanOrEqual(10);
    expect(s.expiries.every((e) => e.atmIv !== null && e.pcOpenInterest !== null)).toBe(true);
  });

  it('heatmap: every tracked underlying, each value shown and no percentile against a history that is not there', async () => {
    const h = HeatmapResponse.parse((await get('/api/analysis/heatmap')).body);
    expect(h).toMatchObject({ source: 'live', asOf: session });
    expect(h.rows.map((r) => r.underlying).sort()).toEqual([...TRACKED_UNDERLYINGS].sort());
    for (const r of h.rows) {
      expect(r.cells.pcVolume.value).not.toBeNull();
      expect(r.cells.pcVolume.percentile).toBeNull();
      expect(r.cells.ivRank.value).toBeNull();
      // The price has the year of closes: its day's change has a percentile.
      expect(r.cells.priceChange1d.percentile).not.toBeNull();
    }
  });

  it('regime: says it is building its IV history, with the count', async () => {
    const r = RegimeResponse.parse((await get('/api/analysis/MSFT/regime')).body);
    expect(r.today).toBeNull();
    expect(r.unavailable).toMatch(/building history: 1 \/ 252/);
  });

  it("events: the next report from Polygon's Benzinga earnings, its implied move off the term structure, past moves off the bars", async () => {
    const e = EventsResponse.parse((await get('/api/analysis/AAPL/events')).body);
    const next = server.market!.earnings('AAPL').at(-1)!;
    expect(e.analysis.next).toMatchObject({ reportDate: next.date });
    expect(e.analysis.refusal).toBeNull();
    // The stand-in prices a 4.5% one-SD event move into the expiries after the report.
    expect(e.analysis.implied!.eventMove).toBeGreaterThan(0.04);
    expect(e.analysis.implied!.eventMove).toBeLessThan(0.05);
    expect(e.analysis.past.length).toBeGreaterThanOrEqual(3);
    expect(e.analysis.past.every((p) => Math.abs(p.move) < 0.25)).toBe(true);

    const spy = EventsResponse.parse((await get('/api/analysis/SPY/events')).body);
    expect(spy.analysis.refusal).toMatchObject({ code: 'no-earnings' });
  });

  it('events: a single stock the calendar has no date for says so, with no made-up date', async () => {
    // NVDA's calendar answered; take it away for a run of NVDA alone and ask again.
    server.setEarnings('NVDA', []);
    const operator = await signUpAndSignIn(stack, { name: 'Operator' });
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: 'admin' }));
    const { idToken } = await signIn(stack, operator.email, operator.password);
    const before = (await get('/api/market/status')).body.lastSync;
    const run = await fetch(`${stack.url}/api/admin/market/ingest`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ underlyings: ['NVDA'] }),
    });
    expect(run.status).toBe(202);
    await waitFor(
      async () => (await get('/api/market/status')).body.lastSync,
      (at) => at !== before,
      60_000,
      'the NVDA run',
    );
    // The analysis handler re-reads the sync status at most every 10 s before it recomputes an answer.
    await expect
      .poll(async () => EventsResponse.parse((await get('/api/analysis/NVDA/events')).body).analysis.refusal?.message ?? '', {
        timeout: 30_000,
        interval: 1000,
      })
      .toMatch(/gave no upcoming earnings date for NVDA/);
    const e = EventsResponse.parse((await get('/api/analysis/NVDA/events')).body);
    expect(e.analysis.next).toBeNull();
    expect(e.analysis.implied).toBeNull();
  }, 120_000);

  it('arbitrage: the American chain, held to the American bounds, shows no opportunity', async () => {
    const a = ArbitrageResult.parse((await get('/api/analysis/AAPL/arbitrage')).body);
    expect(a).toMatchObject({ underlying: 'AAPL', source: 'live', exercise: 'american' });
    expect(a.scanned.strikes).toBeGreaterThan(100);
    expect(a.hits).toEqual([]);
    expect(a.parity.length).toBeGreaterThan(20);
  });

  it('surface: term structure, skew and cone from the chain; the IV history is one session so far', async () => {
    const s = SurfaceResult.parse((await get('/api/analysis/TSLA/surface')).body);
    expect(s.source).toBe('live');
    expect(s.term.length).toBeGreaterThanOrEqual(10);
    expect(s.iv30).toBeGreaterThan(0.4);
    expect(s.skew.some((x) => x.riskReversal !== null && x.riskReversal < 0)).toBe(true);
    expect(s.cone.length).toBeGreaterThan(5);
    expect(s.history!.iv30.filter((x) => x !== null)).toHaveLength(1);
    expect(s.historyNote).toMatch(/building its history: 1 \/ 252 sessions/);
  });

  it('screener: rows from every underlying with the liquidity defaults; an IV-rank filter says it is building history', async () => {
    const res = await fetch(`${stack.url}/api/analysis/screener`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contract: { types: ['call', 'put'], side: 'buy', bidMin: 0.05, openInterestMin: 100, spreadPctMax: 10 },
        sort: { field: 'volume', dir: 'desc' },
        pageSize: 100,
      }),
    });
    expect(res.status).toBe(200);
    const r = ScreenerResult.parse(await res.json());
    expect(r.total).toBeGreaterThan(500);
    expect(r.underlyings.map((u) => u.ticker).sort()).toEqual([...TRACKED_UNDERLYINGS].sort());
    expect(r.underlyings.every((u) => u.ivRank === null && u.historyDays === 1 && u.hv20 !== null)).toBe(true);
    expect(r.underlyings.find((u) => u.ticker === 'AAPL')!.earningsDate).toBe(server.market!.earnings('AAPL').at(-1)!.date);

    const ranked = await fetch(`${stack.url}/api/analysis/screener`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        underlying: { ivRank: { min: 30 } },
        contract: { types: ['put'], side: 'sell' },
        sort: { field: 'volume', dir: 'desc' },
        pageSize: 10,
      }),
    });
    const rankedBody = ScreenerResult.parse(await ranked.json());
    expect(rankedBody.total).toBe(0);
    expect(rankedBody.notes.join(' ')).toMatch(/building history: 1 \/ 252/);
  });
});
