import { useState } from 'react';
import { formatPnl } from '@shared/format/money';
import { formatPercent } from '@shared/format/number';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { SavedRuns } from '@web/api/backtest';
import { pnlTone } from '@web/components/ui/pnl-tone';

/**
 * The learner's saved runs (at most the limit, newest first), with the count "12 of 50 saved": each opens, and deletes
 * after a second, explicit confirmation.
 */
export function SavedRunsList({
  saved,
  openId,
  onOpen,
  onDelete,
  deleting,
}: {
  saved: SavedRuns;
  openId: string | null;
  onOpen: (id: string) => void;
  onDelete: (id: string, name: string) => void;
  deleting: string | null;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  return (
    <section aria-labelledby="bt-saved-h" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="bt-saved-h" className="text-lg font-semibold text-slate-900">
          Saved runs
        </h2>
        <p className="text-sm text-slate-700" data-testid="saved-count">
          {saved.count} of {saved.limit} saved
        </p>
      </div>
      {saved.count >= saved.limit && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          You have kept the most runs there is room for. Delete one to save another run: a new run is refused, never dropped.
        </p>
      )}
      {saved.runs.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="saved-empty">
          No saved runs yet. Every run you make is saved here.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200" data-testid="saved-runs">
          {saved.runs.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="saved-run">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">
                  {r.name}
                  {openId === r.id && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Open</span>}
                </p>
                <p className="text-xs text-slate-700">
                  {r.underlying} · {r.strategy} · {formatExpiry(r.from)} to {formatExpiry(r.to)} · {plural(r.trades, 'trade')}
                  {r.winRate !== null && ` · win rate ${formatPercent(r.winRate / 100)}`} ·{' '}
                  <span className={`font-semibold ${pnlTone(r.totalPnl)}`}>{formatPnl(r.totalPnl)}</span>
                </p>
              </div>
              {confirming === r.id ? (
                <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Delete ${r.name}?`}>
                  <span className="text-sm text-slate-800">Delete this run?</span>
                  <button
                    type="button"
                    disabled={deleting === r.id}
                    onClick={() => {
                      onDelete(r.id, r.name);
                      setConfirming(null);
                    }}
                    className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                  >
                    Yes, delete
                  </button>
                  <button
                    type="button"
                    onClick={() => setConfirming(null)}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300"
                  >
                    Keep it
                  </button>
                </div>
              ) : (
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => onOpen(r.id)}
                    aria-label={`Open ${r.name}`}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
                  >
                    Open
                  </button>
                  <button
                    type="button"
                    onClick={() => setConfirming(r.id)}
                    aria-label={`Delete ${r.name}`}
                    className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-inset ring-slate-300 hover:bg-red-50"
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
