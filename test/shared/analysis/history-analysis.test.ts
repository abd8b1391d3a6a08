import { describe, expect, it } from 'vitest';
import { nextIngestionAt } from '@shared/analysis/analysis-reader';
import { analyseEvent, type ExpiryPoint } from '@shared/analysis/events';
import { heatmapCells, isUnusual, percentileAgainst, sentimentReadings, volatilityMetrics } from '@shared/analysis/history-metrics';
import { regimeSeries, withHysteresis } from '@shared/analysis/regime-history';
import { simulatedPastReports, simulatedSummaries } from '@shared/market/simulated-history';

/** The analysis pages' readings of the daily summaries (issue 22). */

describe('the regime label with hysteresis', () => {
  it('changes only after the new label has held 3 sessions in a row', () => {
    const raw = ['A', 'B', 'B', 'A', 'B', 'B', 'B', 'C', 'B', 'C', 'C', 'C'];
    expect(withHysteresis(raw)).toEqual(['A', 'A', 'A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B', 'C']);
  });

  it('labels a simulated year: every shown label held 3 raw sessions before it showed', () => {
    const series = regimeSeries(simulatedSummaries('SPY', '2026-11-20', 252));
    expect(series.length).toBeGreaterThan(40);
    for (let i = 1; i < series.length; i++) {
      if (series[i]!.label !== series[i - 1]!.label) expect(series.slice(i - 2, i + 1).every((d) => d.raw === series[i]!.label)).toBe(true);
    }
    expect(series.at(-1)!.label).toMatch(/^(Uptrend|Downtrend|Range), (calm|normal volatility|stressed), IV (rich|fair|cheap)$/);
  });
});

describe('the event move', () => {
  const point = (expiration: string, days: number, atmIv: number): ExpiryPoint => ({ expiration, T: days / 365, atmIv, strike: 100, straddle: 5 });
  const base = { underlying: 'AAPL', S: 100, session: '2026-11-20', next: { reportDate: '2026-11-24', eventSession: '2026-11-25' }, past: [] };

  it('reads σd and E off two expiries after the report, and the IV expected after it (the crush)', () => {
    const sd = 0.3;
    const E = 0.0065;
    const iv = (d: number) => Math.sqrt(sd * sd + E / (d / 365));
    const a = analyseEvent({ ...base, expiries: [point('2026-11-21', 1, 0.3), point('2026-11-27', 7, iv(7)), point('2026-12-18', 28, iv(28))] });
    expect(a.refusal).toBeNull();
    expect(a.implied!.method).toBe('two-post-event');
    expect(a.implied!.diffusiveVol).toBeCloseTo(sd, 10);
    expect(a.implied!.eventVariance).toBeCloseTo(E, 10);
    expect(a.implied!.meanAbsoluteMove).toBeCloseTo(Math.sqrt(2 / Math.PI) * Math.sqrt(E), 10);
    expect(a.implied!.expectedIvAfter).toBeCloseTo(sd, 10);
  });

  it('prefers the nearest bracket, one expiry before (at least 5 days out) and one after: E = (σ1² − σ0²) × T1', () => {
    const a = analyseEvent({
      ...base,
      next: { reportDate: '2026-11-27', eventSession: '2026-11-30' },
      expiries: [point('2026-11-27', 7, 0.3), point('2026-12-04', 14, 0.5), point('2026-12-18', 28, 0.4)],
    });
    expect(a.implied!.method).toBe('pre-and-post');
    expect(a.implied!.eventVariance).toBeCloseTo((0.25 - 0.09) * (14 / 365), 12);
    expect(a.implied!.expectedIvAfter).toBe(0.3);
  });

  it('refuses with a reason when no expiry brackets the event, or the term structure prices no event premium', () => {
    expect(analyseEvent({ ...base, expiries: [point('2026-11-21', 1, 0.3)] }).refusal!.code).toBe('no-bracketing-expiry');
    const flat = analyseEvent({ ...base, expiries: [point('2026-11-27', 7, 0.3), point('2026-12-18', 28, 0.35)] });
    expect(flat.implied).toBeNull();
    expect(flat.refusal!.code).toBe('no-event-premium');
    expect(analyseEvent({ ...base, next: null, expiries: [] }).refusal!.code).toBe('no-earnings');
  });

  it('averages the absolute moves of the last 4 and 12 reports', () => {
    const past = simulatedPastReports('TSLA', '2026-11-20', 12);
    expect(past).toHaveLength(12);
    const a = analyseEvent({ ...base, past, expiries: [] });
    expect(a.avgAbsMove4).toBeCloseTo(past.slice(0, 4).reduce((s, p) => s + Math.abs(p.move), 0) / 4, 12);
    expect(a.avgAbsMove12).toBeGreaterThan(0.03);
  });
});

