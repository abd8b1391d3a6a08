import type { OptionContract } from '@shared/market/chain';
import type { ExpiryChain } from '@shared/prediction/chain-model';

/** A listed contract with only what the prediction markets read: type, strike and IV. */
export function contract(type: 'call' | 'put', strike: number, iv: number | null, expiration = '2026-12-18'): OptionContract {
  return {
    contract_ticker: `SPY${type}${strike}`,
    underlying_ticker: 'SPY',
    contract_type: type,
    strike_price: strike,
    expiration_date: expiration,
    bid: null,
    ask: null,
    last: null,
    mark: null,
    volume: null,
    open_interest: null,
    implied_volatility: iv,
    delta: null,
    gamma: null,
    theta: null,
    vega: null,
    rho: null,
    intrinsic_value: 0,
    time_value: null,
    bid_ask_spread: null,
    last_trade_timestamp: null,
    pricing_model: 'american',
  };
}

/** Monday 30 Nov 2026 at the 16:00 New York close (21:00 UTC): 18 days before the 18 Dec expiry. */
export const AS_OF = '2026-11-30T21:00:00.000Z';

/** An SPY chain at 600 with $1 strikes from 540 to 660, each strike's call and put at `ivAt(strike)`. */
export function spyChain(ivAt: (strike: number) => number | null = () => 0.15, expiration = '2026-12-18'): ExpiryChain {
  const contracts: OptionContract[] = [];
  for (let k = 540; k <= 660; k++) contracts.push(contract('call', k, ivAt(k), expiration), contract('put', k, ivAt(k), expiration));
  return { underlying: 'SPY', expiration, underlyingPrice: 600, asOf: AS_OF, r: 0.04, q: 0.012, provider: 'simulated', contracts };
}
