import { formatCount } from '@shared/format/number';
import { formatDate } from '@shared/format/time';
import { newYorkToday } from '@shared/home/expiry-outlook';
import { isTradingDay, nextTradingDay } from '@shared/market/calendar';
import { useClaimChallenge, type Challenge, type GamificationState } from '@web/api/gamification';
import { Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/**
 * Level, XP bar, streak and today's challenges with a claim button on each completed one
 * (GET /api/gamification/state; POST …/challenges/{id}/claim answers with the new state).
 */
export function ProgressTile({ state, now = new Date() }: { state: Query<GamificationState>; now?: Date }) {
  const claim = useClaimChallenge();
  const s = state.data;
  const need = s ? s.xpForNextLevel : 0;
  const pct = s && need > 0 ? Math.min(100, Math.round((s.currentXP / need) * 100)) : 0;
  return (
    <Tile id="progress" title="Level and challenges" to="/app/gamification/challenges" linkLabel="Challenges" query={state}>
      {s && (
        <>
          <p className="text-sm text-slate-800">
            <strong className="text-lg">Level {s.level}</strong> · {s.levelName}
            {s.rank.name !== s.levelName && ` · ${s.rank.name}`}
          </p>
          <div
            role="progressbar"
            aria-label="XP to the next level"
            aria-valuemin={0}
            aria-valuemax={need}
            aria-valuenow={s.currentXP}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-600">
            {formatCount(s.totalXP)} XP in total · {s.level < 100 ? `${formatCount(s.xpToNextLevel)} XP to next level` : 'Top level reached'}
          </p>
          <p className="mt-2 text-sm text-slate-800" data-testid="streak">
            {streakLine(s.currentStreak, s.lastActiveDay ?? null, newYorkToday(now))}
          </p>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Today's challenges</h3>
          <ul className="mt-1 space-y-2">
            {s.dailyChallenges.map((c) => (
              <ChallengeRow key={c.id} c={c} onClaim={() => claim.mutate(c.id)} claiming={claim.isPending && claim.variables === c.id} />
            ))}
          </ul>
          {claim.isError && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {claim.error.message}
            </p>
          )}
        </>
      )}
    </Tile>
  );
}

function ChallengeRow({ c, onClaim, claiming }: { c: Challenge; onClaim: () => void; claiming: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 text-sm" data-testid="daily-challenge">
      <span className="min-w-0">
        {c.title}{' '}
        <span className="text-xs text-slate-600">
          {formatCount(Math.min(c.progress.current, c.progress.total))}/{formatCount(c.progress.total)} · {formatCount(c.xpReward)} XP,{' '}
          {formatCount(c.coinReward)} coins
        </span>
      </span>
      {c.status === 'completed' ? (
        <button
          type="button"
          onClick={onClaim}
          disabled={claiming}
          className="shrink-0 rounded-lg bg-brand-700 px-3 py-1 text-xs font-semibold text-white disabled:bg-slate-300"
        >
          {claiming ? 'Claiming…' : `Claim ${formatCount(c.xpReward)} XP`}
        </button>
      ) : c.status === 'claimed' ? (
        <span className="shrink-0 text-xs font-semibold text-emerald-800">Claimed</span>
      ) : null}
    </li>
  );
}

/**
 * The streak, and whether today has counted yet (as Duolingo's flame greys until the day's lesson, Duolingo Help
 * Center, "What is a streak?"): a kept streak says what keeps it on a trading day, and that it is safe on a day the market is closed.
 */
export function streakLine(streak: number, lastActiveDay: string | null, today: string): string {
  if (streak <= 0) return noStreakYet(today);
  const flame = `🔥 ${streak}-day streak`;
  if (lastActiveDay === today) return `${flame} · today counted`;
  if (!isTradingDay(today)) return `${flame} · safe today, the market is closed; next streak day ${formatDate(nextTradingDay(today))}`;
  return `${flame} · a lesson, a passed quiz, a journal reflection or a paper trade today keeps it`;
}

/**
 * What starts a streak (issue 19, Decisions): any of a lesson, a passed quiz, a journal entry with a real reflection or a
 * paper trade on a New York trading day. On a weekend or an NYSE holiday nothing starts one, so the tile names the next
 * trading day instead.
 */
export function noStreakYet(today: string): string {
  return isTradingDay(today)
    ? 'No streak yet: a lesson, a passed quiz, a journal reflection or a paper trade today starts one.'
    : `No streak yet. The market is closed today, so today neither starts nor breaks a streak: the next streak day is ${formatDate(nextTradingDay(today))}.`;
}
