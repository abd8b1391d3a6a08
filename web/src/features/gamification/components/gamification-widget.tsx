import { Link } from 'react-router-dom';
import { useGamificationState } from '../api/gamification';

const CORNERS = {
  'top-right': 'right-3 top-16',
  'top-left': 'left-3 top-16 lg:left-[17rem]',
  'bottom-right': 'right-3 bottom-3',
  'bottom-left': 'left-3 bottom-3 lg:left-[17rem]',
} as const;

/**
 * The floating gamification widget (spec part 1 §2): level badge, current XP, a progress bar to the next level, XP
 * remaining, the streak when above 0 and the global rank (dashes when unknown); hovering or focusing shows the level
 * name, theme and XP needed; a click opens the gamification profile. Placed at the corner the settings choose.
 */
export function GamificationWidget() {
  const { data: s } = useGamificationState();
  if (!s) return null;
  const pct = s.xpForNextLevel > 0 ? Math.min(100, (s.currentXP / s.xpForNextLevel) * 100) : 100;
  const rank = s.userRanks.global ?? 0;
  const nextLevel = s.level < 100 ? `${s.xpToNextLevel.toLocaleString('en-US')} XP to level ${s.level + 1}` : 'Top level reached';
  return (
    <Link
      to="/app/gamification/profile"
      data-testid="gamification-widget"
      aria-label={`Level ${s.level}, ${s.levelName}: ${s.currentXP} XP, ${nextLevel}. Open your gamification profile`}
      className={`group fixed z-30 flex items-center gap-2 rounded-2xl border border-slate-200 bg-white/95 px-2.5 py-1.5 shadow-lg backdrop-blur hover:border-slate-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 sm:gap-3 sm:px-3 sm:py-2 ${CORNERS[s.settings.widgetPosition]}`}
    >
      <span
        className="flex h-9 w-9 shrink-0 flex-col items-center justify-center rounded-full text-white shadow-inner sm:h-10 sm:w-10"
        style={{ backgroundColor: s.rank.color }}
      >
        <span className="text-[9px] font-semibold uppercase leading-none opacity-90">Lv</span>
        <span className="text-sm font-bold leading-none">{s.level}</span>
      </span>
      <span className="w-28 sm:w-36">
        <span className="flex items-baseline justify-between text-xs text-slate-600">
          <span className="font-semibold tabular-nums text-slate-900">{s.currentXP.toLocaleString('en-US')} XP</span>
          <span className="tabular-nums" data-testid="widget-rank">
            {rank > 0 ? `#${rank.toLocaleString('en-US')}` : '—'}
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
        <span className="mt-0.5 block text-[11px] tabular-nums text-slate-500">
          {s.level < 100 ? `${s.xpToNextLevel.toLocaleString('en-US')} XP to go` : 'Max level'}
        </span>
      </span>
      {s.currentStreak > 0 && (
        <span className="shrink-0 text-sm font-semibold text-orange-600" data-testid="widget-streak" title={`${s.currentStreak}-day streak`}>
          <span aria-hidden>🔥</span>
          {s.currentStreak}
        </span>
      )}
      <span
        role="tooltip"
        className="pointer-events-none absolute right-0 top-full mt-2 hidden w-56 rounded-lg bg-slate-900 px-3 py-2 text-xs text-white shadow-xl group-hover:block group-focus-visible:block"
      >
        <span className="block font-semibold">{s.levelName}</span>
        <span className="block">{s.rank.theme} theme</span>
        <span className="block">{nextLevel}</span>
      </span>
    </Link>
  );
}
