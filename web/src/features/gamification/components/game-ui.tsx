import { formatCount } from '@shared/format/number';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';

const RARITY: Record<string, string> = {
  common: 'bg-slate-100 text-slate-800 ring-slate-300',
  uncommon: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  rare: 'bg-sky-50 text-sky-900 ring-sky-300',
  epic: 'bg-violet-50 text-violet-900 ring-violet-300',
  legendary: 'bg-amber-50 text-amber-900 ring-amber-400',
};

export const RarityBadge = ({ rarity }: { rarity: string }) => (
  <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${RARITY[rarity] ?? RARITY.common}`}>
    {capitalise(rarity)}
  </span>
);

/** A labelled progress bar with "current / total" beside it. */
export function ProgressBar({ current, total, label, color = '#047857' }: { current: number; total: number; label: string; color?: string }) {
  const pct = total > 0 ? Math.min(100, (current / total) * 100) : 0;
  return (
    <div className="flex items-center gap-2">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        className="block h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <span className="block h-full rounded-full" style={{ width: `${pct}%`, backgroundColor: color }} />
      </span>
      <span className="shrink-0 text-xs tabular-nums text-slate-700">
        {formatCount(current)} / {formatCount(total)}
      </span>
    </div>
  );
}

const TABS = [
  { to: '/app/gamification/profile', label: 'Profile' },
  { to: '/app/gamification/achievements', label: 'Achievements' },
  { to: '/app/gamification/challenges', label: 'Challenges' },
  { to: '/app/gamification/leaderboards', label: 'Leaderboards' },
  { to: '/app/gamification/demo', label: 'Demo' },
];

/** The heading of a gamification page and the links between the five of them. */
export function GamePage({ title, intro, children, aside }: { title: string; intro: ReactNode; children: ReactNode; aside?: ReactNode }) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the links scroll sideways: bring the current page's link into view (sideways only, never the page).
  useEffect(() => {
    const el = nav.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el && current && (current.offsetLeft < el.scrollLeft || current.offsetLeft + current.offsetWidth > el.scrollLeft + el.clientWidth))
      el.scrollLeft = current.offsetLeft - 8;
  }, [pathname]);
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="max-w-3xl text-slate-700">{intro}</p>
        </div>
        {aside}
      </header>
      <nav ref={nav} aria-label="Gamification" className="relative -mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 px-1">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            className={({ isActive }) =>
              `-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${isActive ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:text-slate-900'}`
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}

export const Card = ({ children, className = '', ...rest }: { children: ReactNode; className?: string } & Record<string, unknown>) => (
  <section className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`} {...rest}>
    {children}
  </section>
);

export const capitalise = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** The time now, refreshed every `everyMs` (countdowns and power-up expiries). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
