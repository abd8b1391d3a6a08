import { useId, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { contractName } from '@shared/format/options';
import { parseOcc } from '@shared/market/occ';
import { useAddToWatchlist, useRemoveFromWatchlist, useWatchlist, watchSymbol } from '@web/api/watchlist';

/** How the star names what it watches: the ticker, or the contract as the product writes it ("SPY Dec 18, 2026 $450 Call"). */
export function watchLabel(symbol: string): string {
  const id = watchSymbol(symbol);
  const occ = parseOcc(id);
  return occ ? contractName(occ) : id;
}

/**
 * The one refusal on screen at a time: the star that was refused last shows it, and a newer refusal from another star
 * replaces it (two messages stacked in the same corner would hide each other).
 */
let refusal: { owner: string; title: string; message: string } | null = null;
const listeners = new Set<() => void>();
const setRefusal = (next: typeof refusal) => {
  refusal = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const useRefusal = () => useSyncExternalStore(subscribe, () => refusal);

interface Props {
  /** The underlying (SPY) or the contract's OCC symbol, with or without a vendor's "O:" prefix. */
  symbol: string;
  /** What the accessible name calls it, when not the default watchLabel(symbol). */
  label?: string;
  /** 'dark' on a dark band (the chain's underlying banner). */
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * The watchlist star (issue 37): adds an underlying or a contract to the learner's watchlist and removes it, on every
 * page that shows one. Filled while watched; a toggle button (aria-pressed) whose name stays "Watch …" in both states.
 * A refused add (the list is full) leaves the list and the page as they were and shows the server's sentence, which
 * states the rule: how many items the learner's level holds and which level adds more.
 */
export function WatchStar({ symbol, label, tone = 'light', className = '' }: Props) {
  const owner = useId();
  const id = watchSymbol(symbol);
  const name = label ?? watchLabel(id);
  const list = useWatchlist();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const shown = useRefusal();
  const listed = !!list.data && [...list.data.items, ...list.data.expired].some((r) => r.id === id);
  // Until the list has been read again after a change, the star shows what the learner asked for.
  const watched = add.isPending ? true : remove.isPending ? false : listed;
  const refused = (title: string) => (err: Error) => setRefusal({ owner, title, message: err.message });
  const toggle = () => {
    if (shown?.owner === owner) setRefusal(null);
    if (watched) remove.mutate(id, { onError: refused(`${name} was not removed.`) });
    else add.mutate(id, { onError: refused(`${name} was not added.`) });
  };
  const star = watched
    ? tone === 'dark'
      ? 'fill-amber-300 stroke-amber-300'
      : 'fill-amber-400 stroke-amber-800'
    : tone === 'dark'
      ? 'fill-none stroke-white'
      : 'fill-none stroke-slate-600';
  return (
    <>
      <button
        type="button"
        aria-pressed={watched}
        aria-label={`Watch ${name}`}
        title={watched ? `Stop watching ${name}` : `Watch ${name}`}
        disabled={list.isPending}
        aria-busy={add.isPending || remove.isPending || undefined}
        onClick={toggle}
        data-testid="watch-star"
        className={`inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-md align-middle disabled:opacity-50 ${tone === 'dark' ? 'hover:bg-white/15' : 'hover:bg-slate-200/70'} ${className}`}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={`h-4 w-4 ${star}`} strokeWidth={2} strokeLinejoin="round">
          <path d="M12 2.8l2.84 5.76 6.36.92-4.6 4.49 1.08 6.33L12 17.31l-5.68 2.99 1.08-6.33-4.6-4.49 6.36-.92z" />
        </svg>
      </button>
      {shown?.owner === owner &&
        createPortal(
          <div
            role="alert"
            data-testid="watch-refusal"
            className="fixed inset-x-3 bottom-3 z-[70] mx-auto flex max-w-md items-start gap-3 rounded-xl bg-white p-3 text-sm text-slate-900 shadow-lg ring-1 ring-red-300"
          >
            <p className="min-w-0 flex-1">
              <span className="font-semibold text-red-800">{shown.title}</span> {shown.message}{' '}
              <Link to="/app/watchlist" className="font-semibold text-brand-800 underline">
                Open your watchlist
              </Link>
            </p>
            <button type="button" onClick={() => setRefusal(null)} className="rounded-md px-2 py-0.5 font-semibold text-slate-700 hover:bg-slate-100">
              Dismiss
            </button>
          </div>,
          document.body,
        )}
    </>
  );
}
