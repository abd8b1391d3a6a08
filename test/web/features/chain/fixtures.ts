import type { ExpirySummary, OptionContract } from '@shared/market/chain';
import type { ChainView } from '@shared/market/market-reader';
import type { StoredTicker } from '@shared/market/market-store.port';
import type { MarketStatus } from '@web/api/market';

export function contract(type: 'call' | 'put', strike: number, patch: Partial<OptionContract> = {}, expiry = '2026-11-27', underlying = 'SPY'): OptionContract {
  const yymmdd = expiry.slice(2).replaceAll('-', '');
  return {
    contract_ticker: `${underlying}${yymmdd}${type === 'call' ? 'C' : 'P'}${String(strike * 1000).padStart(8, '0')}`,
    underlying_ticker: underlying,
    contract_type: type,
    strike_price: strike,
    expiration_date: expiry,
    bid: 1.1,
    ask: 1.2,
    last: 1.15,
    mark: 1.15,
    volume: 100,
    open_interest: 1000,
    implied_volatility: 0.2,
    delta: type === 'call' ? 0.5 : -0.5,
    gamma: 0.05,
    theta: -0.05,
    vega: 0.1,
    rho: 0.01,
    intrinsic_value: 0,
    time_value: 1.15,
    bid_ask_spread: 0.1,
    last_trade_timestamp: null,
    pricing_model: 'american',
    ...patch,
  };
}

/** A chain of `count` strikes `step` apart starting at `first`, with deltas falling across strikes like a real chain. */
export function chainOf(opts: {
  price: number;
  first: number;
  step: number;
  count: number;
  expiry?: string;
  underlying?: string;
  patch?: (type: 'call' | 'put', strike: number) => Partial<OptionContract>;
}): ChainView {
  const { price, first, step, count, expiry = '2026-11-27', underlying = 'SPY' } = opts;
  const contracts: OptionContract[] = [];
  for (let i = 0; i < count; i++) {
    const strike = first + i * step;
    const callDelta = Math.round(Math.max(0.01, Math.min(0.99, 0.5 - (strike - price) / (count * step))) * 1000) / 1000;
    contracts.push(contract('call', strike, { delta: callDelta, ...opts.patch?.('call', strike) }, expiry, underlying));
    contracts.push(contract('put', strike, { delta: Math.round((callDelta - 1) * 1000) / 1000, ...opts.patch?.('put', strike) }, expiry, underlying));
  }
  return {
    underlying: { ticker: underlying, price, asOf: '2026-11-20T21:00:00.000Z' },
    expiration_date: expiry,
    expiry_type: 'Weekly',
    days_to_expiry: 6,
    source: 'demo',
    provider: 'simulated',
    version: 'v1',
    contracts,
  };
}

export function expiry(date: string, type: ExpirySummary['expiry_type'], days: number, patch: Partial<ExpirySummary> = {}): ExpirySummary {
  return {
    expiration_date: date,
    underlying_ticker: 'SPY',
    expiry_type: type,
    days_to_expiry: days,
    total_call_volume: 30_000,
    total_put_volume: 10_000,
    total_call_open_interest: 250_000,
    total_put_open_interest: 1_250_000,
    ...patch,
  };
}

export const EXPIRIES: ExpirySummary[] = [
  expiry('2026-11-23', 'Daily', 2),
  expiry('2026-11-24', 'Daily', 3),
  expiry('2026-11-27', 'Weekly', 6),
  expiry('2026-12-04', 'Weekly', 13),
  expiry('2026-12-18', 'Monthly', 27),
  expiry('2026-12-31', 'Quarterly', 40),
  expiry('2028-01-21', 'LEAPS', 425),
];

export const TICKERS: StoredTicker[] = [
  {
    ticker: 'AAPL',
    name: 'Apple Inc.',
    sector: 'Technology',
    current_price: 206.83,
    avg_daily_volume: 62_720,
    avg_open_interest: 1_556_841,
    is_active: true,
    last_update: '2026-11-20T21:00:00.000Z',
  },
  {
    ticker: 'QQQ',
    name: 'Invesco QQQ Trust',
    sector: 'Index ETF',
    current_price: 498.1,
    avg_daily_volume: 950,
    avg_open_interest: 12_000,
    is_active: true,
    last_update: '2026-11-20T21:00:00.000Z',
  },
  {
    ticker: 'SPY',
    name: 'SPDR S&P 500 ETF Trust',
    sector: 'Index ETF',
    current_price: 576.67,
    avg_daily_volume: 3_400_000,
    avg_open_interest: 21_000_000,
    is_active: true,
    last_update: '2026-11-20T21:00:00.000Z',
  },
];

export const DEMO_STATUS: MarketStatus = {
  source: 'demo',
  provider: 'simulated',
  configured: false,
  lastSync: '2026-11-22T03:04:17.035Z',
  session: '2026-11-20',
  reason: 'No market-data API key is configured (POLYGON_API_KEY or POLYGON_SECRET_NAME).',
};

export const LIVE_STATUS: MarketStatus = { source: 'live', provider: 'polygon', configured: true, lastSync: '2026-11-22T03:04:17.035Z', session: '2026-11-20' };
