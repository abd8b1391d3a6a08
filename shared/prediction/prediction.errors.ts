/** The prediction markets' failures, with the words a learner reads (docs/architecture.md, "Errors"). */
import { fail, type Err } from '../result';

export const badCount = (field = 'count'): Err => fail('bad_request', `${field} must be a whole number of contracts, at least 1.`, { field });
export const badPrice = (field = 'price'): Err => fail('bad_request', `${field} must be a whole number of cents from 1 to 99.`, { field });
/** The chain has no implied volatility around the price, so no move, no strikes and no fair value can be drawn from it. */
export const noAtmIv = (underlying: string, expiration: string): Err =>
  fail('unprocessable', `The ${underlying} chain for ${expiration} has no implied volatility around the price, so no markets are made from it.`);
/** The chain's quotes are at or after its expiry's close: nothing is left to predict. */
export const chainExpired = (underlying: string, expiration: string): Err =>
  fail('unprocessable', `The ${underlying} chain for ${expiration} is quoted at or after the expiry's close, so no markets are made from it.`);
/** Fewer than two strikes with an implied volatility within the expiry's move: nothing to ask about. */
export const tooFewStrikes = (underlying: string, expiration: string): Err =>
  fail('unprocessable', `The ${underlying} chain for ${expiration} lists too few strikes with an implied volatility near the price to make markets.`);
export const badMarketId = (): Err => fail('bad_request', 'This is not a prediction market id.', { field: 'marketId' });