describe('sentiment and volatility readings against the underlying’s own year', () => {
  const rows = simulatedSummaries('AAPL', '2026-11-20', 252);

  it('gives IV rank and percentile only from 60 sessions of history ("building history")', () => {
    expect(volatilityMetrics(rows.slice(-30), '2026-11-20').ivRank).toBeNull();
    const m = volatilityMetrics(rows, '2026-11-20');
    expect(m.ivSamples).toBe(251);
    expect(m.ivRank).toBeGreaterThanOrEqual(0);
    expect(m.ivRank).toBeLessThanOrEqual(100);
    expect(m.rr25).toBeLessThan(0); // equities: puts richer
  });

  it('reads put/call ratios today, over 10 days and as a percentile, and fills every heatmap cell', () => {
    const s = sentimentReadings(rows);
    const last = rows.at(-1)!;
    expect(s.volume.today).toBeCloseTo(last.putVolume! / last.callVolume!, 12);
    expect(s.volume.percentile).toBeGreaterThanOrEqual(0);
    const cells = heatmapCells(rows);
    for (const c of Object.values(cells)) expect(c.value).not.toBeNull();
  });

  it("flags unusual activity by Barchart's rule: volume > 500, OI > 100, last > $0.10, volume/OI ≥ 1.25", () => {
    expect(isUnusual({ volume: 600, open_interest: 400, last: 1 })).toBe(true);
    expect(isUnusual({ volume: 600, open_interest: 500, last: 1 })).toBe(false);
    expect(isUnusual({ volume: 500, open_interest: 200, last: 1 })).toBe(false);
    expect(isUnusual({ volume: 600, open_interest: 100, last: 1 })).toBe(false);
    expect(isUnusual({ volume: 600, open_interest: 400, last: 0.1 })).toBe(false);
  });
});

describe('how long an analysis answer may be cached', () => {
  it('until the next weekday 18:00 New York ingestion', () => {
    // Wednesday 15:00 New York → 18:00 the same day; Friday 19:00 → Monday 18:00; Saturday → Monday.
    expect(nextIngestionAt(new Date('2026-11-25T20:00:00Z')).toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(nextIngestionAt(new Date('2026-11-28T00:00:00Z')).toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(nextIngestionAt(new Date('2026-11-28T15:00:00Z')).toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
});

describe('the 25-delta risk reversal against its own year', () => {
  const rr25 = (ticker: string) => simulatedSummaries(ticker, '2026-11-25', 400).map((r) => r.iv25dCall! - r.iv25dPut!);

  it('counts ties half: a value equal to the whole history is the middle, not an extreme', () => {
    const flat = Array.from({ length: 100 }, () => -0.05);
    expect(percentileAgainst(-0.05, flat)).toBe(50);
    // 60 below, 20 equal, 20 above: (60 + 20 / 2) / 100.
    const mixed = [...Array.from({ length: 60 }, () => -0.07), ...Array.from({ length: 20 }, () => -0.05), ...Array.from({ length: 20 }, () => -0.03)];
    expect(percentileAgainst(-0.05, mixed)).toBe(70);
  });

  it('gives no percentile against fewer than 60 sessions (a real provider building its history)', () => {
    const history = Array.from({ length: 59 }, (_, i) => -0.05 - i / 1000);
    expect(percentileAgainst(-0.04, history)).toBeNull();
    expect(percentileAgainst(-0.04, [...history, -0.2])).toBe(100);
  });

  it.each(['SPY', 'QQQ', 'AAPL', 'NVDA'])('moves along a path of its own in the simulated market (%s): persistent, not white noise', (ticker) => {
    const rr = rr25(ticker);
    const mean = rr.reduce((s, x) => s + x, 0) / rr.length;
    const dev = rr.map((x) => x - mean);
    const lag1 = dev.slice(1).reduce((s, x, i) => s + x * dev[i]!, 0) / dev.reduce((s, x) => s + x * x, 0);
    // The skew's own slow path dominates the day's volatility level: yesterday's risk reversal says much about today's.
    expect(lag1).toBeGreaterThan(0.5);
    expect(new Set(rr.map((x) => x.toFixed(4))).size).toBeGreaterThan(100);
    // So its percentile against the year moves by steps, not from one end of the range to the other each session.
    const p: number[] = [];
    for (let i = rr.length - 60; i < rr.length; i++) p.push(percentileAgainst(rr[i]!, rr.slice(i - 252, i))!);
    const steps = p.slice(1).map((x, i) => Math.abs(x - p[i]!));
    expect(steps.reduce((s, x) => s + x, 0) / steps.length).toBeLessThan(25);
  });
});
