import type { Result } from '../../result';
import { asOfChain, asOfDay, type AsOfChain } from '../as-of';
import type { BacktestDeps } from './deps';

/**
 * GET /api/backtest/as-of/{underlying}/chain?date=&expiry=: one expiry's chain as of a stored session, priced by the
 * backtest's model from that day's surface (as-of.ts), in the market chain's shape. The day's refusals, and an expiry
 * not listed that day (or not after it), are refused naming the field. Reads only.
 */
export async function readAsOfChain(deps: Pick<BacktestDeps, 'history'>, underlying: string, date: string, expiry: string): Promise<Result<AsOfChain>> {
  const found = asOfDay(await deps.history.history(underlying), underlying, date);
  return found.ok ? asOfChain(found.value, expiry) : found;
}
