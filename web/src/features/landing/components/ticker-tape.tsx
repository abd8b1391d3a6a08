import { useState } from 'react';
import { formatChange, formatPrice } from '@shared/format/money';
import { useQuotes, type Quote } from '@web/api/market';
import type { TapeEntry } from '../lib/tickers';
import './ticker.css';

/**
 * A scrolling price tape drawn from /api/market/quotes (no third-party widget, so it works offline
 * and under the strict CSP). It pauses on hover, on focus and with its button, and stands still
 * for visitors who ask for reduced motion.
 */
export function TickerTape({ title, entries, speedSeconds }: { title: string; entries: readonly TapeEntry[]; speedSeconds: number }) {
  const quotes = useQuotes(entries.map((e) => e.ticker));
  const [paused, setPaused] = useState(false);
  const byTicker = new Map((quotes.data?.quotes ?? []).map((q) => [q.ticker, q]));
  const items = entries.flatMap((e) => {
    const q = byTicker.get(e.ticker);
    return q ? [{ ...e, quote: q }] : [];
  });
  // Repeat short lists so one half of the loop is wider than a desktop screen.
  const repeat = Math.max(1, Math.ceil(8 / Math.max(items.length, 1)));
  const half = Array.from({ length: repeat }, () => items).flat();

  return (
    // One fixed height whether it says "Loading prices…" or scrolls, so the page below does not move when the prices arrive.
    <section aria-label={title} className="flex h-9 items-center gap-3 border-b border-slate-800 bg-slate-900 text-sm leading-5 text-slate-100">
      <h2 className="shrink-0 pl-4 text-xs font-semibold uppercase tracking-wide text-slate-300">{title}</h2>
      <div className="group relative min-w-0 flex-1 overflow-hidden motion-reduce:overflow-x-auto">
        {quotes.isPending && <p className="py-2 text-slate-300">Loading prices…</p>}
        {quotes.isError && <p className="py-2 text-slate-300">Prices are unavailable right now.</p>}
        {items.length > 0 && (
          <div
            className={`flex w-max animate-[oa-ticker_var(--tape-speed)_linear_infinite] group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused] motion-reduce:animate-none ${paused ? '[animation-play-state:paused]' : ''}`}
            style={{ ['--tape-speed' as string]: `${speedSeconds}s` }}
          >
            <ul className="flex shrink-0">
              {half.map((item, i) => (
                <TapeItem
                  key={`a-${item.ticker}-${i}`}
                  label={item.label}
                  quote={item.quote}
                  hidden={i >= items.length}
                  className={i >= items.length ? 'motion-reduce:hidden' : ''}
                />
              ))}
            </ul>
            <ul aria-hidden className="flex shrink-0 motion-reduce:hidden">
              {half.map((item, i) => (
                <TapeItem key={`b-${item.ticker}-${i}`} label={item.label} quote={item.quote} hidden className="" />
              ))}
            </ul>
          </div>
        )}
      </div>
      {items.length > 0 && (
        <button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-pressed={paused}
          className="mr-2 shrink-0 rounded px-2 py-1 text-xs font-medium text-slate-200 hover:bg-slate-800 focus-visible:outline-white motion-reduce:hidden"
        >
          {paused ? 'Play' : 'Pause'}
          <span className="sr-only"> {title.toLowerCase()}</span>
        </button>
      )}
    </section>
  );
}

function TapeItem({ label, quote, hidden, className }: { label: string; quote: Quote; hidden: boolean; className: string }) {
  const up = quote.change > 0;
  const down = quote.change < 0;
  return (
    <li aria-hidden={hidden || undefined} className={`flex items-center gap-2 whitespace-nowrap px-4 py-2 ${className}`}>
      <span className="font-semibold text-white">{label}</span>
      <span className="tabular-nums text-slate-100">{formatPrice(quote.price)}</span>
      <span className={`tabular-nums ${up ? 'text-emerald-300' : down ? 'text-red-300' : 'text-slate-300'}`}>
        <span aria-hidden>{up ? '▲' : down ? '▼' : '■'}</span> {formatChange(quote.change, quote.changePercent)}
      </span>
    </li>
  );
}
