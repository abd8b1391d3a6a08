import { addDays } from '../../market/dates';
import { underlyingProfile } from '../../market/underlyings';
import { STRATEGY_TEMPLATES } from '../../strategy/templates';
import { MAX_SAVED_RUNS, type BacktestHistory } from '../backtest.api';
import { MODEL_NOTE } from '../engine';
import { DEFAULT_COSTS, DEFAULT_STARTING_BALANCE } from '../rules';
import { PREFERRED_COMPARE } from '../saved-run';
import type { BacktestDeps } from './deps';

/** The templates the engine can place: every leg on the one expiry, and options only (no shares). */
export const BACKTEST_TEMPLATES = STRATEGY_TEMPLATES.filter((t) => t.legs.every((l) => l.expiration === '30d') && !t.requiresShares).map((t) => ({
  id: t.id,
  name: t.name,
  category: t.type,
}));

export const HISTORY_LABEL =
  'End-of-day daily summaries the product stores (each session’s close, IV30, IV90 and 25-delta skew): options are priced from them by the model, not from traded quotes.';

/**
 * GET /api/backtest/history: what the form needs from one answer: each underlying with stored summaries (first and last
 * session, count, and the last year as the default range, all of it when shorter), the templates the engine can place,
 * the default costs, balance and compared underlyings, what modelled prices leave out, and the saved-runs limit.
 */
export async function readHistory(deps: Pick<BacktestDeps, 'history'>): Promise<BacktestHistory> {
  const stored = [...(await deps.history.stored())].filter((s) => s.sessions > 0).sort((a, b) => (a.symbol < b.symbol ? -1 : 1));
  const asOf = stored.reduce<string | null>((last, s) => (last === null || s.last > last ? s.last : last), null);
  return {
    underlyings: stored.map((s) => {
      const yearBefore = addDays(s.last, -365);
      return {
        symbol: s.symbol,
        name: underlyingProfile(s.symbol)?.name ?? null,
        first: s.first,
        last: s.last,
        sessions: s.sessions,
        defaultRange: { from: yearBefore > s.first ? yearBefore : s.first, to: s.last },
      };
    }),
    source: { kind: 'end-of-day', label: HISTORY_LABEL, asOf },
    templates: BACKTEST_TEMPLATES,
    defaults: {
      costs: { ...DEFAULT_COSTS },
      startingBalance: DEFAULT_STARTING_BALANCE,
      compare: PREFERRED_COMPARE.filter((p) => stored.some((s) => s.symbol === p)).slice(0, 2),
    },
    modelNote: MODEL_NOTE,
    limit: MAX_SAVED_RUNS,
  };
}
