import { formatCount } from '@shared/format/number';
import { Link, useSearchParams } from 'react-router-dom';
import type { LeaderboardCategory } from '@shared/gamification/leaderboards';
import { useGamificationState } from '@web/api/gamification';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { publicProfileHref } from '@web/lib/public-profile';
import { useLeaderboard } from '@web/api/gamification';
import { BOARD_ORDER, BOARDS, formatBoardValue, isBoard } from '../lib/boards';
import { BOARD_TTL_MS } from '@shared/gamification/read-cache';
import { GamePage } from './game-ui';

/**
 * /app/gamification/leaderboards — the spec's ten boards, one at a time, with the learner's own rank (0, "not on this
 * board yet", when absent). Boards rank learning and risk-aware results, never trade counts or raw profit (issue 19).
 */
export default function LeaderboardsPage() {
  usePageMeta({
    title: 'Leaderboards',
    description: 'Ten leaderboards, from total XP to risk-adjusted return, and where you stand on each.',
    path: '/app/gamification/leaderboards',
    noindex: true,
  });
  const [params, setParams] = useSearchParams();
  const raw = params.get('board');
  const board: LeaderboardCategory = isBoard(raw) ? raw : 'global';
  return (
    <GamePage
      title="Leaderboards"
      intro={`Learners appear under their display name; open a name to see what they share. The boards rank learning, consistency and risk-adjusted results: trading more never climbs them. Boards are updated every ${BOARD_TTL_MS / 1000} s.`}
    >
      <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
        <div>
          <label htmlFor="board" className="text-sm font-medium text-slate-900 lg:sr-only">
            Leaderboard
          </label>
          <select
            id="board"
            className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-2 text-sm lg:hidden"
            value={board}
            onChange={(e) => setParams({ board: e.target.value }, { replace: true })}
          >
            {BOARD_ORDER.map((c) => (
              <option key={c} value={c}>
                {BOARDS[c].title}
              </option>
            ))}
          </select>
          <ul className="hidden space-y-1 lg:block" aria-label="Leaderboards">
            {BOARD_ORDER.map((c) => (
              <li key={c}>
                <button
                  type="button"
                  aria-pressed={c === board}
                  onClick={() => setParams({ board: c }, { replace: true })}
                  className={`w-full rounded-lg px-3 py-2 text-left text-sm font-medium ${c === board ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
                >
                  {BOARDS[c].title}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <Board category={board} />
      </div>
    </GamePage>
  );
}

function Board({ category }: { category: LeaderboardCategory }) {
  const { data, error, isPending } = useLeaderboard(category);
  const hidden = useGamificationState().data?.settings.showOnLeaderboards === false;
  const info = BOARDS[category];
  return (
    <section aria-labelledby="board-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="board-title" className="text-lg font-semibold text-slate-900">
        {info.title}
      </h2>
      <p className="text-sm text-slate-700">{info.measures}</p>
      {error ? (
        <p role="alert" className="mt-3 text-red-800">
          {error.message}
        </p>
      ) : isPending || !data ? (
        <Spinner />
      ) : (
        <>
          <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium text-slate-900" data-testid="your-rank">
            {data.userRank > 0
              ? `Your rank: #${formatCount(data.userRank)}${data.userValue !== null ? ` (${formatBoardValue(category, data.userValue)})` : ''}`
              : hidden
                ? 'You are hidden from the leaderboards.'
                : 'You are not on this board yet.'}
            {hidden && (
              <>
                {' '}
                <Link to="/app/settings#gamification" className="font-normal underline">
                  Show yourself again in Settings
                </Link>
              </>
            )}
          </p>
          {data.entries.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">Nobody is on this board yet.</p>
          ) : (
            <table className="mt-3 w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Rank
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Learner
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {info.unit === 'XP' ? 'XP' : 'Score'}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e) => (
                  <tr key={e.rank} className={`border-b border-slate-100 ${e.isYou ? 'bg-emerald-50 font-semibold' : ''}`}>
                    <td className="py-1.5 pr-2 tabular-nums">#{e.rank}</td>
                    <td className="py-1.5 pr-2">
                      {e.publicId ? (
                        <Link
                          to={publicProfileHref(e.publicId)}
                          className="text-brand-800 underline decoration-slate-300 underline-offset-2 hover:decoration-current"
                        >
                          {e.displayName}
                        </Link>
                      ) : (
                        e.displayName
                      )}
                      {e.isYou && <span className="ml-1 text-emerald-800">(you)</span>}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{formatBoardValue(category, e.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
