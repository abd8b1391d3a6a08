import { Link } from 'react-router-dom';
import { formatPnl } from '@shared/format/money';
import type { TradesView } from '@web/api/journal';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { EmptyState, Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/** Closed journal trades waiting for a reflection (GET /api/journal/trades?status=closed answers with the count). */
export function JournalTile({ trades }: { trades: Query<TradesView> }) {
  const waiting = (trades.data?.trades ?? []).filter((t) => !t.reflected);
  const total = trades.data?.toReflect ?? 0;
  return (
    <Tile id="journal" title="Journal" to="/app/journal" linkLabel="Journal" query={trades}>
      {trades.data && trades.data.total === 0 ? (
        <EmptyState
          text="Every paper trade you close lands in your journal. Writing what you learned from it earns 25 XP."
          action="Open the journal"
          to="/app/journal"
        />
      ) : total === 0 ? (
        <p className="text-sm text-slate-700">Every closed trade has its reflection. Well done.</p>
      ) : (
        <>
          <p className="text-sm text-slate-800" data-testid="to-reflect">
            <strong>{total}</strong> closed {total === 1 ? 'trade waits' : 'trades wait'} for your reflection (25 XP each).
          </p>
          <ul className="mt-2 divide-y divide-slate-100">
            {waiting.slice(0, 4).map((t) => (
              <li key={t.id} className="flex justify-between gap-3 py-1.5 text-sm">
                <Link to={`/app/journal/trades/${t.id}`} className="min-w-0 truncate font-medium text-brand-700 underline">
                  {t.underlying} {t.strategy}
                </Link>
                <span className={`tabular-nums ${pnlTone(t.pnl)}`}>{formatPnl(t.pnl)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Tile>
  );
}
