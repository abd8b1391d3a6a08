import { parseOcc } from '../../market/occ';
import { fail, ok, type Result } from '../../result';
import { HISTORY_MAX_POINTS } from '../data-browser.api';
import { DATA_BROWSER_TEXTS } from '../data-browser.errors';
import type { DateRange, HistorySeries } from '../data-browser.port';
import type { DataBrowserDeps } from './deps';

/** The series a chart draws: one contract's option bars when named, else the underlying's stock bars, over the range. */
export async function readHistory(deps: DataBrowserDeps, underlying: string, range: DateRange, contract?: string): Promise<Result<HistorySeries>> {
  if (contract !== undefined && parseOcc(contract)?.underlying !== underlying)
    return fail('bad_request', DATA_BROWSER_TEXTS.notThisUnderlying(contract, underlying));
  const series = await deps.reader.series(contract === undefined ? 'stock' : 'option', contract ?? underlying, range, HISTORY_MAX_POINTS);
  return ok({ underlying, contract: contract ?? null, ...series });
}
