import { describe, expect, it } from 'vitest';
import { price } from '@shared/pricing';
import { straddleWhatIf } from '@web/features/analysis/events/straddle-what-if';
import type { EventsView } from '@web/features/analysis/common/analysis-api';

/** The events page's long-straddle what-if through the crush (issue 22), priced with the pricing core. */
const sd = 0.3;
const E = 0.0065;
const front = { expiration: '2026-12-04', T: 9 / 365, atmIv: Math.sqrt(sd * sd + E / (9 / 365)), strike: 100, straddle: null };
const view = {
  underlying: 'AAPL',
  name: 'Apple Inc.',
  sector: 'Technology',
  source: 'demo',
  asOf: '2026-11-25',
  sessions: 253,
  price: 100,
  rate: 0.04,
  dividendYield: 0,
  exercise: 'european',
  termStructure: [],
  analysis: {
    next: { reportDate: '2026-11-27', eventSession: '2026-11-30', daysUntil: 2 },
    implied: {
      method: 'two-post-event',
      front,
      back: { ...front, expiration: '2026-12-18', T: 23 / 365 },
      diffusiveVol: sd,
      eventVariance: E,
      eventMove: Math.sqrt(E),
      meanAbsoluteMove: Math.sqrt(2 / Math.PI) * Math.sqrt(E),
      straddleMove: null,
      expectedIvAfter: sd,
    },
    refusal: null,
    past: [],
    avgAbsMove4: null,
    avgAbsMove12: null,
  },
} satisfies EventsView;

describe('the long-straddle what-if through an earnings report', () => {
  it('prices the straddle today at the event IV and after the news at σd with less time: no move loses to the crush, a big move wins', () => {
    const w = straddleWhatIf(view, [0, 2])!;
    const cost = ['call', 'put'].reduce(
      (s, type) => s + price({ type: type as 'call' | 'put', S: 100, K: 100, T: front.T, r: 0.04, q: 0, sigma: front.atmIv }),
      0,
    );
    expect(w.costNow).toBeCloseTo(cost, 10);
    expect(w.daysToEvent).toBe(5);
    const after = ['call', 'put'].reduce((s, type) => s + price({ type: type as 'call' | 'put', S: 100, K: 100, T: 4 / 365, r: 0.04, q: 0, sigma: sd }), 0);
    expect(w.rows[0]!.straddleAfter).toBeCloseTo(after, 10);
    expect(w.rows[0]!.pnl).toBeLessThan(0);
    expect(w.rows[1]!.priceAfter).toBeCloseTo(100 * Math.exp(2 * Math.sqrt(E)), 10);
    expect(w.rows[1]!.pnl).toBeGreaterThan(0);
  });

  it('offers no what-if without an implied move', () => {
    expect(straddleWhatIf({ ...view, analysis: { ...view.analysis, implied: null } }, [0])).toBeNull();
  });
});
