import { MIN_HISTORY_SESSIONS, YEAR_SESSIONS } from '../metrics/daily-summary';
import type { ChainSet } from './screener';
import type { SurfaceResult } from './screener.api';
import { constantMaturityIv, expectedMoveCone, skewOf, surfaceGrid, SURFACE_MONEYNESS, termStructure } from './surface';

/** IV30 and HV20 over the kept year, from the daily summary. */
export type VolHistory = NonNullable<SurfaceResult['history']>;

/** Sessions of the kept year with an IV30 (a real provider's backfilled days have closes only). */
const ivSessions = (history: { iv30: readonly (number | null)[] }) => history.iv30.filter((x) => x !== null).length;

/** What the page says of the IV-against-HV chart while its history is missing or still building; null once it is whole. */
export function historyNoteOf(history: VolHistory | null): string | null {
  if (!history)
    return 'IV against realized volatility over the year needs the daily summary history (one row a session, kept 252 sessions); it appears once the ingestion has stored it.';
  const sessions = ivSessions(history);
  return sessions < MIN_HISTORY_SESSIONS
    ? `IV30 is building its history: ${sessions} / ${YEAR_SESSIONS} sessions (this data source's IV history accumulates one session a run; HV20 comes from its daily closes).`
    : null;
}

/**
 * GET /api/analysis/{underlying}/surface as a read model: the term structure, constant-maturity IV30 and IV90, the
 * skew of each expiry, the moneyness grid and the expected-move cone of one underlying's chain snapshot, with the
 * year's IV and HV history when it exists. Pure: the snapshot and the history in, the answer out.
 */
export function surfaceAnswer(set: Pick<ChainSet, 'ticker' | 'price' | 'asOf' | 'source' | 'expiries'>, history: VolHistory | null): SurfaceResult {
  const term = termStructure(set.expiries, set.price);
  return {
    underlying: set.ticker,
    price: set.price,
    asOf: set.asOf,
    source: set.source,
    iv30: constantMaturityIv(term, 30),
    iv90: constantMaturityIv(term, 90),
    term,
    skew: set.expiries.filter((e) => e.days > 0).map((e) => skewOf(e, set.price)),
    grid: { moneyness: [...SURFACE_MONEYNESS], rows: surfaceGrid(set.expiries, set.price) },
    cone: expectedMoveCone(term, set.price),
    history,
    historyNote: historyNoteOf(history),
  };
}
