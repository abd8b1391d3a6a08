import { describe, expect, it } from 'vitest';
import { evaluateOrder, type TradingState } from '@shared/paper/engine';
import { checkOrderRules } from '@shared/compliance/checks';
import type { QuotedLeg } from '@web/features/strategy/lib/legs';
import { buildOrder, estimateLimit, limitOrderType, limitWords, midLimit, parseLimit, type NetLimit } from '@web/features/strategy/lib/trade';
import { account, NOW, quote } from '../../../support/trading-fixtures';
import { contract } from '../chain/fixtures';

const settings = { optionsLevel: 3, fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 } as const;

function quoted(action: 'buy' | 'sell', type: 'call' | 'put', strike: number, bid: number, ask: number, lots = 1): QuotedLeg {
  const c = contract(type, strike, { bid, ask, mark: (bid + ask) / 2 });
  return {
    leg: { id: `${action}-${strike}`, action, optionType: type, expiration: c.expiration_date, strike, lots, snap: true },
    status: 'listed',
    strike,
    contract: c,
    premium: c.mark,
  };
}

/** The paper account's engine over the same quotes, so the builder's figures are checked against what it decides. */
function engineState(legs: readonly QuotedLeg[]): TradingState {
  const quotes = new Map(legs.map((q) => [q.contract!.contract_ticker, quote(q.contract!.contract_ticker, q.contract!.bid, q.contract!.ask)]));
  const a = account();
  a.settings = { ...a.settings, ...settings };
  return { account: a, positions: [], quotes, marks: new Map(), underlyingPrices: new Map([['SPY', 100]]), now: NOW };
}

const parsed = (text: string, side: 'debit' | 'credit', single = false): NetLimit => {
  const r = parseLimit(text, side, single);
  if (!r.ok) throw new Error(r.message);
  return r.limit;
};

// A bull call spread: buy the 100 call (6.90 × 7.00, mid 6.95), sell the 105 call (3.00 × 3.10, mid 3.05); net mid 3.90.
const bullCall = () => [quoted('buy', 'call', 100, 6.9, 7.0), quoted('sell', 'call', 105, 3.0, 3.1)];

