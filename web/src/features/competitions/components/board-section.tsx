import { useState, type ReactNode } from 'react';
import { formatMoney } from '@shared/format/money';
import { formatPercent } from '@shared/format/number';
import { formatShortDate } from '@shared/format/time';
import { formatOrdinal, plural } from '@shared/format/words';
import { useBoard, type BoardKind, type BoardView, type CompetitionsView } from '@web/api/competitions';
import { QueryState } from '@web/components/query-state';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { SegmentedControl } from '@web/components/ui/segmented-control';
import { asOfText, divisorText, formatReturn, formatScore, sampleText } from '../lib/describe';
import { ScoreFormula } from './rules-panel';

const KINDS = [
  { value: 'league', label: 'Your league' },
  { value: 'overall', label: 'Overall' },
] as const;

/**
 * A season's board: the score formula first, the league or the overall board (the learner's row marked in words as
 * well as in colour, the unranked with what they still need, private entrants as the API names them), when the standings
 * were computed and on what basis, and the learner's own figures.
 */
export function BoardSection({ seasonId, league, view }: { seasonId: string; league: BoardView; view: CompetitionsView | null }) {
  const [kind, setKind] = useState<BoardKind>('league');
  const overall = useBoard(seasonId, 'overall');
  return (
    <section aria-labelledby="board-h" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="board-h" className="text-lg font-semibold text-slate-900">
          Board
        </h2>
        <SegmentedControl
          label="Which board"
          options={KINDS}
          value={kind}
          onSelect={setKind}
          className="inline-flex rounded-lg bg-slate-100 p-1"
          itemClassName={(checked) => `rounded-md px-3 py-1.5 text-sm font-semibold ${checked ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700'}`}
        />
      </div>
      <ScoreFormula formula={league.scoreFormula} />
      {kind === 'league' ? (
        <BoardTable board={league} />
      ) : (
        <QueryState query={overall} pendingLabel="Loading the overall board...">
          {(b) => <BoardTable board={b} />}
        </QueryState>
      )}
      {league.you && view && <YourFigures you={league.you} view={view} />}
    </section>
  );
}

function BoardTable({ board }: { board: BoardView }) {
  const title =
    board.view === 'league'
      ? board.league !== null
        ? `League ${board.league} of ${board.leagues}`
        : 'Your league'
      : `Overall · ${plural(board.entrants, 'entrant')}`;
  return (
    <div className="space-y-2">
      <h3 id="board-table-h" className="font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-700" data-testid="board-as-of">
        {asOfText(board.asOf)}
      </p>
      {board.rows.length === 0 ? (
        <p className="text-sm text-slate-700">
          {board.view === 'league' && board.league === null ? 'Join the season to be drawn into a league.' : 'Nobody is on this board yet.'}
        </p>
      ) : (
        <ScrollRegion labelledBy="board-table-h">
          <table className="w-full min-w-[28rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-1 pr-2 font-medium">
                  Rank
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Entrant
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Score
                </th>
                <th scope="col" className="py-1 font-medium">
                  Note
                </th>
              </tr>
            </thead>
            <tbody>
              {board.rows.map((r, i) => (
                <tr
                  key={`${r.rank ?? 'u'}-${i}`}
                  className={`border-b border-slate-100 ${r.isYou ? 'bg-emerald-50 font-semibold' : ''}`}
                  data-testid={r.isYou ? 'your-row' : undefined}
                  aria-current={r.isYou ? 'true' : undefined}
                >
                  <td className="py-1.5 pr-2 tabular-nums">{r.rank !== null ? `#${r.rank}` : 'Unranked'}</td>
                  <td className="py-1.5 pr-2">
                    {r.private ? <span className="italic">{r.name}</span> : r.name}
                    {r.isYou && <span className="ml-1 text-emerald-800">(you)</span>}
                  </td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{formatScore(r.score)}</td>
                  <td className="py-1.5 text-slate-700">{r.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}

function YourFigures({ you, view }: { you: NonNullable<BoardView['you']>; view: CompetitionsView }) {
  const f = you.figures;
  const dd = f.maxDrawdown;
  return (
    <div className="space-y-2" data-testid="your-figures">
      <h3 className="font-semibold text-slate-900">Your figures</h3>
      <p className="text-sm text-slate-700">
        {you.row.ranked && you.leagueRank !== null
          ? `${formatOrdinal(you.leagueRank)} in league ${you.league}${you.overallRank !== null ? `, ${formatOrdinal(you.overallRank)} overall` : ''}.`
          : `Not ranked yet${you.row.note ? `: ${you.row.note}` : '.'}`}
      </p>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Figure label="Return">
          <span className={pnlTone(f.return)}>{formatReturn(f.return)}</span> ({formatMoney(f.finalEquity)} from {formatMoney(f.startingCapital)})
        </Figure>
        <Figure label="Max drawdown">
          {dd
            ? `${formatPercent(dd.fraction, 2)} (${formatMoney(dd.amount)}, ${dd.peakDate ? formatShortDate(dd.peakDate) : 'the start'} to ${formatShortDate(dd.troughDate)})`
            : 'None: your closing equity never fell below an earlier high'}
        </Figure>
        <Figure label="Divisor">{divisorText(f, view.score.drawdownFloor)}</Figure>
        <Figure label="Score">{formatScore(f.score)}</Figure>
        <Figure label="Sample to be ranked">{sampleText(you.sample, view.score)}</Figure>
      </dl>
    </div>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
