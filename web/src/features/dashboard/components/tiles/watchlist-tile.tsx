import { Link } from 'react-router-dom';
import { formatChange, formatPrice } from '@shared/format/money';
import { formatNumber } from '@shared/format/number';
import { formatShortDate } from '@shared/format/time';
import type { WatchlistView } from '@web/api/watchlist';
import type { QueryLike } from '@web/components/query-state';
import { EmptyState, Tile } from '../tile';

/** How many watchlist rows the dashboard shows: the first five, in the learner's order. */
export const TILE_ROWS = 5;

const chainOf = (underlying: string, expiration?: string) =>
  `/app/optionschain?${new URLSearchParams(expiration ? { ticker: underlying, expiry: expiration } : { ticker: underlying }).toString()}`;

/** The first five watchlist rows with their last close or mark (GET /api/watchlist), end of day. */
export function WatchlistTile({ watchlist }: { watchlist: QueryLike<WatchlistView> }) {
  const rows = (watchlist.data?.items ?? []).slice(0, TILE_ROWS);
  return (
    <Tile id="watchlist" title="Watchlist" to="/app/watchlist" linkLabel="Watchlist" query={watchlist}>
      {rows.length === 0 ? (
        <EmptyState text="Star an underlying or a contract on the options chain to follow it here." action="Open the options chain" to="/app/optionschain" />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((r) => {
            const figure =
              r.kind === 'underlying'
                ? r.figures
                  ? `${formatPrice(r.figures.close)}${r.figures.change !== null && r.figures.changePercent !== null ? ` ${formatChange(r.figures.change, r.figures.changePercent)}` : ''}`
                  : '—'
                : r.figures?.mark != null
                  ? `${formatNumber(r.figures.mark)} mark`
                  : '—';
            const date = r.figures ? formatShortDate(r.figures.date) : null;
            return (
              <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <Link
                  to={r.kind === 'underlying' ? chainOf(r.underlying) : chainOf(r.underlying, r.expiration)}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {r.kind === 'underlying' ? r.underlying : `${r.underlying} ${formatNumber(r.strike, { digits: 2, minDigits: 0 })} ${r.type} ${r.expiration}`}
                </Link>
                <span className="tabular-nums text-slate-800">
                  {figure}
                  {date && <span className="ml-2 text-xs text-slate-600">close {date}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Tile>
  );
}
