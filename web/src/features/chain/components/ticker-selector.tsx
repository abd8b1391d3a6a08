import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { StoredTicker } from '@shared/market/market-store.port';
import { formatMoney, type Currency } from '@shared/format/money';
import { formatCompact } from '../lib/format';
import { matchTickers } from '../lib/tickers';

interface Props {
  tickers: readonly StoredTicker[] | undefined;
  loading: boolean;
  error: string | null;
  selected: string;
  currency: Currency;
  onSelect: (ticker: string) => void;
}

/** A button that opens a searchable list of tickers (ARIA combobox with a listbox popup). */
export function TickerSelector({ tickers, loading, error, selected, currency, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const inputId = `${id}-search`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const matches = matchTickers(tickers ?? [], query);
  const current = tickers?.find((t) => t.ticker === selected);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const openList = () => {
    setQuery('');
    setActive(0);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const choose = (t: StoredTicker) => {
    close(true);
    if (t.ticker !== selected) onSelect(t.ticker);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, Math.max(0, matches.length - 1)));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(Math.max(0, matches.length - 1));
    else if (e.key === 'Enter') {
      const t = matches[active];
      if (t) choose(t);
    } else if (e.key === 'Escape') close(true);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => (open ? close(false) : openList())}
        className="flex w-full items-center justify-between gap-3 rounded-xl bg-white px-4 py-2.5 text-left ring-1 ring-inset ring-slate-300 hover:ring-slate-400 sm:w-72"
      >
        <span className="min-w-0">
          <span className="block text-xs font-medium text-slate-600">Ticker</span>{' '}
          <span className="block truncate">
            <span className="font-bold text-slate-900">{selected}</span>
            {current && (
              <>
                {' '}
                <span className="ml-1 text-sm text-slate-600">{current.name}</span>
              </>
            )}
            <span className="sr-only"> (change ticker)</span>
          </span>
        </span>
        <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-slate-500" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Choose a ticker"
          // Tabbing away closes the list, as clicking elsewhere does.
          onBlur={(e) => {
            if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
          className="absolute left-0 z-30 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
        >
          <label htmlFor={inputId} className="sr-only">
            Search tickers
          </label>
          <input
            id={inputId}
            role="combobox"
            aria-expanded
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? optionId(active) : undefined}
            // Opening the list is an explicit request to search, so the field takes focus.
            autoFocus
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Search ticker or name"
            autoComplete="off"
            className="w-full rounded-lg px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
          {loading ? (
            <p role="status" className="px-3 py-4 text-sm text-slate-600">
              Loading tickers...
            </p>
          ) : error ? (
            <p role="alert" className="px-3 py-4 text-sm text-red-800">
              {error}
            </p>
          ) : matches.length === 0 ? (
            <p role="status" className="px-3 py-4 text-sm text-slate-600">
              No tickers found
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label="Tickers" className="mt-1 max-h-80 overflow-y-auto">
            {!loading &&
              matches.map((t, i) => (
                <li
                  key={t.ticker}
                  id={optionId(i)}
                  role="option"
                  aria-selected={t.ticker === selected}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => choose(t)}
                  className={`cursor-pointer rounded-lg px-3 py-2 ${i === active ? 'bg-brand-50' : ''}`}
                >
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-bold text-slate-900">
                      {t.ticker}
                      {t.ticker === selected && <span className="sr-only"> (selected)</span>}
                    </span>
                    <span className="text-sm font-semibold tabular-nums text-slate-900">{formatMoney(t.current_price, currency)}</span>
                  </span>
                  <span className="block truncate text-sm text-slate-700">{t.name}</span>
                  <span className="block text-xs tabular-nums text-slate-600">
                    Avg vol {formatCompact(t.avg_daily_volume)} · Avg OI {formatCompact(t.avg_open_interest)}
                  </span>
                </li>
              ))}
          </ul>
        </div>
      )}
    </div>
  );
}
