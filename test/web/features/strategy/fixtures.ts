import type { ExpirySummary, OptionContract } from '@shared/market/chain';
import { daysBetween } from '@shared/market/dates';
import type { ChainView } from '@shared/market/market-reader';
import { occSymbol } from '@shared/market/occ';
import { greeks, price } from '@shared/pricing';
import type { StoredTicker } from '@shared/market/market-store.port';
import type { Draft } from '@shared/drafts/drafts';
import type { BuilderPortfolio as Portfolio } from '@web/features/strategy/lib/types';

/** Quotes are as of Friday 20 November 2026 (New York); the tests pin the clock there. */
export const TODAY = '2026-11-20';
export const SPOT = 100;

/** Nine listed expiries: the 6 soonest run to 2 December; 18 December is nearest 30 days, 15 January nearest 60. */
export const EXPIRATIONS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30', '2026-12-02', '2026-12-04', '2026-12-18', '2027-01-15'];

/** An odd strike grid: $1 steps near the money, $2.50 and $5 further out. */
export const STRIKES = [80, 85, 90, 92.5, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 107.5, 110, 115, 120];

/** 96 and 104 never trade (no open interest, no volume); 97 has volume only, 103 open interest only. */
function activity(strike: number): Pick<OptionContract, 'open_interest' | 'volume'> {
  if (strike === 96 || strike === 104) return { open_interest: 0, volume: 0 };
  if (strike === 97) return { open_interest: 0, volume: 5 };
  if (strike === 103) return { open_interest: 10, volume: 0 };
  return { open_interest: 500, volume: 50 };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function contractOf(type: 'call' | 'put', strike: number, expiry: string, underlying = 'SPY'): OptionContract {
  const T = Math.max(1, daysBetween(TODAY, expiry)) / 365;
  const sigma = 0.25;
  const p = price({ type, S: SPOT, K: strike, T, r: 0.04, q: 0, sigma });
  const g = greeks({ type, S: SPOT, K: strike, T, r: 0.04, q: 0, sigma });
  const bid = round2(Math.max(0.01, p - 0.05));
  const ask = round2(p + 0.05);
  const intrinsic = Math.max(0, type === 'call' ? SPOT - strike : strike - SPOT);
  return {
    contract_ticker: occSymbol(underlying, expiry, type, strike),
    underlying_ticker: underlying,
    contract_type: type,
    strike_price: strike,
    expiration_date: expiry,
    bid,
    ask,
    last: round2(p),
    mark: round2((bid + ask) / 2),
    ...activity(strike),
    implied_volatility: sigma,
    delta: g.delta,
    gamma: g.gamma,
    theta: g.theta / 365,
    vega: g.vega / 100,
    rho: g.rho / 100,
    intrinsic_value: intrinsic,
    time_value: round2(Math.max(0, p - intrinsic)),
    bid_ask_spread: round2(ask - bid),
    last_trade_timestamp: null,
    pricing_model: 'american',
  };
}

export function chainFor(expiry: string, underlying = 'SPY'): ChainView {
  return {
    underlying: { ticker: underlying, price: SPOT, asOf: '2026-11-20T21:00:00.000Z' },
    expiration_date: expiry,
    expiry_type: 'Weekly',
    days_to_expiry: daysBetween(TODAY, expiry),
    source: 'demo',
    provider: 'simulated',
    version: '1',
    contracts: STRIKES.flatMap((k) => [contractOf('call', k, expiry, underlying), contractOf('put', k, expiry, underlying)]),
  };
}

export const markOf = (type: 'call' | 'put', strike: number, expiry: string) => contractOf(type, strike, expiry).mark!;

export const EXPIRIES: ExpirySummary[] = EXPIRATIONS.map((e) => ({
  expiration_date: e,
  underlying_ticker: 'SPY',
  expiry_type: 'Weekly',
  days_to_expiry: daysBetween(TODAY, e),
  total_call_volume: 1000,
  total_put_volume: 1000,
  total_call_open_interest: 5000,
  total_put_open_interest: 5000,
}));

export const TICKERS: StoredTicker[] = [
  {
    ticker: 'QQQ',
    name: 'Invesco QQQ Trust',
    sector: 'Index ETF',
    current_price: 480.5,
    avg_daily_volume: 1e6,
    avg_open_interest: 1e6,
    is_active: true,
    last_update: '2026-11-20T21:00:00.000Z',
  },
  {
    ticker: 'SPY',
    name: 'SPDR S&P 500 ETF Trust',
    sector: 'Index ETF',
    current_price: 100,
    avg_daily_volume: 1e6,
    avg_open_interest: 1e6,
    is_active: true,
    last_update: '2026-11-20T21:00:00.000Z',
  },
];

export function portfolioWith(buyingPower: number, optionsLevel: 0 | 1 | 2 | 3 = 3): Portfolio {
  return {
    account: {
      name: 'Paper Trading',
      cash: buyingPower,
      buyingPower,
      equity: buyingPower,
      settings: { optionsLevel, fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 },
      optionsLevelName: optionsLevel === 3 ? 'Advanced' : 'Standard',
    },
    positions: [],
  };
}

export function draft(patch: Partial<Draft> = {}): Draft {
  return {
    draftId: '01JDRAFT000000000000000001',
    name: 'SPY put spread',
    underlying: 'SPY',
    strategy: 'Bear Put Spread',
    multiplier: 2,
    legs: [
      { action: 'buy', optionType: 'put', strike: 100, premium: 3.1, quantity: 1, expiration: '2026-12-18', underlying: 'SPY' },
      // 93 is not on the grid: the contract is no longer listed.
      { action: 'sell', optionType: 'put', strike: 93, premium: 0.9, quantity: 1, expiration: '2026-12-18', underlying: 'SPY' },
    ],
    createdAt: '2026-11-19T15:00:00.000Z',
    updatedAt: '2026-11-19T15:00:00.000Z',
    ...patch,
  };
}
