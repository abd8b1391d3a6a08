import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ExpirySummary } from '@shared/market/chain';
import { callVolumeShare, countByTab, EXPIRY_TABS, filterByTab, type ExpiryTab } from '../lib/expiries';
import { formatDate } from '@shared/format/time';
import { formatCompact, formatDaysToExpiry } from '../lib/format';

interface Props {
  expiries: readonly ExpirySummary[];
  tab: ExpiryTab;
  onTab: (tab: ExpiryTab) => void;
  selected: string | null;
  onSelect: (expiry: string) => void;
}

const TYPE_BADGE: Record<ExpirySummary['expiry_type'], string> = {
  '0DTE': 'bg-red-100 text-red-900',
  Daily: 'bg-orange-100 text-orange-900',
  Weekly: 'bg-sky-100 text-sky-900',
  Monthly: 'bg-violet-100 text-violet-900',
  Quarterly: 'bg-teal-100 text-teal-900',
  LEAPS: 'bg-slate-200 text-slate-900',
};

/**
 * Tabs by expiry type with counts, and a strip of expiry cards (spec part 2 §2). The strip is a listbox (WAI-ARIA
 * APG): one tab stop however many expiries, arrow keys, Home and End move along it, Enter or Space (or a click) picks
 * the expiry; the chain is only loaded for the one picked.
 */
