import { Link, useParams } from 'react-router-dom';
import { useBoard, useCompetitions, useDebrief } from '@web/api/competitions';
import { useCompetitionAccount } from '@web/api/competition-account';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { seasonDates, STATUS_WORDS } from '../lib/describe';
import { AccountSection } from './account-section';
import { BoardSection } from './board-section';
import { DebriefSection } from './debrief-section';

/**
 * /app/competitions/:seasonId (issue 39): one season's board (the learner's league or the overall one) with their
 * figures, their competition account with each trade's plan and the way into the builder, and the debrief once the
 * season has closed.
 */
export default function SeasonPage() {
  const seasonId = useParams().seasonId ?? '';
  const view = useCompetitions();
  const summary = view.data?.seasons.find((s) => s.id === seasonId) ?? null;
  const past = view.data?.past.find((p) => p.id === seasonId) ?? null;
  const label = summary?.label ?? past?.label ?? null;
  usePageMeta({
    title: label ? `${label} · Competitions` : 'Competition season',
    description: "A competition season's board, your competition account and, once it closes, your debrief.",
    path: `/app/competitions/${seasonId}`,
    noindex: true,
  });
  const board = useBoard(seasonId, 'league');
  const closed = board.data?.status === 'closed' || past !== null;
  const debrief = useDebrief(seasonId, closed);
  const account = useCompetitionAccount(seasonId);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="space-y-1">
        <p className="text-sm">
          <Link to="/app/competitions" className="font-semibold text-brand-800 underline">
            ← All competitions
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">{label ?? board.data?.label ?? 'Competition season'}</h1>
        {(summary ?? past) && (
          <p className="text-slate-700">
            {seasonDates((summary ?? past)!)}
            {board.data && ` · ${STATUS_WORDS[board.data.status]}`}
          </p>
        )}
      </header>
      {closed && debrief.data && view.data && <DebriefSection debrief={debrief.data} view={view.data} />}
      <QueryState query={board} pendingLabel="Loading the board...">
        {(b) => <BoardSection seasonId={seasonId} league={b} view={view.data ?? null} />}
      </QueryState>
      <QueryState query={account} pendingLabel="Loading your competition account...">
        {(a) =>
          a ? (
            <AccountSection account={a} />
          ) : (
            <section aria-labelledby="account-h" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 id="account-h" className="text-lg font-semibold text-slate-900">
                Your competition account
              </h2>
              <p className="mt-1 text-sm text-slate-700">
                You have not joined this season.{' '}
                <Link to="/app/competitions" className="font-semibold text-brand-800 underline">
                  See the seasons you can join
                </Link>
              </p>
            </section>
          )
        }
      </QueryState>
    </div>
  );
}
