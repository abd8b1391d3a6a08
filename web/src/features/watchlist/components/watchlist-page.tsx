import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatShortDate } from '@shared/format/time';
import { useRemoveFromWatchlist, useReorderWatchlist, useWatchlist, type WatchlistView } from '@web/api/watchlist';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { moved } from '../lib/links';
import { ExpiredTable } from './expired-table';
import { WatchlistTable } from './watchlist-table';

/** The latest session any row's figures come from (the data is end of day). */
function latestDate(view: WatchlistView): string | null {
  const dates = view.items.flatMap((r) => (r.figures ? [r.figures.date] : []));
  return dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null;
}

/**
 * /app/watchlist (issue 37): the learner's underlyings and contracts with their end-of-day figures, in their own order;
 * expired contracts apart with their settlement value. Rows open the chain (or the builder); buttons move and remove.
 */
export default function WatchlistPage() {
  usePageMeta({ title: 'Watchlist', description: 'Your watched underlyings and option contracts, end of day.', path: '/app/watchlist', noindex: true });
  const list = useWatchlist();
  const remove = useRemoveFromWatchlist();
  const reorder = useReorderWatchlist();
  const [said, setSaid] = useState('');
  const busy = remove.isPending || reorder.isPending;
  const failed = remove.error ?? reorder.error;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Watchlist</h1>
        <p className="max-w-3xl text-sm text-slate-700">
          Underlyings and contracts you follow, with end-of-day figures: each is as of the close of the session named on its row. Star a row on the{' '}
          <Link to="/app/optionschain" className="font-semibold text-brand-700 underline">
            options chain
          </Link>{' '}
          or the{' '}
          <Link to="/app/screener" className="font-semibold text-brand-700 underline">
            screener
          </Link>{' '}
          to add it.
        </p>
      </header>
      <p role="status" className="sr-only">
        {said}
      </p>
      {failed && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failed.message}
        </p>
      )}
      <QueryState query={list} pendingLabel="Loading your watchlist…">
        {(view) => {
          const ids = [...view.items, ...view.expired].map((r) => r.id);
          const onMove = (id: string, by: -1 | 1) => {
            const next = moved(
              view.items.map((r) => r.id),
              id,
              by,
            );
            reorder.mutate([...next, ...view.expired.map((r) => r.id)], { onSuccess: () => setSaid(`Moved ${id} ${by < 0 ? 'up' : 'down'}.`) });
          };
          const onRemove = (id: string, label: string) => remove.mutate(id, { onSuccess: () => setSaid(`Removed ${label} from your watchlist.`) });
          const asOf = latestDate(view);
          return (
            <>
              <p className="text-sm text-slate-700" data-testid="watchlist-slots">
                {ids.length} of {view.slots.limit} slots used at level {view.slots.level}
                {view.slots.next ? `; level ${view.slots.next.level} adds ${view.slots.next.adds} more.` : '.'}
                {asOf && ` End-of-day data, latest close ${formatShortDate(asOf)}.`}
              </p>
              <section aria-labelledby="watching-heading" className="space-y-2">
                <h2 id="watching-heading" className="text-lg font-semibold text-slate-900">
                  Watching
                </h2>
                {view.items.length === 0 ? (
                  <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="watchlist-empty">
                    Nothing watched yet. Open the options chain and press the star on a row to follow an underlying or a contract.
                  </p>
                ) : (
                  <WatchlistTable rows={view.items} busy={busy} onMove={onMove} onRemove={onRemove} />
                )}
              </section>
              {view.expired.length > 0 && (
                <section aria-labelledby="expired-heading" className="space-y-2">
                  <h2 id="expired-heading" className="text-lg font-semibold text-slate-900">
                    Expired
                  </h2>
                  <p className="text-sm text-slate-700">
                    These contracts have expired. Each settled at its intrinsic value at the underlying&apos;s official close on its expiry day. They keep a
                    slot until you remove them.
                  </p>
                  <ExpiredTable rows={view.expired} busy={busy} onRemove={onRemove} />
                </section>
              )}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
