import type { StackInfo } from './local-stack';
import { monthlyChain } from './learner';

/** A bull call spread on the first monthly SPY expiry, as the builder's Share sends it. */
export async function builderShare(stack: StackInfo, overrides: Record<string, unknown> = {}) {
  const chain = await monthlyChain(stack, 'SPY');
  const long = chain.nearest('call', chain.price);
  const short = chain.nearest('call', chain.price * 1.03);
  const expiration = /(\d{2})(\d{2})(\d{2})[CP]/.exec(long.contract_ticker)!;
  const expiry = `20${expiration[1]}-${expiration[2]}-${expiration[3]}`;
  return {
    source: 'builder',
    title: 'A cheap way to be bullish on SPY',
    thesis: 'A bull call spread caps the upside but costs a fraction of the call. **Risk** is the debit.',
    tags: ['Bullish', 'spreads', 'spreads'],
    underlying: 'SPY',
    strategyName: 'Bull Call Spread',
    spot: chain.price,
    legs: [
      { action: 'buy', optionType: 'call', strike: long.strike_price, expiration: expiry, quantity: 1, premium: (long.bid + long.ask) / 2 },
      { action: 'sell', optionType: 'call', strike: short.strike_price, expiration: expiry, quantity: 1, premium: (short.bid + short.ask) / 2 },
    ],
    ...overrides,
  };
}
