import { formatMoney } from '@shared/format/money';
import { formatPercent } from '@shared/format/number';
import { formatExpiry } from '@shared/format/time';
import type { RunTeaches } from '@web/api/backtest';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const pct = (x: number | null) => (x === null ? '—' : formatPercent(x / 100));
const money = (x: number | null) => (x === null ? '—' : formatMoney(x));
const th = 'whitespace-nowrap px-3 py-2 text-left font-medium';
const td = 'whitespace-nowrap px-3 py-2';

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
            <ScrollRegion label="Profit target: with and without" className="rounded-lg bg-white ring-1 ring-slate-200">
              <table className="min-w-full text-sm">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className={th}>
                      Rules
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Trades
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Win rate
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Average win
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Average loss
                    </th>
                    <th scope="col" className={`${th} text-right`}>
                      Expectancy
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(
                    [
                      [`With the ${target.targetPct}% target`, target.withTarget],
                      ['Without a target', target.withoutTarget],
                    ] as const
                  ).map(([label, f]) => (
                    <tr key={label} className="border-t border-slate-100">
                      <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                        {label}
                      </th>
                      <td className={`${td} text-right`}>{f.trades}</td>
                      <td className={`${td} text-right`}>{pct(f.winRate)}</td>
                      <td className={`${td} text-right`}>{money(f.averageWin)}</td>
                      <td className={`${td} text-right`}>{money(f.averageLoss)}</td>
                      <td className={`${td} text-right`}>{money(f.expectancy)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
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
        <ScrollRegion label="The same rules on other underlyings" className="rounded-lg bg-white ring-1 ring-slate-200">
          <table className="min-w-full text-sm" data-testid="others-table">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={th}>
                  Underlying
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Trades
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Return on risk
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Win rate
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Max drawdown
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t border-slate-100">
                <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                  {others.own.underlying} (this run)
                </th>
                <td className={`${td} text-right`}>{others.own.figures.trades}</td>
                <td className={`${td} text-right`}>{pct(others.own.figures.returnOnRisk)}</td>
                <td className={`${td} text-right`}>{pct(others.own.figures.winRate)}</td>
                <td className={`${td} text-right`}>{formatMoney(-others.own.figures.maxDrawdown)}</td>
              </tr>
              {others.runs.map((r) => (
                <tr key={r.underlying} className="border-t border-slate-100">
                  <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                    {r.underlying}
                  </th>
                  {r.ok ? (
                    <>
                      <td className={`${td} text-right`}>{r.figures.trades}</td>
                      <td className={`${td} text-right`}>{pct(r.figures.returnOnRisk)}</td>
                      <td className={`${td} text-right`}>{pct(r.figures.winRate)}</td>
                      <td className={`${td} text-right`}>{formatMoney(-r.figures.maxDrawdown)}</td>
                    </>
                  ) : (
                    <td colSpan={4} className="px-3 py-2 text-slate-700">
                      Could not run: {r.message}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
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
