import { describe, expect, it } from 'vitest';
import { americanPrice } from '@shared/pricing';
import { buildChain } from '@shared/market/chain';
import { newYorkInstant, yearsBetween } from '@shared/market/dates';
import { closePrice } from '@shared/market/simulated-day';
import { currentSession, simulatedProvider } from '@shared/market/simulated-market';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile } from '@shared/market/underlyings';
import { fixedClock } from '@shared/ports/clock.port';

const clock = fixedClock('2026-11-23T20:00:00Z'); // Monday 15:00 New York: the latest session is Friday 20 November
const market = simulatedProvider(clock);

async function chainOf(ticker: string, expiration: string) {
  const snap = await market.chainSnapshot(ticker, { expiration });
  const T = yearsBetween(new Date(snap.asOf), newYorkInstant(expiration, 16));
  return {
    snap,
    T,
    chain: buildChain(snap.quotes, {
      underlying: ticker,
      expiration,
      underlyingPrice: snap.underlyingPrice!,
      T,
      r: RISK_FREE_RATE,
      q: underlyingProfile(ticker)!.dividendYield,
      exercise: exerciseStyle(ticker),
    }),
  };
}

describe('the simulated market', () => {
  it('serves the latest completed session, as of its 16:00 close', () => {
    expect(currentSession(new Date('2026-11-23T20:00:00Z')).date).toBe('2026-11-20');
    expect(currentSession(new Date('2026-11-23T21:30:00Z')).date).toBe('2026-11-23');
    expect(currentSession(new Date('2026-11-26T22:00:00Z')).date).toBe('2026-11-25'); // Thanksgiving
    expect(currentSession(new Date('2026-11-23T21:30:00Z')).asOf.toISOString()).toBe('2026-11-23T21:00:00.000Z');
  });

  it('is deterministic per ticker and day, and moves from day to day', async () => {
    expect(closePrice('SPY', '2026-11-20')).toBe(closePrice('SPY', '2026-11-20'));
    expect(closePrice('SPY', '2026-11-20')).not.toBe(closePrice('SPY', '2026-11-19'));
    const a = await simulatedProvider(clock).chainSnapshot('AAPL', { expiration: '2026-12-18' });
    const b = await simulatedProvider(clock).chainSnapshot('AAPL', { expiration: '2026-12-18' });
    expect(a).toEqual(b);
  });

  it('keeps prices near their reference: a believable level', () => {
    for (const t of ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'MSFT', 'AMZN', 'GOOGL']) {
      const ratio = closePrice(t, '2026-11-20') / underlyingProfile(t)!.referencePrice;
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(1.3);
    }
  });

  it('quotes a bid below the ask on the tick, and American IV and Greeks consistent with the mid', async () => {
    const { snap, T, chain } = await chainOf('SPY', '2026-12-18');
    const S = snap.underlyingPrice!;
    let checked = 0;
    for (const c of chain) {
      expect(c.bid!).toBeLessThan(c.ask!);
      expect(Math.abs(c.bid! * 100 - Math.round(c.bid! * 100))).toBeLessThan(1e-6);
      if (c.implied_volatility === null || (c.bid ?? 0) < 0.05) continue;
      if (c.implied_volatility === 0) {
        // A mark at the value of exercising at once carries no volatility (σ = 0, as the American IV defines it).
        expect(c.mark).toBeCloseTo(Math.max(c.contract_type === 'call' ? S - c.strike_price : c.strike_price - S, 0), 9);
        continue;
      }
      // The American price at the quoted IV reproduces the mark: IV is solved from bid and ask, not made up.
      expect(c.pricing_model).toBe('american');
      const model = americanPrice({
        type: c.contract_type,
        S,
        K: c.strike_price,
        T,
        r: RISK_FREE_RATE,
        q: underlyingProfile('SPY')!.dividendYield,
        sigma: c.implied_volatility,
      });
      expect(Math.abs(model - c.mark!)).toBeLessThan(0.01);
      expect(c.contract_type === 'call' ? c.delta! > 0 && c.delta! < 1 : c.delta! < 0 && c.delta! > -1).toBe(true);
      // More time is never worth less to an American option's holder (a European deep in-the-money put can gain with time).
      expect(c.theta!).toBeLessThanOrEqual(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('has put skew: downside puts carry a higher IV than upside calls at the same distance', async () => {
    const { snap, chain } = await chainOf('SPY', '2026-12-18');
    const S = snap.underlyingPrice!;
    const near = (type: 'call' | 'put', k: number) =>
      chain.filter((c) => c.contract_type === type).reduce((best, c) => (Math.abs(c.strike_price - k) < Math.abs(best.strike_price - k) ? c : best));
    expect(near('put', S * 0.93).implied_volatility!).toBeGreaterThan(near('call', S * 1.07).implied_volatility!);
  });

  it('widens spreads away from the money and concentrates volume and open interest near it', async () => {
    const { snap, chain } = await chainOf('AAPL', '2026-12-18');
    const S = snap.underlyingPrice!;
    const calls = chain.filter((c) => c.contract_type === 'call');
    const atm = calls.reduce((b, c) => (Math.abs(c.strike_price - S) < Math.abs(b.strike_price - S) ? c : b));
    const otm = calls.filter((c) => c.strike_price > S * 1.12 && (c.ask ?? 0) > 0.05)[0]!;
    expect(otm.bid_ask_spread! / otm.mark!).toBeGreaterThan(atm.bid_ask_spread! / atm.mark!);
    const nearOi = calls.filter((c) => Math.abs(c.strike_price / S - 1) < 0.05).reduce((s, c) => s + (c.open_interest ?? 0), 0);
    const farOi = calls.filter((c) => Math.abs(c.strike_price / S - 1) > 0.15).reduce((s, c) => s + (c.open_interest ?? 0), 0);
    expect(nearOi).toBeGreaterThan(farOi);
  });

  it('lists LEAPS and the real expiry calendar, and rejects unknown symbols', async () => {
    const contracts = await market.listContracts('SPY');
    const expiries = [...new Set(contracts.map((c) => c.expiration))];
    expect(expiries).toContain('2028-01-21');
    expect(expiries).not.toContain('2026-11-20'); // the session's own expiry expired at its close
    await expect(market.chainSnapshot('NOPE')).rejects.toThrow('Market-data provider failed for NOPE: HTTP 404');
  });

  it('gives 14 days of daily history for underlyings and contracts', async () => {
    const bars = await market.dailyBars('SPY', '2026-11-06', '2026-11-23');
    expect(bars.map((b) => b.date)).toEqual([
      '2026-11-06',
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    for (const b of bars) expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
    const option = await market.dailyBars('SPY261218C00600000', '2026-11-06', '2026-11-23');
    expect(option).toHaveLength(11);
    for (const b of option) expect(b.low <= Math.min(b.open, b.close) && b.high >= Math.max(b.open, b.close)).toBe(true);
  });
});
