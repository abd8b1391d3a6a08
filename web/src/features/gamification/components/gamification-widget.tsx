import { formatCount } from '@shared/format/number';
import { Link } from 'react-router-dom';
import { useGamificationState } from '@web/api/gamification';

const FLOATING = {
  'bottom-right': 'fixed z-30 right-3 bottom-3',
  'bottom-left': 'fixed z-30 left-3 bottom-3 lg:left-[17rem]',
} as const;

/**
 * The floating gamification widget (spec part 1 §2): level badge, the learner's total XP (a figure that only ever
 * grows, so a level-up never seems to take XP away), a progress bar to the next level, "N XP to next level", the streak
 * when above 0 and the global rank (dashes when unknown); hovering or focusing shows the level name, theme, total XP and
 * XP within the level; a click opens the gamification profile. This is the one level the product shows (the course
 * shows its progress in modules and lessons, the account its options trading level). Placed at the corner the settings choose: a top
 * corner sits in the top bar (so it never covers a page's own controls; on a phone only the badge and streak show), a
 * bottom corner floats over the page.
 */
export function GamificationWidget({ corner }: { corner: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' }) {
  const { data: s } = useGamificationState();
  if (!s || s.settings.widgetPosition !== corner) return null;
  const inBar = corner.startsWith('top');
  const pct = s.xpForNextLevel > 0 ? Math.min(100, (s.currentXP / s.xpForNextLevel) * 100) : 100;
  const rank = s.userRanks.global ?? 0;
  const toNext = s.level < 100 ? `${formatCount(s.xpToNextLevel)} XP to next level` : 'Top level reached';
  return (
    <Link
      to="/app/gamification/profile"
      data-testid="gamification-widget"
      className={`group relative flex shrink-0 items-center gap-2 rounded-2xl hover:border-slate-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 ${
        inBar
          ? 'px-1 py-1 sm:border sm:border-slate-200 sm:px-2'
          : `border border-slate-200 bg-white/95 px-3 py-2 shadow-lg backdrop-blur ${FLOATING[corner as keyof typeof FLOATING]}`
      }`}
    >
      <span className="sr-only">Gamification profile: level</span>
      <span
        className="flex h-9 w-9 shrink-0 flex-col items-center justify-center rounded-full border-[3px] bg-white text-slate-900 sm:h-10 sm:w-10"
        style={{ borderColor: s.rank.color }}
      >
        <span className="text-[9px] font-semibold uppercase leading-none text-slate-700">Lv</span>
        <span className="text-sm font-bold leading-none">{s.level}</span>
      </span>
      <span className={inBar ? 'hidden w-32 sm:block' : 'w-36'}>
        <span className="flex items-baseline justify-between text-xs text-slate-600">
          <span className="font-semibold tabular-nums text-slate-900" data-testid="widget-total-xp" title="Total XP">
            {formatCount(s.totalXP)} XP
          </span>
          <span className="tabular-nums" data-testid="widget-rank">
            {rank > 0 ? `#${formatCount(rank)}` : '—'}
          </span>
        </span>
        <span
          role="progressbar"
          aria-label="Progress to the next level"
          aria-valuemin={0}
          aria-valuemax={s.xpForNextLevel}
          aria-valuenow={s.currentXP}
          className="mt-1 block h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <span className="block h-full rounded-full" style={{ width: `${pct}%`, backgroundColor: s.rank.color }} />
        </span>
        <span className="mt-0.5 block text-[11px] tabular-nums text-slate-500" data-testid="widget-to-next">
          {toNext}
        </span>
      </span>
      {s.currentStreak > 0 && (
        <span
          className={`shrink-0 text-sm font-semibold text-orange-700 ${inBar ? 'absolute -right-1 -top-1 rounded-full bg-white px-1 text-[11px] leading-4 shadow sm:static sm:bg-transparent sm:px-0 sm:text-sm sm:shadow-none' : ''}`}
          data-testid="widget-streak"
          title={`${s.currentStreak}-day streak`}
        >
          <svg aria-hidden viewBox="0 0 24 24" className={`mr-0.5 inline align-[-2px] ${inBar ? 'h-3 w-3 sm:h-4 sm:w-4' : 'h-4 w-4'}`} fill="currentColor">
            <path d="M12 2c1 4-3 6-3 10a3 3 0 0 0 6 0c0-1.5-.7-2.6-1.2-3.5C16.5 10 18 12.6 18 15a6 6 0 0 1-12 0c0-5 5-8 6-13z" />
          </svg>
          <span className="sr-only">Streak: </span>
          {s.currentStreak}
        </span>
      )}
      <span
        role="tooltip"
        className={`pointer-events-none absolute z-40 hidden w-56 ${inBar ? 'left-1/2 top-full mt-2 -translate-x-1/2' : `bottom-full mb-2 ${corner.endsWith('right') ? 'right-0' : 'left-0'}`} rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-xl group-hover:block group-focus-visible:block`}
      >
        <span className="block font-semibold">
          Level {s.level} · {s.levelName}
        </span>
        <span className="block">{s.rank.theme} theme</span>
        <span className="block">{formatCount(s.totalXP)} XP in total</span>
        <span className="block">
          {s.level < 100 ? `${formatCount(s.currentXP)} of ${formatCount(s.xpForNextLevel)} XP into level ${s.level} · ${toNext}` : toNext}
        </span>
      </span>
    </Link>
  );
}
