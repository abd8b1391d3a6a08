import { describe, expect, it } from 'vitest';
import { ProviderError } from '@shared/market/market-data.port';
import {
  atmIvOfExpiry,
  chainActivity,
  chainVolatility,
  constantMaturityIv,
  DailySummarySchema,
  ivAtDelta,
  T30,
  type SummaryContract,
} from '@shared/metrics/daily-summary';
import { eventImpliedMove } from '@shared/metrics/volatility';
import { greeks, impliedVol, price } from '@shared/pricing';
import { runIngestion } from '@shared/market/ingest';
import { earningsBetween, eventVarianceBetween } from '@shared/market/earnings';
import { closePrice, sessionReturn } from '@shared/market/simulated-day';
import { simulatedProvider } from '@shared/market/simulated-market';
import { simulatedSummaries, simulatedSummary } from '@shared/market/simulated-history';
import { fixedClock } from '@shared/ports/clock.port';
import { memoryMarketStore } from '../../support/memory-market-store';
import { memorySummaryStore } from '../../support/memory-summary-store';

/** The daily summary `SUM#<und>` (issue 22): its definitions, the simulated year and the ingestion that writes it. */

const S = 100;
const r = 0.04;
const q = 0.01;

/** A chain of one expiry priced by Black-Scholes at σ(K) and solved back from prices quoted in cents, as a provider's. */
function syntheticExpiry(T: number, sigmaOf: (K: number) => number): SummaryContract[] {
  const out: SummaryContract[] = [];
  for (let K = 60; K <= 140; K += 1) {
    for (const type of ['call', 'put'] as const) {
      const sigma = sigmaOf(K);
      const quote = Math.round(price({ type, S, K, T, r, q, sigma }) * 100) / 100;
      if (quote < 0.05) continue;
      const iv = impliedVol({ type, S, K, T, r, q, price: quote });
      if (!Number.isFinite(iv)) continue; // a deep in-the-money quote rounded below its value has no IV
      out.push({
        contract_type: type,
        strike_price: K,
        implied_volatility: iv,
        delta: greeks({ type, S, K, T, r, q, sigma: iv }).delta,
        volume: 10,
        open_interest: 100,
        last: quote,
        mark: quote,
      });
    }
  }
  return out;
}

describe('constant-maturity IV', () => {
  it('interpolates linearly in total variance between the two expiries around the target', () => {
    // 20 days at 40%, 40 days at 20%: w = 0.16×20/365 and 0.04×40/365; at 30 days w is their mean, 2.4/365 → σ = √0.08 ≈ 28.3%.
    const w1 = 0.16 * (20 / 365);
    const w2 = 0.04 * (40 / 365);
    const iv = constantMaturityIv(
      [
        { T: 40 / 365, iv: 0.2 },
        { T: 20 / 365, iv: 0.4 },
      ],
      T30,
    )!;
    expect(iv).toBeCloseTo(Math.sqrt((w1 + w2) / 2 / T30), 12);
    expect(iv).toBeCloseTo(Math.sqrt(0.08), 12);
    expect(iv).not.toBeCloseTo(0.3, 2); // not the 30% of interpolating in volatility
  });

  it('extrapolates flat before the first and after the last expiry, and answers null with no expiry', () => {
    expect(constantMaturityIv([{ T: 45 / 365, iv: 0.25 }], T30)).toBe(0.25);
    expect(constantMaturityIv([{ T: 10 / 365, iv: 0.25 }], T30)).toBe(0.25);
    expect(constantMaturityIv([], T30)).toBeNull();
  });
});

