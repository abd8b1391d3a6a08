import { formatNumber } from '@shared/format/number';
import type { PnlTable } from '@shared/strategy';
import { formatMoney, formatPnl } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';

const change = (x: number) => `${x > 0.0005 ? '+' : x < -0.0005 ? '−' : ''}${formatNumber(Math.abs(x * 100), { digits: 0 })}%`;

/** Background by the size of the profit or loss against the table's largest, so the shape reads at a glance. */
function cellClass(x: number, scale: number): string {
  if (Math.abs(x) < 0.005 || scale === 0) return 'bg-slate-50 text-slate-800';
  const strong = Math.abs(x) / scale > 0.5;
  if (x > 0) return strong ? 'bg-emerald-200 text-emerald-950' : 'bg-emerald-50 text-emerald-900';
  return strong ? 'bg-red-200 text-red-950' : 'bg-red-50 text-red-900';
}

/** Spec part 3 §9: 10 rows from 90% of the price in 2% steps; columns from today to expiry. */
export function PnlTableView({ table, spot, today }: { table: PnlTable; spot: number; today: string }) {
  const scale = Math.max(0, ...table.pnl.flat().map(Math.abs).filter(Number.isFinite));
  const last = table.dates.length - 1;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        P&amp;L of the whole position at each price (rows) on each date (columns), valued with each contract&apos;s implied volatility, in whole dollars; the
        last column is expiry.
      </p>
      <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
        <table className="w-full border-collapse text-right text-sm tabular-nums" data-testid="pnl-table">
          <caption className="sr-only">Profit and loss by underlying price and date</caption>
          <thead className="bg-slate-100 text-xs text-slate-700">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-100 px-3 py-2 text-left font-semibold">
                Price
              </th>
              {table.dates.map((d, i) => (
                <th key={d} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {i === 0 && d === today ? 'Today' : formatShortDate(d)}
                  {i === last && <span className="block font-normal">expiry</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.prices.map((p, r) => (
              <tr key={p} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-3 py-1.5 text-left font-semibold text-slate-900">
                  {formatMoney(p)} <span className="font-normal text-slate-600">({change(p / spot - 1)})</span>
                </th>
                {table.pnl[r]!.map((x, c) => (
                  <td key={table.dates[c]} className={`whitespace-nowrap px-3 py-1.5 ${cellClass(x, scale)}`}>
                    {formatPnl(x)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