export function ExpiryFilter({ expiries, tab, onTab, selected, onSelect }: Props) {
  const id = useId();
  const tabId = (t: ExpiryTab) => `${id}-tab-${t}`;
  const panelId = `${id}-panel`;
  const counts = countByTab(expiries);
  const shown = filterByTab(expiries, tab);
  const stripRef = useRef<HTMLUListElement>(null);
  const optionId = (date: string) => `${id}-exp-${date}`;
  // The option that holds the strip's one tab stop: the one last moved to, else the chosen expiry, else the first.
  const [active, setActive] = useState<string | null>(null);
  const current = shown.find((e) => e.expiration_date === active) ?? shown.find((e) => e.expiration_date === selected) ?? shown[0];

  // Bring the chosen card into view inside the strip without scrolling the page. It waits for the next frame: read
  // during the commit, the card's position would force the browser to lay out the whole page before its first paint.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const strip = stripRef.current;
      const card = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
      if (strip && card && typeof strip.scrollTo === 'function') {
        strip.scrollTo({ left: card.offsetLeft - strip.clientWidth / 2 + card.offsetWidth / 2, behavior: 'smooth' });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [selected, tab]);

  const onStripKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!current) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(current.expiration_date);
      return;
    }
    const i = shown.indexOf(current);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? shown[Math.min(i + 1, shown.length - 1)]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? shown[Math.max(i - 1, 0)]
          : e.key === 'Home'
            ? shown[0]
            : e.key === 'End'
              ? shown.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    setActive(next.expiration_date);
    const el = document.getElementById(optionId(next.expiration_date));
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = EXPIRY_TABS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? EXPIRY_TABS[(i + 1) % EXPIRY_TABS.length]
        : e.key === 'ArrowLeft'
          ? EXPIRY_TABS[(i - 1 + EXPIRY_TABS.length) % EXPIRY_TABS.length]
          : e.key === 'Home'
            ? EXPIRY_TABS[0]
            : e.key === 'End'
              ? EXPIRY_TABS.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    onTab(next);
    document.getElementById(tabId(next))?.focus();
  };

  const scrollBy = (dir: 1 | -1) => {
    const strip = stripRef.current;
    if (strip && typeof strip.scrollBy === 'function') strip.scrollBy({ left: dir * strip.clientWidth * 0.8, behavior: 'smooth' });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="sr-only">
        Expiration dates
      </h2>
      <div role="tablist" aria-label="Expiry type" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {EXPIRY_TABS.map((t) => (
          <button
            key={t}
            id={tabId(t)}
            type="button"
            role="tab"
            aria-selected={t === tab}
            aria-controls={panelId}
            tabIndex={t === tab ? 0 : -1}
            onClick={() => onTab(t)}
            onKeyDown={onTabKey}
            className={`-mb-px flex shrink-0 items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-semibold ${t === tab ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`}
          >
            {t}
            <span className={`rounded-full px-1.5 text-xs tabular-nums ${t === tab ? 'bg-brand-100 text-brand-900' : 'bg-slate-100 text-slate-700'}`}>
              {counts[t]}
            </span>
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(tab)}>
        {shown.length === 0 ? (
          <p className="rounded-xl bg-white px-4 py-6 text-center text-sm text-slate-700 ring-1 ring-slate-200">No expiries available for this filter.</p>
        ) : (
          <div className="flex items-stretch gap-2">
            {/* For pointers only: the keyboard moves along the strip with the arrow keys. */}
            <button
              type="button"
              tabIndex={-1}
              aria-hidden
              onClick={() => scrollBy(-1)}
              className="hidden shrink-0 rounded-lg px-1.5 text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-white md:block"
            >
              <span aria-hidden>‹</span>
            </button>
            <ul
              ref={stripRef}
              role="listbox"
              aria-label="Expiries"
              aria-orientation="horizontal"
              onKeyDown={onStripKey}
              className="flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto p-1"
            >
              {shown.map((e) => (
                <ExpiryCard
                  key={e.expiration_date}
                  id={optionId(e.expiration_date)}
                  expiry={e}
                  selected={e.expiration_date === selected}
                  tabbable={e === current}
                  onSelect={(date) => {
                    setActive(date);
                    onSelect(date);
                  }}
                />
              ))}
            </ul>
            <button
              type="button"
              tabIndex={-1}
              aria-hidden
              onClick={() => scrollBy(1)}
              className="hidden shrink-0 rounded-lg px-1.5 text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-white md:block"
            >
              <span aria-hidden>›</span>
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

interface CardProps {
  id: string;
  expiry: ExpirySummary;
  selected: boolean;
  /** The strip's one tab stop. */
  tabbable: boolean;
  onSelect: (expiry: string) => void;
}

function ExpiryCard({ id, expiry: e, selected, tabbable, onSelect }: CardProps) {
  const share = callVolumeShare(e);
  const callPct = share === null ? null : Math.round(share * 100);
  const volume = e.total_call_volume + e.total_put_volume;
  const oi = e.total_call_open_interest + e.total_put_open_interest;
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(e.expiration_date)}
      className={`flex w-44 shrink-0 cursor-pointer snap-start flex-col gap-1.5 rounded-xl px-3 py-2.5 text-left ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 ${selected ? 'bg-brand-50 ring-2 ring-brand-700' : 'bg-white ring-1 ring-slate-200 hover:ring-slate-400'}`}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{formatDate(e.expiration_date)}</span>
      </span>
      <span className="flex items-center justify-between gap-2 text-xs">
        <span className={`rounded px-1.5 py-0.5 font-semibold ${TYPE_BADGE[e.expiry_type]}`}>{e.expiry_type}</span>
        <span className="font-medium text-slate-700">{formatDaysToExpiry(e.days_to_expiry)}</span>
      </span>
      <span className="flex justify-between text-xs tabular-nums text-slate-700">
        <span>Vol {formatCompact(volume)}</span>
        <span>OI {formatCompact(oi)}</span>
      </span>
      <span
        role="img"
        aria-label={callPct === null ? 'No volume yet' : `Calls ${callPct}% of volume, puts ${100 - callPct}%`}
        className="flex h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        {callPct !== null && (
          <>
            <span className="bg-brand-600" style={{ width: `${callPct}%` }} />
            <span className="bg-red-500" style={{ width: `${100 - callPct}%` }} />
          </>
        )}
      </span>
      <span aria-hidden className="flex justify-between text-[11px] tabular-nums text-slate-600">
        <span>C {callPct === null ? '-' : `${callPct}%`}</span>
        <span>P {callPct === null ? '-' : `${100 - callPct}%`}</span>
      </span>
    </li>
  );
}
