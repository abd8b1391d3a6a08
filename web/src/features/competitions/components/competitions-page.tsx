import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatBalance } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';
import { formatOrdinal, plural } from '@shared/format/words';
import { nextSeasonOf, useCompetitions, useJoinSeason, type CompetitionsView, type PastSeason, type SeasonSummary } from '@web/api/competitions';
import { QueryState } from '@web/components/query-state';
import { Button, buttonClass } from '@web/components/ui/button';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { usePageMeta } from '@web/lib/page-meta';
import { builderHref, formatScore, seasonDates, seasonHref, STATUS_WORDS } from '../lib/describe';
import { RulesPanel } from './rules-panel';

/**
 * /app/competitions (issue 39): the weekly and monthly seasons to join, each with its dates, status and entrants; the
 * rules word for word from the API with the score stated first; and the learner's past seasons with their debriefs.
 */
export default function CompetitionsPage() {
  usePageMeta({
    title: 'Competitions',
    description: 'Weekly and monthly competitions on a separate paper account, ranked by a risk-adjusted score, never by raw return.',
    path: '/app/competitions',
    noindex: true,
  });
  const query = useCompetitions();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Competitions</h1>
        <p className="max-w-3xl text-slate-700">
          Join a weekly or monthly season and trade a separate competition paper account. Everyone starts with the same capital, only defined-risk positions are
          allowed, and the board ranks a risk-adjusted score, never raw return.
        </p>
      </header>
      <QueryState query={query} pendingLabel="Loading the seasons...">
        {(view) => (
          <>
            <Seasons view={view} />
            <RulesPanel view={view} />
            <PastSeasons past={view.past} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Seasons({ view }: { view: CompetitionsView }) {
  return (
    <section aria-labelledby="seasons-h" className="space-y-3">
      <h2 id="seasons-h" className="text-lg font-semibold text-slate-900">
        Seasons
      </h2>
      <p className="text-sm text-slate-700">
        Every competition account starts with {formatBalance(view.startingCapital)}. Leagues hold about {view.leagueSize} entrants.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {view.seasons.map((s) => (
          <li key={s.id}>
            <SeasonCard season={s} seasons={view.seasons} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SeasonCard({ season: s, seasons }: { season: SeasonSummary; seasons: readonly SeasonSummary[] }) {
  const join = useJoinSeason();
  const [refusal, setRefusal] = useState<{ message: string; nextSeasonId: string | null } | null>(null);
  const next = refusal?.nextSeasonId ?? null;
  const nextLabel = next ? (seasons.find((x) => x.id === next)?.label ?? next) : null;
  const joinOne = (id: string) => {
    setRefusal(null);
    join.mutate(id, {
      onSuccess: () => setRefusal(null),
      onError: (err) => setRefusal({ message: err.message, nextSeasonId: nextSeasonOf(err) ?? (id === s.id ? s.nextSeasonId : null) }),
    });
  };
  const headingId = `season-${s.id}`;
  return (
    <article aria-labelledby={headingId} className="h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`season-${s.id}`}>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {s.label}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Dates</dt>
        <dd className="text-slate-900">{seasonDates(s)}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="font-medium text-slate-900">{STATUS_WORDS[s.status]}</dd>
        <dt className="text-slate-600">Entrants</dt>
        <dd className="tabular-nums text-slate-900">{plural(s.entrants, 'entrant')}</dd>
        <dt className="text-slate-600">{s.status === 'joinable' ? 'Joining closes' : 'Closes'}</dt>
        <dd className="text-slate-900">{formatNewYorkTime(s.status === 'joinable' ? s.joinClosesAt : s.closesAt)}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {s.joined ? (
          <>
            <span className="text-sm font-semibold text-emerald-800">✓ You joined</span>
            <Link to={seasonHref(s.id)} className={buttonClass('secondary')}>
              Open the season
            </Link>
            {s.accountId && s.status !== 'closed' && (
              <Link to={builderHref(s.accountId)} className={buttonClass('primary')}>
                Trade in the builder
              </Link>
            )}
          </>
        ) : (
          <>
            {s.status !== 'closed' && (
              <Button onClick={() => joinOne(s.id)} disabled={join.isPending} aria-label={`Join ${s.label}`}>
                {join.isPending ? 'Joining...' : 'Join'}
              </Button>
            )}
            <Link to={seasonHref(s.id)} className="text-sm font-semibold text-brand-800 underline">
              See the board
            </Link>
          </>
        )}
      </div>
      {refusal && (
        <div role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
          <p>{refusal.message}</p>
          {next && (
            <Button variant="secondary" className="mt-2" onClick={() => joinOne(next)} disabled={join.isPending}>
              Join {nextLabel}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

function PastSeasons({ past }: { past: readonly PastSeason[] }) {
  return (
    <section aria-labelledby="past-h" className="space-y-3">
      <h2 id="past-h" className="text-lg font-semibold text-slate-900">
        Your past seasons
      </h2>
      {past.length === 0 ? (
        <p className="text-sm text-slate-700">No closed seasons yet. Once a season you joined closes, its results and your debrief appear here.</p>
      ) : (
        <ScrollRegion label="Past seasons, table" className="rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="px-3 py-2 font-medium">
                  Season
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Result
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Score
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Award
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Debrief
                </th>
              </tr>
            </thead>
            <tbody>
              {past.map((p) => (
                <tr key={p.id} className="border-b border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {p.label}
                  </th>
                  <td className="px-3 py-2 text-slate-800">
                    {p.ranked && p.leagueRank !== null
                      ? `${formatOrdinal(p.leagueRank)} in league ${p.league}${p.rank !== null ? `, ${formatOrdinal(p.rank)} overall` : ''}`
                      : `Not ranked${p.note ? `: ${p.note}` : ''}`}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatScore(p.score)}</td>
                  <td className="px-3 py-2 text-slate-800">{p.awarded ? 'Planned Season' : '—'}</td>
                  <td className="px-3 py-2">
                    {p.hasDebrief ? (
                      <Link to={seasonHref(p.id)} className="font-semibold text-brand-800 underline">
                        Read the debrief<span className="sr-only"> of {p.label}</span>
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
