import { z } from 'zod';
import type { OptionContract } from '@shared/market/chain';
import { EXPIRY_TYPES, type ExpiryType } from '@shared/market/expirations';
import type { ChainView } from '@shared/market/market-reader';
import { parseOcc } from '@shared/market/occ';
import { filterChain, MAX_CHAIN_CONTRACTS } from '../chain-filter';
import { fromRoute, toolAnswer, toolRefusal } from '../route-call';
import { call, defineTool, IsoDate, READS, routeTool, Ticker } from '../tool';

const EXPIRY_TYPE_TUPLE = EXPIRY_TYPES as readonly ExpiryType[] as [ExpiryType, ...ExpiryType[]];

export const marketStatus = routeTool({
  name: 'market_status',
  title: 'Market data status',
  description:
    'Where the option chains come from right now (a live provider, or the simulated demo market), when they were last synced and which trading session they belong to. Call it first to know how fresh the quotes are.',
  input: {},
  annotations: READS,
  route: 'GET /api/market/status',
});

export const listUnderlyings = routeTool({
  name: 'list_underlyings',
  title: 'List underlyings',
  description:
    'The underlyings (stocks, ETFs, indices) that have option chains here, with price, sector, average daily volume and open interest. Optionally searched by symbol or name.',
  input: { search: z.string().max(40, 'search at most 40 characters').optional().describe('Part of a symbol or company name, e.g. "SP" or "Apple"') },
  annotations: READS,
  route: 'GET /api/market/tickers',
  request: ({ search }) => ({ query: { q: search } }),
});

export const listExpiries = routeTool({
  name: 'list_expiries',
  title: 'List expiries',
  description:
    "An underlying's option expiries that have not expired, each with its type (0DTE, Daily, Weekly, Monthly, Quarterly, LEAPS), days to expiry, and call and put volume and open interest. Use an expiration_date from here with get_chain.",
  input: {
    underlying: Ticker,
    type: z
      .enum(EXPIRY_TYPE_TUPLE, { error: `must be one of ${EXPIRY_TYPES.join(', ')}` })
      .optional()
      .describe('Only expiries of this type'),
  },
  annotations: READS,
  route: 'GET /api/market/{underlying}/expiries',
  request: ({ underlying, type }) => ({ params: { underlying }, query: { type } }),
});

export const getChain = defineTool({
  name: 'get_chain',
  title: 'Option chain',
  description: `One expiry's option chain, filtered: each contract with its OCC symbol, bid, ask, mark (mid), last, volume, open interest, implied volatility, delta, gamma, theta (per day), vega and rho (per 1 point), intrinsic and time value. At most ${MAX_CHAIN_CONTRACTS} contracts an answer: when more match, those with strikes nearest the underlying's price; 'matched' says how many matched. Narrow with type, moneyness, strikeWithinPercent and a delta range (e.g. minDelta 0.15, maxDelta 0.35 for short strikes of a credit spread). Prices are per share; one contract is 100 shares.`,
  input: {
    underlying: Ticker,
    expiry: IsoDate.describe('The expiration date, YYYY-MM-DD, as list_expiries gives it'),
    type: z.enum(['call', 'put', 'both']).default('both').describe('Calls, puts or both'),
    moneyness: z.enum(['itm', 'otm', 'all']).default('all').describe('In the money, out of the money, or all'),
    strikeWithinPercent: z
      .number()
      .gt(0, 'must be above 0')
      .max(100, 'must be at most 100')
      .optional()
      .describe("Keep strikes within this many percent of the underlying's price, e.g. 5"),
    minDelta: z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').optional().describe('Smallest |delta| to keep, 0 to 1'),
    maxDelta: z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').optional().describe('Largest |delta| to keep, 0 to 1'),
    limit: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_CHAIN_CONTRACTS, `must be at most ${MAX_CHAIN_CONTRACTS}`)
      .default(30)
      .describe(`How many contracts at most (up to ${MAX_CHAIN_CONTRACTS})`),
  },
  annotations: READS,
  run: async ({ underlying, expiry, ...filter }, ctx) => {
    if (filter.minDelta !== undefined && filter.maxDelta !== undefined && filter.minDelta > filter.maxDelta)
      return toolRefusal('minDelta must not be above maxDelta.');
    const answer = await call(ctx, 'GET /api/market/{underlying}/chain', { params: { underlying }, query: { expiry } });
    return fromRoute(answer, (body) => {
      const chain = body as ChainView;
      const { matched, contracts } = filterChain(chain, filter);
      return {
        underlying: chain.underlying,
        expiration_date: chain.expiration_date,
        expiry_type: chain.expiry_type,
        days_to_expiry: chain.days_to_expiry,
        source: chain.source,
        provider: chain.provider,
        matched,
        returned: contracts.length,
        contracts,
      };
    });
  },
});

export const getQuote = defineTool({
  name: 'get_quote',
  title: 'Quotes',
  description:
    "Quotes for up to 20 symbols: an underlying's ticker (e.g. SPY) gives its last price and change from the previous close; an OCC option symbol (e.g. SPY261218C00600000) gives that contract's row of its chain (bid, ask, mark, IV, Greeks) with the underlying's price. Symbols that are not listed come back in notFound.",
  input: {
    symbols: z.array(z.string().min(1).max(30)).min(1, 'name at least one symbol').max(20, 'at most 20 symbols').describe('Tickers and/or OCC option symbols'),
  },
  annotations: READS,
  run: async ({ symbols }, ctx) => {
    const unique = [...new Set(symbols.map((s) => s.trim().toUpperCase()))];
    const options = unique.map((s) => ({ symbol: s, occ: parseOcc(s) })).filter((o) => o.occ !== null);
    const tickers = unique.filter((s) => parseOcc(s) === null);
    const notFound: string[] = [];
    const bad = tickers.filter((t) => !/^[A-Z][A-Z.]{0,9}$/.test(t));
    notFound.push(...bad);
    const good = tickers.filter((t) => !bad.includes(t));
    let quotes: unknown[] = [];
    if (good.length) {
      const answer = await call(ctx, 'GET /api/market/quotes', { query: { tickers: good.join(',') } });
      if (!answer.ok) return fromRoute(answer);
      quotes = (answer.body as { quotes: { ticker: string }[] }).quotes;
      const found = new Set((quotes as { ticker: string }[]).map((q) => q.ticker.toUpperCase()));
      notFound.push(...good.filter((t) => !found.has(t)));
    }
    // One chain read per underlying and expiry, however many of its contracts are asked for.
    const chains = new Map<string, Promise<Awaited<ReturnType<typeof call>>>>();
    const contracts: { contract: OptionContract; underlying: ChainView['underlying'] }[] = [];
    for (const { symbol, occ } of options) {
      const key = `${occ!.underlying}|${occ!.expiration}`;
      if (!chains.has(key))
        chains.set(key, call(ctx, 'GET /api/market/{underlying}/chain', { params: { underlying: occ!.underlying }, query: { expiry: occ!.expiration } }));
      const answer = await chains.get(key)!;
      const chain = answer.ok ? (answer.body as ChainView) : null;
      const row = chain?.contracts.find((c) => c.contract_ticker.replace(/^O:/, '').toUpperCase() === symbol.replace(/^O:/, ''));
      if (chain && row) contracts.push({ contract: row, underlying: chain.underlying });
      else notFound.push(symbol);
    }
    return toolAnswer({ quotes, contracts, notFound });
  },
});

export const MARKET_TOOLS = [marketStatus, listUnderlyings, listExpiries, getChain, getQuote];
