import { beforeAll, describe, expect, inject, it } from 'vitest';
import { learner, marketBuy } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * Issue 23's exploit, through the gateway against the local stack: with the simulated market quoting American
 * options below their intrinsic value, buying deep in-the-money options and exercising them at once made money
 * ($105,839.70 from $100,000 in four requests). Quoted as American, it must lose the commissions and spreads.
 */
const stack = inject('stack');

interface Contract {
  contract_ticker: string;
  contract_type: 'call' | 'put';
  strike_price: number;
  bid: number | null;
  ask: number | null;
  last: number | null;
  mark: number | null;
  intrinsic_value: number;
  time_value: number | null;
  pricing_model: string;
}
interface Chain {
  underlying: { price: number };
  contracts: Contract[];
}

const json = async <T>(path: string): Promise<T> => (await fetch(`${stack.url}${path}`)).json() as Promise<T>;

let nearest: Chain;
let farthest: Chain;

beforeAll(async () => {
  await waitFor(
    () => json<{ lastSync: string | null }>('/api/market/status'),
    (s) => s.lastSync !== null,
    60_000,
    'market data',
  );
  const { expiries } = await json<{ expiries: { expiration_date: string }[] }>('/api/market/QQQ/expiries');
  nearest = await json<Chain>(`/api/market/QQQ/chain?expiry=${expiries[0]!.expiration_date}`);
  farthest = await json<Chain>(`/api/market/QQQ/chain?expiry=${expiries.at(-1)!.expiration_date}`);
});

describe('no free money from early exercise', () => {
  it('quotes every QQQ contract of the nearest and the farthest expiry at or above what exercising it pays', () => {
    const contracts = [...nearest.contracts, ...farthest.contracts];
    expect(contracts.length).toBeGreaterThan(200);
    for (const c of contracts) {
      expect(c.pricing_model).toBe('american');
      expect(c.ask!).toBeGreaterThanOrEqual(c.intrinsic_value);
      expect(c.mark!).toBeGreaterThanOrEqual(c.intrinsic_value);
      // The time value is last − intrinsic, never clamped at zero because the last trade is never below intrinsic.
      if (c.last !== null) expect(c.time_value).toBeCloseTo(c.last - c.intrinsic_value, 2);
    }
  });

  it('leaves a new $100,000 account below its capital after buying deep in-the-money options and exercising them', async () => {
    const { call } = await learner(stack, 100_000);
    const quoted = (c: Contract) => c.ask !== null && c.ask > 0;
    // The recipe: the deepest in-the-money call of the nearest expiry, exercised into 100 shares, and the
    // deepest in-the-money put of the farthest, exercised to deliver them.
    const deepCall = nearest.contracts.filter((c) => c.contract_type === 'call' && quoted(c)).reduce((a, b) => (b.strike_price < a.strike_price ? b : a));
    const deepPut = farthest.contracts.filter((c) => c.contract_type === 'put' && quoted(c)).reduce((a, b) => (b.strike_price > a.strike_price ? b : a));
    expect(deepCall.intrinsic_value).toBeGreaterThan(0);
    expect(deepPut.intrinsic_value).toBeGreaterThan(100);

    for (const c of [deepCall, deepPut]) {
      const bought = await call('POST', '/api/orders', marketBuy(c.contract_ticker, 1));
      expect(bought.status).toBe(201);
      expect(bought.body.order.netPrice).toBe(c.ask);
      const exercised = await call('POST', `/api/positions/${c.contract_ticker}/exercise`, {});
      expect(exercised.status).toBe(200);
    }

    const { positions, account } = (await call('GET', '/api/portfolio')).body as { positions: unknown[]; account: { cash: number; equity: number } };
    expect(positions).toEqual([]);
    // Paid: both asks and two $0.65 commissions, and the call's strike for the shares; received: the put's strike.
    const expected = 100_000 - 100 * deepCall.ask! - 100 * deepCall.strike_price - 100 * deepPut.ask! + 100 * deepPut.strike_price - 2 * 0.65;
    expect(account.cash).toBeCloseTo(expected, 2);
    expect(account.equity).toBeCloseTo(account.cash, 2);
    expect(account.equity).toBeLessThan(100_000);
  });
});
