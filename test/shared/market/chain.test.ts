import { describe, expect, it } from 'vitest';
import { americanGreeks, americanPrice, greeks, impliedVol } from '@shared/pricing';
import { buildChain, markOf, summarizeExpiry } from '@shared/market/chain';
import type { ProviderQuote } from '@shared/market/market-data.port';

const base = { underlying: 'XYZ', expiration: '2026-12-18', exercise: 'american' } as const;
const quote = (q: Partial<ProviderQuote> & { strike: number; type: 'call' | 'put' }): ProviderQuote => ({
  ticker: `${q.type}${q.strike}`,
  underlying: 'XYZ',
  expiration: '2026-12-18',
  ...q,
});

describe('the served chain', () => {
  it('marks at the midpoint when bid and ask exist, else at the last price (spec part 2 §3)', () => {
    expect(markOf(1, 1.2, 5)).toBeCloseTo(1.1);
    expect(markOf(null, 1.2, 5)).toBe(5);
    expect(markOf(null, null, null)).toBeNull();
  });

  it('computes intrinsic and time value by the spec rules, with dashes (null) for unknowns', () => {
    const [call, put] = buildChain([quote({ strike: 95, type: 'call', bid: 6, ask: 6.4, last: 6.3 }), quote({ strike: 95, type: 'put', last: undefined })], {
      ...base,
      underlyingPrice: 100,
      T: 0.1,
      r: 0.04,
      q: 0,
    });
    expect(call).toMatchObject({ intrinsic_value: 5, time_value: 1.3, bid_ask_spread: 0.4, mark: 6.2 });
    expect(put).toMatchObject({ intrinsic_value: 0, time_value: null, bid: null, ask: null, mark: null, implied_volatility: null, delta: null, volume: null });
  });

  it("solves IV and Greeks from the mark where the provider gives none, and keeps the provider's where it does", () => {
    const [solved, given] = buildChain(
      [
        quote({ strike: 100, type: 'call', bid: 2.4, ask: 2.6 }),
        quote({ strike: 100, type: 'put', bid: 2, ask: 2.2, impliedVolatility: 0.31, delta: -0.45, gamma: 0.05, theta: -0.04, vega: 0.11 }),
      ],
      { ...base, underlyingPrice: 100, T: 30 / 365, r: 0.04, q: 0 },
    );
    expect(solved!.implied_volatility!).toBeGreaterThan(0.15);
    expect(solved!.implied_volatility!).toBeLessThan(0.25);
    expect(solved!.delta!).toBeGreaterThan(0.5);
    expect(solved!.theta!).toBeLessThan(0); // per day
    expect(given).toMatchObject({ implied_volatility: 0.31, delta: -0.45, gamma: 0.05, theta: -0.04, vega: 0.11 });
    expect(given!.rho!).toBeLessThan(0); // computed at the provider's IV
  });

  it("solves an American-style contract's IV and Greeks with the American model, a European-style one's with Black-Scholes-Merton", () => {
    // A deep in-the-money put a year out: early exercise is worth about $1.55 a share here.
    const option = { type: 'put', S: 100, K: 125, T: 1, r: 0.04, q: 0, sigma: 0.3 } as const;
    const value = americanPrice(option);
    const quotes = [quote({ strike: 125, type: 'put', bid: value - 0.1, ask: value + 0.1, last: value })];
    const inputs = { ...base, underlyingPrice: 100, T: 1, r: 0.04, q: 0 };
    const [american] = buildChain(quotes, inputs);
    const exact = americanGreeks(option);
    expect(american).toMatchObject({ pricing_model: 'american', intrinsic_value: 25 });
    expect(american!.implied_volatility!).toBeCloseTo(0.3, 5);
    expect(american!.delta!).toBeCloseTo(exact.delta, 4);
    expect(american!.theta!).toBeCloseTo(exact.theta / 365, 4);
    expect(american!.time_value!).toBeGreaterThan(0);

    // The same quote read as a European option needs a much higher volatility, with other Greeks.
    const [european] = buildChain(quotes, { ...inputs, exercise: 'european' });
    const europeanIv = impliedVol({ ...option, price: value });
    expect(european).toMatchObject({ pricing_model: 'european' });
    expect(european!.implied_volatility!).toBeCloseTo(europeanIv, 5);
    expect(europeanIv - 0.3).toBeGreaterThan(0.04);
    expect(european!.delta!).toBeCloseTo(greeks({ ...option, sigma: europeanIv }).delta, 4);
  });

  it('sums volume and open interest per side for the expiry card', () => {
    const chain = buildChain(
      [quote({ strike: 100, type: 'call', volume: 10, openInterest: 100 }), quote({ strike: 100, type: 'put', volume: 4, openInterest: 50 })],
      { ...base, underlyingPrice: 100, T: 0.1, r: 0, q: 0 },
    );
    expect(summarizeExpiry(chain, 'XYZ', '2026-12-18', '2026-11-23')).toEqual({
      expiration_date: '2026-12-18',
      underlying_ticker: 'XYZ',
      expiry_type: 'Monthly',
      days_to_expiry: 25,
      total_call_volume: 10,
      total_put_volume: 4,
      total_call_open_interest: 100,
      total_put_open_interest: 50,
    });
  });
});
