import { Link } from 'react-router-dom';
import { formatMoney, formatPnl } from '@shared/format/money';
import { formatNumber } from '@shared/format/number';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { RunResult } from '@web/api/backtest';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { builderHref, EXIT_REASON_WORDS, legWords } from '../lib/results';

const th = 'whitespace-nowrap px-3 py-2 text-left font-medium';
const td = 'px-3 py-2 align-top';

/**
 * Every trade of the run (issue 39): entry and exit dates, the legs with their model prices at the entry and the exit,
 * P&L after costs, the exit reason in words, days held, and "Open in builder" with the legs as of the entry day.
 * The table scrolls in its own region on a phone.
 */
export function TradesTable({ result }: { result: RunResult }) {
  return (
    <section aria-labelledby="bt-trades-h" className="min-w-0 space-y-2">
      <h3 id="bt-trades-h" className="font-semibold text-slate-900">
        Every trade ({plural(result.trades.length, 'trade')})
      </h3>
      {result.trades.length > 0 && (
        <p className="text-sm text-slate-700" data-testid="builder-link-note">
          “Open in builder” opens a trade’s legs as of its entry day, on that day’s chain priced by the same model, so each leg shows its entry price here.
        </p>
      )}
      <ScrollRegion labelledBy="bt-trades-h" className="rounded-xl bg-white ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="trades-table">
          <caption className="sr-only">The run’s trades, one a row, oldest first</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={th}>
                Entry
              </th>
              <th scope="col" className={th}>
                Exit
              </th>
              <th scope="col" className={th}>
                Legs (entry → exit price a share)
              </th>
              <th scope="col" className={`${th} text-right`}>
                P&amp;L
              </th>
              <th scope="col" className={th}>
                Exit reason
              </th>
              <th scope="col" className={`${th} text-right`}>
                Days held
              </th>
              <th scope="col" className={th}>
                Builder
              </th>
            </tr>
          </thead>
          <tbody>
            {result.trades.map((t, i) => (
              <tr key={`${t.entryDate}-${i}`} className="border-t border-slate-100" data-testid="trade-row">
                <th scope="row" className={`${td} whitespace-nowrap text-left font-medium text-slate-900`}>
                  {formatExpiry(t.entryDate)}
                </th>
                <td className={`${td} whitespace-nowrap`}>{formatExpiry(t.exitDate)}</td>
                <td className={td}>
                  <ul className="space-y-0.5">
                    {t.legs.map((l, j) => (
                      <li key={j} className="whitespace-nowrap">
                        {legWords(result.underlying, t, l)}: {formatMoney(l.entryPrice)} → {formatMoney(l.exitPrice)}
                      </li>
                    ))}
                  </ul>
                  <span className="text-xs text-slate-600">
                    {t.entryNet >= 0 ? 'Credit' : 'Debit'} {formatMoney(Math.abs(t.entryNet))}, costs {formatMoney(t.costs)}
                  </span>
                </td>
                <td className={`${td} whitespace-nowrap text-right font-semibold ${pnlTone(t.pnl)}`}>{formatPnl(t.pnl)}</td>
                <td className={td}>{EXIT_REASON_WORDS[t.exitReason]}</td>
                <td className={`${td} text-right`}>{formatNumber(t.daysHeld, { digits: 0 })}</td>
                <td className={td}>
                  <Link
                    to={builderHref(result.underlying, t)}
                    className="whitespace-nowrap font-semibold text-brand-800 underline"
                    aria-label={`Open in builder: the trade entered ${formatExpiry(t.entryDate)}`}
                  >
                    Open in builder
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
