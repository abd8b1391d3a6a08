import { daysBetween } from '../../market/dates';
import { classifyExpiry } from '../../market/expirations';
import { underlyingProfile } from '../../market/underlyings';
import { ok, type Result } from '../../result';
import { AS_OF_LABEL, asOfDay } from '../as-of';
import type { AsOfDayJson } from '../backtest.api';
import { MODEL_NOTE } from '../engine';
import type { BacktestDeps } from './deps';

/**
 * GET /api/backtest/as-of/{underlying}?date=: a stored session for the builder "as of" that day: its close, the surface
 * figures the model prices from, the rates and exercise style the backtest uses, and the expiries listed that day.
 * A date outside the stored history, not a stored session or without IV30 is refused naming `date`. Reads only.
 */
export async function readAsOfDay(deps: Pick<BacktestDeps, 'history'>, underlying: string, date: string): Promise<Result<AsOfDayJson>> {
  const found = asOfDay(await deps.history.history(underlying), underlying, date);
  if (!found.ok) return found;
  const { row, day, first, last, expirations } = found.value;
  return ok({
    underlying: day.ticker,
    name: underlyingProfile(day.ticker)?.name ?? null,
    date: day.date,
    close: day.S,
    surface: { iv30: day.surface.iv30, iv90: row.iv90, iv25dCall: row.iv25dCall, iv25dPut: row.iv25dPut },
    rates: { r: day.rates.r, q: day.rates.q },
    exerciseStyle: day.style,
    expirations: expirations.map((e) => ({ date: e, daysToExpiry: daysBetween(day.date, e), type: classifyExpiry(e, day.date) })),
    history: { first, last },
    source: { kind: 'end-of-day', summary: row.source, label: AS_OF_LABEL },
    modelNote: MODEL_NOTE,
  });
}
