import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { OptionContract } from '@shared/market/chain';
import type { ChainView } from '@shared/market/market-reader';
import { americanPrice, price } from '@shared/pricing';
import { filterChain, MAX_CHAIN_CONTRACTS } from '../../../functions/mcp/chain-filter';
import { MCP_TOOLS } from '../../../functions/mcp/server';
import { checkOrder, placeOrder } from '../../../functions/mcp/tools/account';
import { analyseStrategy, listTemplates, placeTemplateTool, priceOption } from '../../../functions/mcp/tools/analysis';
import { addJournalReflection } from '../../../functions/mcp/tools/journal';
import { getChain, getQuote, listExpiries } from '../../../functions/mcp/tools/market';
import { context, dataOf, marketRoutes, run, textOf, TODAY } from './harness';

const accepts = (tool: { input: Record<string, z.ZodType> }, args: unknown) => z.object(tool.input).safeParse(args).success;
const spread = (quantity = 1) => ({
  legs: [
    { contract: 'SPY261218C00600000', side: 'buy', quantity },
    { contract: 'SPY261218C00610000', side: 'sell', quantity },
  ],
});

describe('the tools a model is offered', () => {
  it('have unique snake_case names and a description that says what they answer', () => {
    const names = MCP_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of MCP_TOOLS) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(tool.description.length, tool.name).toBeGreaterThan(80);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'market_status',
        'list_underlyings',
        'list_expiries',
        'get_chain',
        'get_quote',
        'price_option',
        'analyze_strategy',
        'list_templates',
        'place_template',
        'get_portfolio',
        'list_orders',
        'place_order',
        'cancel_order',
        'close_position',
        'journal_stats',
        'add_journal_reflection',
      ]),
    );
  });

  it('mark what reads as read-only, and what trades as not', () => {
    const byName = new Map(MCP_TOOLS.map((t) => [t.name, t]));
    for (const name of ['get_chain', 'price_option', 'get_portfolio', 'place_template', 'check_order'])
      expect(byName.get(name)!.annotations.readOnlyHint, name).toBe(true);
    for (const name of ['place_order', 'cancel_order', 'close_position', 'add_journal_reflection'])
      expect(byName.get(name)!.annotations.readOnlyHint, name).toBe(false);
  });
});

describe('input schemas', () => {
  it('take a chain request with at most 50 contracts and deltas from 0 to 1', () => {
    expect(accepts(getChain, { underlying: 'SPY', expiry: '2026-12-18' })).toBe(true);
    expect(accepts(getChain, { underlying: 'SPY', expiry: '2026-12-18', limit: MAX_CHAIN_CONTRACTS })).toBe(true);
    expect(accepts(getChain, { underlying: 'SPY', expiry: '2026-12-18', limit: MAX_CHAIN_CONTRACTS + 1 })).toBe(false);
    expect(accepts(getChain, { underlying: 'SPY', expiry: '2026-12-18', minDelta: 1.2 })).toBe(false);
    expect(accepts(getChain, { underlying: 'SPY', expiry: '2026-13-45' })).toBe(false);
    expect(accepts(getChain, { underlying: 'not a ticker', expiry: '2026-12-18' })).toBe(false);
    expect(z.object(getChain.input).parse({ underlying: 'SPY', expiry: '2026-12-18' })).toMatchObject({ type: 'both', moneyness: 'all', limit: 30 });
  });

  it('take an order of one to four legs of OCC contracts in whole contracts, a market day order unless told', () => {
    expect(accepts(placeOrder, spread())).toBe(true);
    expect(z.object(placeOrder.input).parse(spread())).toMatchObject({ type: 'market' });
    expect(accepts(placeOrder, { legs: [] })).toBe(false);
    expect(accepts(placeOrder, { legs: Array.from({ length: 5 }, () => spread().legs[0]) })).toBe(false);
    expect(accepts(placeOrder, spread(0))).toBe(false);
    expect(accepts(placeOrder, spread(1.5))).toBe(false);
    expect(accepts(placeOrder, { legs: [{ contract: 'SPY', side: 'buy', quantity: 1 }] })).toBe(false);
    expect(accepts(placeOrder, { ...spread(), type: 'stop' })).toBe(false);
    expect(accepts(placeOrder, { ...spread(), clientOrderId: 'has spaces' })).toBe(false);
    expect(checkOrder.input).toBe(placeOrder.input);
  });

  it('take a reflection with a grade A to F and confidence 1 to 5', () => {
    expect(accepts(addJournalReflection, { tradeId: '01JD0000000000000000000001', grade: 'B', confidence: 4, lesson: 'Took profit at 50%.' })).toBe(true);
    expect(accepts(addJournalReflection, { tradeId: '01JD0000000000000000000001', grade: 'E' })).toBe(false);
    expect(accepts(addJournalReflection, { tradeId: '01JD0000000000000000000001', confidence: 6 })).toBe(false);
    expect(accepts(addJournalReflection, {})).toBe(false);
  });

  it('take an option to price with positive spot and strike', () => {
    expect(accepts(priceOption, { type: 'call', spot: 100, strike: 100, days: 30, volatility: 0.2 })).toBe(true);
    expect(accepts(priceOption, { type: 'call', spot: -1, strike: 100, days: 30, volatility: 0.2 })).toBe(false);
    expect(accepts(priceOption, { type: 'straddle', spot: 100, strike: 100, days: 30, volatility: 0.2 })).toBe(false);
  });
});