describe('a limit at a net price', () => {
  it('starts at the net mid per unit, rounded to the nearest cent, a debit or a credit by its sign', () => {
    expect(midLimit(bullCall())).toEqual({ amount: 3.9, side: 'debit', signed: 3.9 });
    // A bull put spread for a credit: sell 95 (1.10 × 1.13, mid 1.115), buy 90 (0.40 × 0.43, mid 0.415): 0.70 credit.
    expect(midLimit([quoted('sell', 'put', 95, 1.1, 1.13), quoted('buy', 'put', 90, 0.4, 0.43)])).toEqual({ amount: 0.7, side: 'credit', signed: -0.7 });
    // Half a cent rounds to the nearest cent either way: 1.115 − 0.30 = 0.815.
    expect(midLimit([quoted('buy', 'call', 100, 1.1, 1.13), quoted('sell', 'call', 105, 0.29, 0.31)]).amount).toBeCloseTo(0.82, 10);
    // Lots of 2 and 2 are 2 units of 1:1 for the paper account: the limit is per 1:1 unit.
    expect(midLimit([quoted('buy', 'call', 100, 6.9, 7.0, 2), quoted('sell', 'call', 105, 3.0, 3.1, 2)]).amount).toBe(3.9);
  });

  it('says the limit in words: the most paid for a debit, the least received for a credit', () => {
    expect(limitWords(parsed('6.95', 'debit'))).toBe('Limit: pay at most $6.95 net per unit');
    expect(limitWords(parsed('2.51', 'credit'))).toBe('Limit: receive at least $2.51 net credit per unit');
    expect(limitOrderType(parsed('6.95', 'debit'))).toBe('Limit $6.95 net debit (day)');
    expect(limitOrderType(parsed('2.51', 'credit'))).toBe('Limit $2.51 net credit (day)');
  });

  it('refuses a missing price, more than 2 decimals, a sign, text, and a debit of $0.00, in words', () => {
    const message = (text: string, side: 'debit' | 'credit' = 'debit', single = false) => {
      const r = parseLimit(text, side, single);
      return r.ok ? null : r.message;
    };
    expect(message('')).toBe('Enter a limit price: the net price per unit you accept.');
    expect(message('6.955')).toBe('The limit price can have at most 2 decimals: options trade in whole cents.');
    expect(message('-1.20')).toBe('Enter the limit without a minus sign, and choose net debit or net credit beside it.');
    expect(message('abc')).toBe('The limit price must be a number of dollars, such as 6.95.');
    expect(message('0')).toBe('A debit limit must be above $0.00: it is the most you pay per unit. To be paid for the order, choose net credit.');
    expect(message('0.00', 'credit')).toBeNull(); // receive at least nothing: an even-money spread
    expect(message('0', 'credit', true)).toBe('A single-leg limit must be above $0.00: it is the least you accept per share.');
    expect(parsed('$1,234.5', 'debit').amount).toBe(1234.5);
  });

  it('sends one limit order with the signed net price; one leg sends its price as the ticket does', () => {
    const order = buildOrder(bullCall(), 2, 'Bull Call Spread', 'c-1', parsed('3.85', 'debit'));
    expect(order).toEqual({
      clientOrderId: 'c-1',
      type: 'limit',
      limitPrice: 3.85,
      timeInForce: 'day',
      legs: [
        { contract: 'SPY261127C00100000', side: 'buy', quantity: 2 },
        { contract: 'SPY261127C00105000', side: 'sell', quantity: 2 },
      ],
      strategy: 'Bull Call Spread',
    });
    expect(buildOrder(bullCall(), 1, 'Bear Call Spread', 'c-2', parsed('4.00', 'credit')).limitPrice).toBe(-4);
    expect(buildOrder([quoted('sell', 'put', 95, 1.1, 1.13)], 1, 'Short Put', 'c-3', parsed('1.12', 'credit', true)).limitPrice).toBe(1.12);
    expect(checkOrderRules(order)).toEqual([]);
  });

  it('totals the order at its limit as the paper account holds it for a limit that rests', () => {
    const legs = bullCall();
    const limit = parsed('3.85', 'debit'); // under the 4.00 natural debit (7.00 − 3.00): it rests
    const e = estimateLimit(legs, 3, settings, limit);
    // 3.85 × 3 units × 100 = 1,155.00, and 6 contracts × $0.65 = 3.90.
    expect(e).toMatchObject({ units: 3, premium: 1155, commission: 3.9, total: 1158.9, fillsNow: false, naturalPerUnit: 4 });
    const decided = evaluateOrder(engineState(legs), buildOrder(legs, 3, 'Bull Call Spread', 'c', limit));
    expect(decided.decision).toEqual({ kind: 'rest', hold: e.total });
  });

  it('knows a limit at or better than the natural price fills now, at the natural price', () => {
    const legs = bullCall();
    const e = estimateLimit(legs, 1, settings, parsed('4.00', 'debit'));
    expect(e.fillsNow).toBe(true);
    const decided = evaluateOrder(engineState(legs), buildOrder(legs, 1, 'Bull Call Spread', 'c', parsed('4.00', 'debit')));
    expect(decided.decision).toMatchObject({ kind: 'fill', netPrice: 4, totalCost: 401.3 });
    // A bear call spread for a credit: sell the 100 call at the 6.90 bid, buy the 105 at the 3.10 ask, 3.80 natural credit.
    const bear = [quoted('sell', 'call', 100, 6.9, 7.0), quoted('buy', 'call', 105, 3.0, 3.1)];
    const credit = estimateLimit(bear, 1, settings, parsed('3.90', 'credit'));
    expect(credit).toMatchObject({ naturalPerUnit: -3.8, fillsNow: false, premium: -390, total: -388.7 });
    expect(estimateLimit(bear, 1, settings, parsed('3.80', 'credit')).fillsNow).toBe(true);
    // Resting, it holds the spread's $500 width less the credit at the limit: the builder's charge plus margin.
    const resting = evaluateOrder(engineState(bear), buildOrder(bear, 1, 'Bear Call Spread', 'c', parsed('3.90', 'credit')));
    expect(resting.decision).toEqual({ kind: 'rest', hold: 111.3 }); // 500 − 388.70
  });
});
