import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatFixed, formatPnl, formatUsd } from '@shared/format/money';
import { formatCount } from '@shared/format/number';
import { Avatar } from '@web/components/ui/avatar';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { usePageMeta } from '@web/lib/page-meta';
import { usePerson } from '../api/people';
import { QueryError } from '@web/components/query-state';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * /app/people/:publicId — another learner's public profile (issue 20), opened from a leaderboard row or a shared
 * strategy: name, avatar, bio and member since, then only the groups the learner chose to show. The bio is text,
 * never HTML. A private or unknown profile says so, the same way for both.
 */
export function PublicProfilePage() {
  const { publicId = '' } = useParams();
  const person = usePerson(publicId);
  const p = person.data;
  usePageMeta({
    title: p ? p.displayName : 'Learner profile',
    description: 'A learner’s public profile on Options Academy.',
    path: `/app/people/${publicId}`,
    noindex: true,
  });

  if (person.isPending) return <Spinner />;
  if (person.isError || !p) {
    const missing = person.error instanceof ApiError && (person.error.status === 404 || person.error.status === 400);
    return (
      <div className={`${card} mx-auto max-w-xl`} role={missing ? 'alert' : undefined}>
        <h1 className="text-xl font-bold text-slate-900">{missing ? 'No public profile here' : 'This profile could not be loaded'}</h1>
        {missing ? (
          <p className="mt-2 text-sm text-slate-700">This learner has no public profile: they keep it private, or the link is wrong.</p>
        ) : (
          <QueryError error={person.error} onRetry={person.refetch} retrying={person.isFetching} className="mt-2 text-sm text-slate-700" />
        )}
        <Link to="/app/gamification/leaderboards" className="mt-3 inline-block text-sm font-semibold text-brand-700 underline">
          Back to the leaderboards
        </Link>
      </div>
    );
  }
  const since = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date(p.memberSince));
  const nothingShown = !p.shown.learning && !p.shown.gamification && !p.shown.trading;
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      {p.isYou && (
        <p className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
          This is how other learners see your profile.{' '}
          <Link to="/app/profile" className="font-semibold underline">
            Change what it shows
          </Link>
        </p>
      )}
      <section className={`${card} flex flex-wrap items-center gap-5`} aria-labelledby="person-name">
        <Avatar name={p.displayName} avatar={p.avatar} />
        <div className="min-w-0 flex-1">
          <h1 id="person-name" className="text-2xl font-bold break-words text-slate-900">
            {p.displayName}
          </h1>
          <p className="text-sm text-slate-700">Member since {since}</p>
          {p.bio && (
            <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800" data-testid="person-bio">
              {p.bio}
            </p>
          )}
        </div>
      </section>
      {p.learning && (
        <Group id="person-learning" title="Learning">
          <dl className="grid gap-3 sm:grid-cols-2">
            <Figure
              label="Course progress"
              value={`${formatCount(p.learning.lessonsCompleted)} ${p.learning.lessonsCompleted === 1 ? 'lesson' : 'lessons'} done`}
            />
            <Figure label="Modules completed" value={String(p.learning.modulesCompleted.length)} />
            <Figure label="Course XP" value={formatCount(p.learning.courseXp)} />
          </dl>
          {p.learning.modulesCompleted.length > 0 && (
            <ul className="mt-3 list-inside list-disc text-sm text-slate-800">
              {p.learning.modulesCompleted.map((m) => (
                <li key={m.id}>{m.title}</li>
              ))}
            </ul>
          )}
        </Group>
      )}
      {p.gamification && (
        <Group id="person-gamification" title="Gamification">
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure label="Level" value={`Level ${p.gamification.level} · ${p.gamification.levelName}`} testId="person-level" />
            <Figure label="Rank" value={p.gamification.rank} />
            <Figure label="Overall board" value={p.gamification.globalRank > 0 ? `#${p.gamification.globalRank}` : 'Not on it'} />
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">Achievements ({p.gamification.achievements.length})</h3>
          {p.gamification.achievements.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">None yet.</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-100">
              {p.gamification.achievements.map((a) => (
                <li key={a.id} className="py-2 text-sm">
                  <span className="font-medium text-slate-900">{a.name}</span> <span className="text-xs text-slate-600 capitalize">· {a.rarity}</span>
                  <span className="block text-xs text-slate-600">{a.description}</span>
                </li>
              ))}
            </ul>
          )}
        </Group>
      )}
      {p.trading && (
        <Group id="person-trading" title="Paper trading">
          <dl className="grid gap-3 sm:grid-cols-4">
            <Figure label="Closed trades" value={String(p.trading.closedTrades)} />
            <Figure label="Realized P&L" value={formatPnl(p.trading.realizedPnl)} />
            <Figure label="Return" value={`${formatFixed(p.trading.returnPct, 2)}%`} />
            <Figure label="Largest drawdown" value={formatUsd(p.trading.maxDrawdown)} />
          </dl>
          <p className="mt-2 text-xs text-slate-600">Virtual money in the current run of the paper account.</p>
        </Group>
      )}
      {nothingShown && (
        <p className="text-sm text-slate-700">{p.isYou ? 'Your profile shows nothing more yet.' : `${p.displayName} shows nothing more yet.`}</p>
      )}
    </div>
  );
}