const contract = (type: 'call' | 'put', strike: number, delta: number | null): OptionContract => ({
  contract_ticker: `SPY261218${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`,
  underlying_ticker: 'SPY',
  contract_type: type,
  strike_price: strike,
  expiration_date: '2026-12-18',
  bid: 1,
  ask: 1.1,
  last: 1,
  mark: 1.05,
  volume: 10,
  open_interest: 100,
  implied_volatility: 0.2,
  delta,
  gamma: 0.01,
  theta: -0.05,
  vega: 0.1,
  rho: 0.01,
  intrinsic_value: 0,
  time_value: 1.05,
  bid_ask_spread: 0.1,
  last_trade_timestamp: null,
  pricing_model: 'american',
});

describe('filtering a chain', () => {
  const strikes = Array.from({ length: 41 }, (_, i) => 580 + i);
  const chain: ChainView = {
    underlying: { ticker: 'SPY', price: 600.4, asOf: '2026-11-23T15:00:00Z' },
    expiration_date: '2026-12-18',
    expiry_type: 'Monthly',
    days_to_expiry: 25,
    source: 'demo',
    provider: 'simulated',
    version: 'v',
    contracts: strikes.flatMap((k) => [contract('call', k, Math.min(0.99, Math.max(0.01, 0.5 - (k - 600) / 40))), contract('put', k, null)]),
  };
  const all = { type: 'both', moneyness: 'all', limit: 50 } as const;

  it('keeps calls or puts, in or out of the money', () => {
    const otmCalls = filterChain(chain, { ...all, type: 'call', moneyness: 'otm' }).contracts;
    expect(otmCalls.length).toBe(20);
    expect(otmCalls.every((c) => c.contract_type === 'call' && c.strike_price > 600.4)).toBe(true);
    const itmPuts = filterChain(chain, { ...all, type: 'put', moneyness: 'itm' }).contracts;
    expect(itmPuts.every((c) => c.contract_type === 'put' && c.strike_price > 600.4)).toBe(true);
  });

  it('keeps |delta| within the range, leaving out contracts without a delta', () => {
    const { contracts } = filterChain(chain, { ...all, minDelta: 0.2, maxDelta: 0.35 });
    expect(contracts.length).toBeGreaterThan(0);
    expect(contracts.every((c) => c.contract_type === 'call' && Math.abs(c.delta!) >= 0.2 && Math.abs(c.delta!) <= 0.35)).toBe(true);
  });

  it('answers at most the limit, those nearest the price, in strike order, and says how many matched', () => {
    const { matched, contracts } = filterChain(chain, { ...all, type: 'call', limit: 5 });
    expect(matched).toBe(41);
    expect(contracts.map((c) => c.strike_price)).toEqual([598, 599, 600, 601, 602]);
    expect(filterChain(chain, { ...all, limit: 500 }).contracts).toHaveLength(MAX_CHAIN_CONTRACTS);
  });

  it('keeps strikes within a percentage of the price', () => {
    const { contracts } = filterChain(chain, { ...all, strikeWithinPercent: 0.5 });
    expect(contracts.every((c) => Math.abs(c.strike_price - 600.4) <= 3.002)).toBe(true);
    expect(contracts.length).toBe(12);
  });
});