describe('IV read off a chain', () => {
  it('finds the ATM IV at the forward and the 25-delta IVs of a skewed chain solved back by the pricing core', () => {
    const T = 30 / 365;
    const F = S * Math.exp((r - q) * T);
    const sigmaOf = (K: number) => 0.25 - 0.3 * Math.log(K / F);
    const chain = syntheticExpiry(T, sigmaOf);
    expect(atmIvOfExpiry(chain, F)).toBeCloseTo(0.25, 3);
    const call = ivAtDelta(chain, 'call', 0.25)!;
    const put = ivAtDelta(chain, 'put', -0.25)!;
    // Puts richer than calls: a negative 25-delta risk reversal, as equities show.
    expect(put).toBeGreaterThan(0.25);
    expect(call).toBeLessThan(0.25);
    // The 25-delta call's strike on this smile, found independently: the IV there is the IV read off the chain.
    let k = F;
    for (let i = 0; i < 50; i++) {
      const d = greeks({ type: 'call', S, K: k, T, r, q, sigma: sigmaOf(k) }).delta;
      k += (d - 0.25) * 20;
    }
    expect(call).toBeCloseTo(sigmaOf(k), 3);
  });

  it('recovers a known diffusive vol and event variance within 1% through the summary pipeline (ATM IV of two post-event expiries)', () => {
    const sd = 0.3;
    const E = 0.0065;
    const T1 = 9 / 365;
    const T2 = 37 / 365;
    const iv = (T: number) =>
      atmIvOfExpiry(
        syntheticExpiry(T, () => Math.sqrt(sd * sd + E / T)),
        S * Math.exp((r - q) * T),
      )!;
    const e = eventImpliedMove({ frontIv: iv(T1), frontT: T1, backIv: iv(T2), backT: T2 })!;
    expect(Math.abs(e.diffusiveVol / sd - 1)).toBeLessThan(0.01);
    expect(Math.abs(e.eventVariance / E - 1)).toBeLessThan(0.01);
  });

  it('totals put and call volume, open interest and premium (volume × price × 100)', () => {
    const T = 30 / 365;
    const chain = syntheticExpiry(T, () => 0.2);
    const a = chainActivity([{ T, forward: S, contracts: chain }]);
    const calls = chain.filter((c) => c.contract_type === 'call');
    expect(a.callVolume).toBe(10 * calls.length);
    expect(a.callOpenInterest).toBe(100 * calls.length);
    expect(a.callPremium).toBe(Math.round(calls.reduce((s, c) => s + 10 * c.last! * 100, 0)));
    const v = chainVolatility([{ T, forward: S * Math.exp((r - q) * T), contracts: chain }]);
    expect(v.iv30).toBeCloseTo(0.2, 3);
    expect(v.iv90).toBeCloseTo(0.2, 3); // one expiry: flat beyond it
  });
});

describe("the simulated market's earnings and year of summaries", () => {
  it('reports single stocks quarterly, prices the event into expiries after it, and jumps on the next session', () => {
    const reports = earningsBetween('AAPL', '2026-01-01', '2026-12-31');
    expect(reports).toHaveLength(4);
    expect(earningsBetween('SPY', '2026-01-01', '2026-12-31')).toEqual([]);
    const last = reports.at(-1)!;
    expect(eventVarianceBetween('AAPL', last.reportDate, last.eventSession)).toBeCloseTo(last.eventVariance, 12);
    expect(eventVarianceBetween('AAPL', last.eventSession, '2026-12-31')).toBe(0);
    // Over a year's reports, the event sessions' returns are larger than a usual day's.
    const events = earningsBetween('TSLA', '2024-01-01', '2026-10-31').map((e) => Math.abs(sessionReturn('TSLA', e.eventSession)));
    const meanEvent = events.reduce((s, x) => s + x, 0) / events.length;
    expect(meanEvent).toBeGreaterThan(0.05);
  });

  it('gives a deterministic year of rows from the path and the surface, with the IV crush after each report', () => {
    const rows = simulatedSummaries('AAPL', '2026-11-20', 252);
    expect(rows).toHaveLength(252);
    expect(simulatedSummaries('AAPL', '2026-11-20', 252)).toEqual(rows);
    for (const row of rows) expect(DailySummarySchema.parse(row)).toEqual(row);
    expect(rows.at(-1)!.close).toBe(closePrice('AAPL', '2026-11-20'));
    for (const e of earningsBetween('AAPL', rows[0]!.date, '2026-11-19')) {
      const before = simulatedSummary('AAPL', e.reportDate);
      const after = simulatedSummary('AAPL', e.eventSession);
      expect(before.nextEarnings).toBe(e.reportDate);
      expect(after.iv30! - before.iv30!).toBeLessThan(-0.02); // the crush: the event variance leaves the 30-day IV
    }
    const spy = simulatedSummary('SPY', '2026-11-20');
    expect(spy.nextEarnings).toBeNull();
    expect(spy.iv25dPut!).toBeGreaterThan(spy.iv25dCall!);
  });
});

