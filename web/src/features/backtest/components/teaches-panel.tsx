import type { ReactNode } from 'react';
import { formatMoney } from '@shared/format/money';
import { formatPercent } from '@shared/format/number';
import { formatExpiry } from '@shared/format/time';
import type { RunTeaches } from '@web/api/backtest';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const pct = (x: number | null) => (x === null ? '—' : formatPercent(x / 100));
const money = (x: number | null) => (x === null ? '—' : formatMoney(x));
const th = 'whitespace-nowrap px-3 py-2 text-left font-medium';
const td = 'whitespace-nowrap px-3 py-2';

type FigureRow = { label: string; cells: ReactNode[] } | { label: string; message: string };

/** One table of figures: a header row, then a row each with its label as the row's header, or a message across it. */
function FiguresTable({ label, head, rows, testId }: { label: string; head: string[]; rows: FigureRow[]; testId?: string }) {
  return (
    <ScrollRegion label={label} className="rounded-lg bg-white ring-1 ring-slate-200">
      <table className="min-w-full text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i === 0 ? th : `${th} text-right`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-t border-slate-100">
              <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                {row.label}
              </th>
              {'message' in row ? (
                <td colSpan={head.length - 1} className="px-3 py-2 text-slate-700">
                  {row.message}
                </td>
              ) : (
                row.cells.map((c, i) => (
                  <td key={i} className={`${td} text-right`}>
                    {c}
                  </td>
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

type OtherFigures = RunTeaches['otherUnderlyings']['own']['figures'];
const otherCells = (f: OtherFigures): ReactNode[] => [f.trades, pct(f.returnOnRisk), pct(f.winRate), formatMoney(-f.maxDrawdown)];

/**
 * "What this teaches" (issue 39), in the server's own sentences: the profit target with and without, the worst trade and
 * why, and the same rules on the other underlyings side by side.
 */
export function TeachesPanel({ teaches }: { teaches: RunTeaches }) {
  const target = teaches.profitTarget;
  const worst = teaches.worstTrade;
  const others = teaches.otherUnderlyings;
  return (
    <section aria-labelledby="bt-teaches-h" className="min-w-0 space-y-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200" data-testid="teaches-panel">
      <h3 id="bt-teaches-h" className="text-lg font-semibold text-slate-900">
        What this teaches
      </h3>

      <div className="space-y-2">
        <h4 className="font-semibold text-slate-900">The profit target</h4>
        {target.kind === 'no-target' ? (
          <p className="text-sm text-slate-800">{target.sentence}</p>
        ) : (
          <>
            <FiguresTable
              label="Profit target: with and without"
              head={['Rules', 'Trades', 'Win rate', 'Average win', 'Average loss', 'Expectancy']}
              rows={(
                [
                  [`With the ${target.targetPct}% target`, target.withTarget],
                  ['Without a target', target.withoutTarget],
                ] as const
              ).map(([label, f]) => ({ label, cells: [f.trades, pct(f.winRate), money(f.averageWin), money(f.averageLoss), money(f.expectancy)] }))}
            />
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
              <li>{target.sentences.winRate}</li>
              <li>{target.sentences.averageWin}</li>
              <li>{target.sentences.averageLoss}</li>
              <li>{target.sentences.expectancy}</li>
            </ul>
          </>
        )}
      </div>

      <div className="space-y-2">
        <h4 className="font-semibold text-slate-900">The worst trade, and why</h4>
        {worst.kind === 'worst' && (
          <p className="text-sm font-medium text-slate-900">
            Entered {formatExpiry(worst.trade.entryDate)}, closed {formatExpiry(worst.trade.exitDate)}: {formatMoney(worst.trade.pnl)}
          </p>
        )}
        <p className="text-sm text-slate-800" data-testid="worst-sentence">
          {worst.sentence}
        </p>
      </div>

      <div className="space-y-2">
        <h4 className="font-semibold text-slate-900">The same rules on other underlyings</h4>
        <FiguresTable
          label="The same rules on other underlyings"
          testId="others-table"
          head={['Underlying', 'Trades', 'Return on risk', 'Win rate', 'Max drawdown']}
          rows={[
            { label: `${others.own.underlying} (this run)`, cells: otherCells(others.own.figures) },
            ...others.runs.map((r) =>
              r.ok ? { label: r.underlying, cells: otherCells(r.figures) } : { label: r.underlying, message: `Could not run: ${r.message}` },
            ),
          ]}
        />
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {others.runs.map((r) => (
            <li key={r.underlying}>{r.sentence}</li>
          ))}
          {others.sentence && <li className="font-medium">{others.sentence}</li>}
        </ul>
        {others.runs.length === 0 && <p className="text-sm text-slate-700">This run was compared with no other underlying.</p>}
      </div>
    </section>
  );
}