describe('the market tools, over the market routes', () => {
  const ctx = context(marketRoutes());
  const firstMonthly = async () => {
    const { expiries } = dataOf<{ expiries: { expiration_date: string }[] }>(await run(listExpiries, { underlying: 'SPY', type: 'Monthly' }, ctx));
    return expiries[0]!.expiration_date;
  };

  it('reads a chain through the chain route and filters it', async () => {
    const expiry = await firstMonthly();
    const answer = dataOf<{ underlying: { price: number }; matched: number; returned: number; contracts: OptionContract[] }>(
      await run(getChain, { underlying: 'SPY', expiry, type: 'call', moneyness: 'otm', limit: 10 }, ctx),
    );
    expect(answer.returned).toBe(10);
    expect(answer.matched).toBeGreaterThan(10);
    expect(answer.contracts.every((c) => c.contract_type === 'call' && c.strike_price > answer.underlying.price)).toBe(true);
  });

  it('answers an unknown underlying as an error in words, not a failure', async () => {
    const result = await run(getChain, { underlying: 'ZZZZ', expiry: '2026-12-18' }, ctx);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/ZZZZ/);
  });

  it('quotes underlyings and option contracts, and lists what it does not know', async () => {
    const expiry = await firstMonthly();
    const { contracts } = dataOf<{ contracts: OptionContract[] }>(await run(getChain, { underlying: 'SPY', expiry, limit: 1 }, ctx));
    const symbol = contracts[0]!.contract_ticker;
    const answer = dataOf<{ quotes: { ticker: string }[]; contracts: { contract: OptionContract }[]; notFound: string[] }>(
      await run(getQuote, { symbols: ['spy', symbol, 'NOPE'] }, ctx),
    );
    expect(answer.quotes.map((q) => q.ticker)).toEqual(['SPY']);
    expect(answer.contracts.map((c) => c.contract.contract_ticker)).toEqual([symbol]);
    expect(answer.notFound).toEqual(['NOPE']);
  });

  it('places a template on the real chain and analyses it as analyze_strategy does', async () => {
    const placed = dataOf<{
      legs: { action: 'buy' | 'sell'; optionType: 'call' | 'put'; strike: number; premium: number; quantity: number; expiration: string; iv: number }[];
      orderLegs: { contract: string; side: string; quantity: number }[];
      analysis: { maxProfit: number; maxLoss: number; breakevens: number[]; spot: number; probabilityOfProfit: number };
    }>(await run(placeTemplateTool, { templateId: 'bull-call-spread', underlying: 'SPY' }, ctx));
    expect(placed.legs.map((l) => [l.action, l.optionType])).toEqual([
      ['buy', 'call'],
      ['sell', 'call'],
    ]);
    expect(placed.legs[0]!.strike).toBeLessThan(placed.legs[1]!.strike);
    expect(placed.orderLegs).toEqual([
      { contract: expect.stringMatching(/^SPY\d{6}C\d{8}$/), side: 'buy', quantity: 1 },
      { contract: expect.stringMatching(/^SPY\d{6}C\d{8}$/), side: 'sell', quantity: 1 },
    ]);
    // A debit spread: the loss is the debit, the profit the width less it, one breakeven between the strikes.
    const width = (placed.legs[1]!.strike - placed.legs[0]!.strike) * 100;
    const debit = (placed.legs[0]!.premium - placed.legs[1]!.premium) * 100;
    expect(placed.analysis.maxLoss).toBeCloseTo(-debit, 6);
    expect(placed.analysis.maxProfit).toBeCloseTo(width - debit, 6);
    expect(placed.analysis.breakevens).toHaveLength(1);
    expect(placed.analysis.probabilityOfProfit).toBeGreaterThan(0);
    expect(placed.analysis.probabilityOfProfit).toBeLessThan(1);

    const again = dataOf<{ maxProfit: number; maxLoss: number; breakevens: number[] }>(
      await run(analyseStrategy, { underlying: 'SPY', spot: placed.analysis.spot, asOf: TODAY, legs: placed.legs }, ctx),
    );
    expect(again.maxProfit).toBeCloseTo(placed.analysis.maxProfit, 6);
    expect(again.maxLoss).toBeCloseTo(placed.analysis.maxLoss, 6);
    expect(again.breakevens).toEqual(placed.analysis.breakevens);
  });

  it('says "unlimited" for a naked call’s loss, and takes the spot from the quotes when not given', async () => {
    const answer = dataOf<{ maxLoss: unknown; spot: number }>(
      await run(analyseStrategy, { underlying: 'SPY', legs: [{ action: 'sell', optionType: 'call', strike: 700, premium: 1, expiration: '2026-12-18' }] }, ctx),
    );
    expect(answer.maxLoss).toBe('-unlimited');
    expect(answer.spot).toBeGreaterThan(0);
  });

  it('refuses an unknown template in words', async () => {
    const result = await run(placeTemplateTool, { templateId: 'moon-shot', underlying: 'SPY' }, ctx);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("No template has the id 'moon-shot'");
  });

  it('lists templates of one outlook', async () => {
    const { templates, total } = dataOf<{ templates: { category: string; id: string }[]; total: number }>(
      await run(listTemplates, { category: 'bullish' }, ctx),
    );
    expect(total).toBe(templates.length);
    expect(templates.map((t) => t.id)).toContain('bull-call-spread');
    expect(templates.every((t) => t.category === 'bullish')).toBe(true);
  });
});