describe('the ingestion writes the daily summary', () => {
  const clock = fixedClock('2026-11-23T23:00:00Z'); // Monday 18:00 New York
  const deps = (summaries = memorySummaryStore()) => ({
    provider: simulatedProvider(clock),
    store: memoryMarketStore(),
    summaries,
    outbox: { enqueue: async () => undefined },
    clock,
    sleep: async () => undefined,
    newId: () => '01JD0000000000000000000001',
  });

  it("fills the year before the session once, then adds the session's row from its chains, agreeing with the model", async () => {
    const summaries = memorySummaryStore();
    const first = await runIngestion(deps(summaries), { underlyings: ['AAPL'], historyContracts: 0 });
    expect(first.underlyings[0]!.summaryDays).toBe(253);
    const rows = await summaries.listSummaries('AAPL', '2000-01-01');
    expect(rows).toHaveLength(253);
    const today = rows.at(-1)!;
    expect(today).toMatchObject({ date: '2026-11-23', basis: 'chain', source: 'demo', close: closePrice('AAPL', '2026-11-23') });
    expect(rows.slice(0, -1).every((r) => r.basis === 'model')).toBe(true);
    // The chain is quoted from the same surface: its 30- and 90-day ATM IV is the model's within half a vol point.
    const model = simulatedSummary('AAPL', '2026-11-23');
    expect(Math.abs(today.iv30! - model.iv30!)).toBeLessThan(0.005);
    expect(Math.abs(today.iv90! - model.iv90!)).toBeLessThan(0.005);
    expect(Math.abs(today.iv25dPut! - model.iv25dPut!)).toBeLessThan(0.01);
    expect(today.hv20).toBe(model.hv20);
    expect(today.nextEarnings).toBe(model.nextEarnings);
    expect(today.putVolume! / today.callVolume!).toBeGreaterThan(0.5);

    const again = await runIngestion(deps(summaries), { underlyings: ['AAPL'], historyContracts: 0 });
    expect(again.underlyings[0]!.summaryDays).toBe(1);
    expect(await summaries.listSummaries('AAPL', '2000-01-01')).toHaveLength(253);
  });

  it('backfills a provider without summaries from its daily bars: closes and HV20, no IV (the IV history accumulates)', async () => {
    const summaries = memorySummaryStore();
    const { summaryHistory: _s, ...barsOnly } = simulatedProvider(clock);
    await runIngestion({ ...deps(summaries), provider: barsOnly }, { underlyings: ['SPY'], historyContracts: 0 });
    const rows = await summaries.listSummaries('SPY', '2000-01-01');
    expect(rows).toHaveLength(253);
    expect(rows[0]).toMatchObject({ basis: 'bars', iv30: null, putVolume: null });
    expect(rows[0]!.hv20).not.toBeNull();
    expect(rows.at(-1)!.basis).toBe('chain');
  });

  it("dates a bars-only provider's backfilled days with the reports they straddled, so past moves show from the first run", async () => {
    const summaries = memorySummaryStore();
    const { summaryHistory: _s, ...barsOnly } = simulatedProvider(clock);
    await runIngestion({ ...deps(summaries), provider: barsOnly }, { underlyings: ['AAPL'], historyContracts: 0 });
    const rows = await summaries.listSummaries('AAPL', '2000-01-01');
    const reports = await barsOnly.earnings!('AAPL', rows[0]!.date, '2027-12-31');
    // Each day names the first report on or after it; the session's row the next one ahead.
    for (const r of rows) expect(r.nextEarnings).toBe(reports.find((e) => e.reportDate >= r.date)!.reportDate);
    expect(new Set(rows.map((r) => r.nextEarnings)).size).toBeGreaterThanOrEqual(4);
  });

  it('stores the summaries without earnings dates when the calendar fails (a plan without it), and says why', async () => {
    const summaries = memorySummaryStore();
    const warnings: string[] = [];
    const { summaryHistory: _s, ...barsOnly } = simulatedProvider(clock);
    const provider = {
      ...barsOnly,
      earnings: async () => {
        throw new ProviderError('AAPL', 403, 'not entitled');
      },
    };
    const result = await runIngestion({ ...deps(summaries), provider, warn: (m: string) => warnings.push(m) }, { underlyings: ['AAPL'], historyContracts: 0 });
    expect(result.failures).toEqual([]);
    const rows = await summaries.listSummaries('AAPL', '2000-01-01');
    expect(rows).toHaveLength(253);
    expect(rows.every((r) => r.nextEarnings === null)).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/earnings calendar for AAPL skipped: .*HTTP 403/)]);
  });
});
