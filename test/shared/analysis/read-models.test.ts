import { describe, expect, it } from 'vitest';
import { arbitrageAnswer } from '@shared/analysis/arbitrage-view';
import { MIN_HISTORY_SESSIONS, YEAR_SESSIONS } from '@shared/metrics/daily-summary';
import type { ChainSet } from '@shared/analysis/screener';
import { historyNoteOf, surfaceAnswer } from '@shared/analysis/surface-view';
import { DEFAULT_SETTINGS } from '@shared/paper/types';

/** A small SPY snapshot: three expiries (7, 30 and 60 days), five strikes each, quotes a nickel either side of a smile. */
function snapshot(): Pick<ChainSet, 'ticker' | 'price' | 'asOf' | 'source' | 'expiries'> {
  const price = 600;
  const expiry = (expiration: string, days: number) => ({
    expiration,
    days,
    contracts: [580, 590, 600, 610, 620].flatMap((K) => {
      const iv = 0.18 + Math.abs(K - price) / 2000;
      const call = Math.max(0, price - K) + 4 + days / 10;
      const put = Math.max(0, K - price) + 4 + days / 10;
      const base = { strike_price: K, implied_volatility: iv, last: null, volume: 10, open_interest: 500, theta: -0.1 };
      return [
        { ...base, contract_type: 'call' as const, contract_ticker: `C${K}-${days}`, bid: call - 0.05, ask: call + 0.05, delta: K <= price ? 0.6 : 0.4 },
        { ...base, contract_type: 'put' as const, contract_ticker: `P${K}-${days}`, bid: put - 0.05, ask: put + 0.05, delta: K >= price ? -0.6 : -0.4 },
      ];
    }),
  });
  return {
    ticker: 'SPY',
    price,
    asOf: '2026-11-20T21:00:00.000Z',
    source: 'demo',
    expiries: [expiry('2026-11-27', 7), expiry('2026-12-20', 30), expiry('2027-01-19', 60)],
  };
}

describe('the arbitrage read model', () => {
  it("charges the paper account's default commission per contract, and says so in its inputs", () => {
    const answer = arbitrageAnswer(snapshot(), { today: '2026-11-20' });
    expect(answer.inputs.feePerContract).toBe(DEFAULT_SETTINGS.commissionPerContract);
    expect(answer).toMatchObject({ underlying: 'SPY', price: 600, source: 'demo', exercise: 'american' });
  });

  it('shows the parity table of the expiry asked for, else of the first at least 20 days out', () => {
    expect(arbitrageAnswer(snapshot(), { today: '2026-11-20' }).parityExpiry).toBe('2026-12-20');
    const asked = arbitrageAnswer(snapshot(), { today: '2026-11-20', expiry: '2027-01-19' });
    expect(asked.parityExpiry).toBe('2027-01-19');
    expect(asked.parity.length).toBeGreaterThan(0);
    expect(asked.parity.every((row) => row.expiration === '2027-01-19')).toBe(true);
    // An expiry that is not listed falls back to the default.
    expect(arbitrageAnswer(snapshot(), { today: '2026-11-20', expiry: '2030-01-01' }).parityExpiry).toBe('2026-12-20');
  });
});

describe('the surface read model', () => {
  it('answers the term structure and the skew of every listed expiry', () => {
    const answer = surfaceAnswer(snapshot(), null);
    expect(answer.underlying).toBe('SPY');
    expect(answer.term.map((t) => t.expiration)).toEqual(['2026-11-27', '2026-12-20', '2027-01-19']);
    expect(answer.skew).toHaveLength(3);
    expect(answer.history).toBeNull();
  });

  it('says why the IV-against-HV chart is missing, how far its history has come, and nothing once it is whole', () => {
    expect(historyNoteOf(null)).toMatch(/needs the daily summary history/);
    const some = { dates: ['2026-11-19', '2026-11-20'], iv30: [0.2, 0.21], hv20: [0.18, null] };
    expect(historyNoteOf(some)).toBe(
      `IV30 is building its history: 2 / ${YEAR_SESSIONS} sessions (this data source's IV history accumulates one session a run; HV20 comes from its daily closes).`,
    );
    const whole = { dates: [], iv30: Array.from({ length: MIN_HISTORY_SESSIONS }, () => 0.2), hv20: [] };
    expect(historyNoteOf(whole)).toBeNull();
  });
});