describe('pricing an option', () => {
  const ctx = context({});
  const base = { type: 'put', spot: 100, strike: 110, days: 365, rate: 0.05, dividendYield: 0 };

  it('prices European style by Black-Scholes-Merton, and American style no lower, with its early-exercise premium', async () => {
    const european = dataOf<{ price: number }>(await run(priceOption, { ...base, style: 'european', volatility: 0.3 }, ctx));
    expect(european.price).toBeCloseTo(price({ type: 'put', S: 100, K: 110, T: 1, r: 0.05, q: 0, sigma: 0.3 }), 12);
    const american = dataOf<{ price: number; earlyExercisePremium: number; pricePerContract: number }>(
      await run(priceOption, { ...base, style: 'american', volatility: 0.3 }, ctx),
    );
    expect(american.price).toBeCloseTo(americanPrice({ type: 'put', S: 100, K: 110, T: 1, r: 0.05, q: 0, sigma: 0.3 }), 12);
    expect(american.earlyExercisePremium).toBeCloseTo(american.price - european.price, 12);
    expect(american.earlyExercisePremium).toBeGreaterThan(0);
    expect(american.pricePerContract).toBeCloseTo(american.price * 100, 9);
  });

  it('solves the implied volatility from a premium', async () => {
    const priced = dataOf<{ price: number }>(await run(priceOption, { ...base, style: 'american', volatility: 0.27 }, ctx));
    const solved = dataOf<{ impliedVolatility: number }>(await run(priceOption, { ...base, style: 'american', premium: priced.price }, ctx));
    expect(solved.impliedVolatility).toBeCloseTo(0.27, 5);
  });

  it('asks for one of expiry and days, and one of volatility and premium', async () => {
    const both = await run(priceOption, { ...base, expiry: '2027-01-15', volatility: 0.3 }, ctx);
    expect(both.isError).toBe(true);
    expect(textOf(both)).toBe('Give either expiry (a date) or days (to expiry), one of them.');
    const neither = await run(priceOption, { ...base }, ctx);
    expect(textOf(neither)).toBe('Give either volatility or premium (to solve the implied volatility from), one of them.');
  });

  it('says when no volatility gives the premium', async () => {
    const result = await run(priceOption, { ...base, style: 'european', premium: 0.5 }, ctx);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^No volatility gives a premium of 0.5/);
  });
});
