import { Link } from 'react-router-dom';
import { formatChange, formatPrice } from '@shared/format/money';
import { formatCount, formatNumber, formatPercent, orDash } from '@shared/format/number';
import { formatShortDate } from '@shared/format/time';
import type { WatchRow } from '@web/api/watchlist';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { contractLabel } from '../lib/describe';
import { RemoveButton } from './remove-button';
import { builderHref, chainHref } from '../lib/links';

const dash = '—';
const pct = orDash((x) => formatPercent(x, 1));
const num = orDash((x, d) => formatNumber(x, { digits: d ?? 2 }));

function changeText(change: number | null, base: number | null): string {
  if (change === null) return dash;
  const percent = base ? (100 * change) / base : null;
  return percent === null ? formatNumber(change, { sign: true }) : formatChange(change, percent);
}
const tone = (x: number | null) => (x === null || x === 0 ? 'text-slate-700' : x > 0 ? 'text-emerald-800' : 'text-red-700');

/** Underlyings and live contracts in the learner's order, each with its end-of-day figures, a link to the chain, and move and remove buttons. */
export function WatchlistTable({
  rows,
  busy,
  onMove,
  onRemove,
}: {
  rows: readonly WatchRow[];
  busy: boolean;
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string, label: string) => void;
}) {
  return (
    <ScrollRegion labelledBy="watching-heading">
      <table className="w-full min-w-[52rem] text-sm" data-testid="watchlist-table">
        <caption className="sr-only">Watched underlyings and contracts in your order, with end-of-day figures</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Close / mark
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Change
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              IV
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              IV rank
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Delta
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Days to expiry
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              As of close
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const label = row.kind === 'underlying' ? row.underlying : contractLabel(row);
            return (
              <tr key={row.id} className="border-b border-slate-100" data-testid={`watch-row-${row.id}`}>
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  <Link
                    to={row.kind === 'underlying' ? chainHref(row.underlying) : chainHref(row.underlying, row)}
                    className="text-brand-700 underline-offset-2 hover:underline"
                    data-testid="watch-open-chain"
                  >
                    {label}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">
                    {row.kind === 'underlying' ? 'Underlying' : row.id}
                    {row.kind === 'contract' && (
                      <>
                        {' · '}
                        <Link to={builderHref(row)} className="text-brand-700 underline">
                          Open in builder<span className="sr-only"> {label}</span>
                        </Link>
                      </>
                    )}
                  </span>
                </th>
                {row.kind === 'underlying' ? (
                  <>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.figures ? formatPrice(row.figures.close) : dash}</td>
                    <td className={`py-2 pr-3 text-right tabular-nums ${tone(row.figures?.change ?? null)}`}>
                      {row.figures && row.figures.change !== null && row.figures.changePercent !== null
                        ? formatChange(row.figures.change, row.figures.changePercent)
                        : dash}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{pct(row.figures?.iv)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{num(row.figures?.ivRank, 0)}</td>
                    <td className="py-2 pr-3 text-right">{dash}</td>
                    <td className="py-2 pr-3 text-right">{dash}</td>
                  </>
                ) : (
                  <>
                    <td className="py-2 pr-3 text-right tabular-nums">{num(row.figures?.mark)}</td>
                    <td className={`py-2 pr-3 text-right tabular-nums ${tone(row.figures?.change ?? null)}`}>
                      {row.figures ? changeText(row.figures.change, row.figures.previousClose) : dash}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{pct(row.figures?.iv)}</td>
                    <td className="py-2 pr-3 text-right">{dash}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{num(row.figures?.delta)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{row.figures ? formatCount(row.figures.daysToExpiry) : dash}</td>
                  </>
                )}
                <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{row.figures ? formatShortDate(row.figures.date) : 'Not stored yet'}</td>
                {/* pr-1: the scroll region clips at its edge, and the Remove button's ring is drawn outside the button. */}
                <td className="py-2 pr-1 whitespace-nowrap">
                  <div className="flex justify-end gap-1">
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
                      onClick={() => onMove(row.id, -1)}
                      disabled={busy || i === 0}
                      aria-label={`Move ${label} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-40"
                      onClick={() => onMove(row.id, 1)}
                      disabled={busy || i === rows.length - 1}
                      aria-label={`Move ${label} down`}
                    >
                      ↓
                    </button>
                    <RemoveButton id={row.id} label={label} busy={busy} onRemove={onRemove} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
