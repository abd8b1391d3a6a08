import { formatCount } from '@shared/format/number';
import { formatNewYorkTime } from '@shared/format/time';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageMeta } from '@web/lib/page-meta';
import { useClaimChallenge, useGamificationState, type Challenge, type GamificationState } from '@web/api/gamification';
import { GamePage, ProgressBar, useNow } from './game-ui';

const SECTIONS = [
  { type: 'daily', title: 'Daily', ends: 'at the end of the New York day' },
  { type: 'weekly', title: 'Weekly', ends: 'at the end of Sunday, New York time' },
  { type: 'monthly', title: 'Monthly', ends: 'at the end of the month, New York time' },
] as const;

const STATUS: Record<Challenge['status'], { text: string; tone: string }> = {
  in_progress: { text: 'In progress', tone: 'bg-slate-100 text-slate-800' },
  completed: { text: 'Completed', tone: 'bg-amber-100 text-amber-900' },
  claimed: { text: 'Claimed', tone: 'bg-emerald-100 text-emerald-900' },
};

/** "in 5 h 12 min" until an instant. */
export function timeLeft(expiresAt: string, now: number): string {
  const min = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 60_000));
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** /app/gamification/challenges — daily, weekly and monthly challenges; a completed one is claimed once for its coins and XP (issue 19). */
export default function ChallengesPage() {
  usePageMeta({
    title: 'Challenges',
    description: 'Daily, weekly and monthly challenges with XP and coin rewards to claim once completed.',
    path: '/app/gamification/challenges',
    noindex: true,
  });
  const { data: s, error } = useGamificationState();
  return (
    <GamePage
      title="Challenges"
      intro="New challenges every New York day, week and month. A completed challenge waits for you to claim its Options Coins and XP, once."
      aside={
        s && (
          <p className="text-lg font-bold text-slate-900">
            {formatCount(s.optionsCoins)} <span className="text-sm font-normal text-slate-700">Options Coins</span>
          </p>
        )
      }
    >
      {error ? (
        <p role="alert" className="text-red-800">
          {error.message}
        </p>
      ) : !s ? (
        <Spinner />
      ) : (
        <Lists s={s} />
      )}
    </GamePage>
  );
}

function Lists({ s }: { s: GamificationState }) {
  const claim = useClaimChallenge();
  const now = useNow();
  const lists = { daily: s.dailyChallenges, weekly: s.weeklyChallenges, monthly: s.monthlyChallenges };
  return (
    <div className="space-y-6">
      {claim.error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {claim.error instanceof ApiError ? claim.error.message : 'The claim did not go through. Please try again.'}
        </p>
      )}
      {SECTIONS.map((sec) => {
        const list = lists[sec.type];
        const expiresAt = list[0]?.expiresAt;
        return (
          <section key={sec.type} aria-labelledby={`ch-${sec.type}`}>
            <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`ch-${sec.type}`} className="text-lg font-semibold text-slate-900">
                {sec.title}
              </h2>
              {expiresAt && (
                <p className="text-sm text-slate-700" data-testid={`ends-${sec.type}`}>
                  Ends {formatNewYorkTime(expiresAt)} (in {timeLeft(expiresAt, now)}), {sec.ends}
                </p>
              )}
            </div>
            <ul className="grid gap-3 md:grid-cols-3">
              {list.map((c) => (
                <li key={c.id} data-testid={`challenge-${c.id.split('@')[0]}`} className="flex flex-col rounded-xl border border-slate-200 bg-white p-3">
                  <div className="flex items-start gap-3">
                    <span aria-hidden className="text-2xl">
                      {c.icon}
                    </span>
                    <div className="min-w-0 flex-1">
                      <h3 className="font-semibold text-slate-900">{c.title}</h3>
                      <p className="text-sm text-slate-700">{c.description}</p>
                    </div>
                    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[c.status].tone}`}>{STATUS[c.status].text}</span>
                  </div>
                  <div className="mt-2">
                    <ProgressBar current={c.progress.current} total={c.progress.total} label={`${c.title} progress`} />
                  </div>
                  <p className="mt-1 text-xs text-slate-600">
                    {formatCount(c.xpReward)} XP · {formatCount(c.coinReward)} coins
                  </p>
                  <div className="mt-auto pt-2">
                    {c.status === 'completed' ? (
                      <Button className="w-full" disabled={claim.isPending} onClick={() => claim.mutate(c.id)}>
                        Claim {formatCount(c.coinReward)} coins and {formatCount(c.xpReward)} XP
                      </Button>
                    ) : c.status === 'claimed' ? (
                      <p className="text-sm font-medium text-emerald-800">Reward claimed</p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p className="text-xs text-slate-600">
        Trade challenges count at most 10 trades a day: more trades do not make a better trader. A claimed reward is multiplied by your streak bonus.
      </p>
    </div>
  );
}
