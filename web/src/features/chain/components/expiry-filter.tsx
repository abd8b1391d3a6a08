import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
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

/** Tabs by expiry type with counts, and a strip of expiry cards (spec part 2 §2). */
export function ExpiryFilter({ expiries, tab, onTab, selected, onSelect }: Props) {
  const id = useId();
  const tabId = (t: ExpiryTab) => `${id}-tab-${t}`;
  const panelId = `${id}-panel`;
  const counts = countByTab(expiries);
  const shown = filterByTab(expiries, tab);
  const stripRef = useRef<HTMLUListElement>(null);

  // Bring the chosen card into view inside the strip without scrolling the page.
  useEffect(() => {
    const strip = stripRef.current;
    const card = strip?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (strip && card && typeof strip.scrollTo === 'function') {
      strip.scrollTo({ left: card.offsetLeft - strip.clientWidth / 2 + card.offsetWidth / 2, behavior: 'smooth' });
    }
  }, [selected, tab]);

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
            <button
              type="button"
              onClick={() => scrollBy(-1)}
              aria-label="Scroll expiries left"
              className="hidden shrink-0 rounded-lg px-1.5 text-slate-600 ring-1 ring-inset ring-slate-200 hover:bg-white md:block"
            >
              <span aria-hidden>‹</span>
            </button>
            <ul ref={stripRef} aria-label="Expiries" className="flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto pb-1">
              {shown.map((e) => (
                <li key={e.expiration_date} className="snap-start">
                  <ExpiryCard expiry={e} selected={e.expiration_date === selected} onSelect={onSelect} />
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={() => scrollBy(1)}
              aria-label="Scroll expiries right"
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

function ExpiryCard({ expiry: e, selected, onSelect }: { expiry: ExpirySummary; selected: boolean; onSelect: (expiry: string) => void }) {
  const share = callVolumeShare(e);
  const callPct = share === null ? null : Math.round(share * 100);
  const volume = e.total_call_volume + e.total_put_volume;
  const oi = e.total_call_open_interest + e.total_put_open_interest;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onSelect(e.expiration_date)}
      className={`flex w-44 flex-col gap-1.5 rounded-xl px-3 py-2.5 text-left ring-inset ${selected ? 'bg-brand-50 ring-2 ring-brand-700' : 'bg-white ring-1 ring-slate-200 hover:ring-slate-400'}`}
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
    </button>
  );
}
