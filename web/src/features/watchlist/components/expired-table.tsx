import { Link } from 'react-router-dom';
import { formatPrice, formatUsd } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import type { ExpiredWatchRow } from '@web/api/watchlist';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { contractLabel } from '../lib/describe';
import { RemoveButton } from './remove-button';
import { chainHref } from '../lib/links';

/** Contracts past their expiry, with their settlement value: the intrinsic value at the expiry's official close. */
export function ExpiredTable({ rows, busy, onRemove }: { rows: readonly ExpiredWatchRow[]; busy: boolean; onRemove: (id: string, label: string) => void }) {
  return (
    <ScrollRegion labelledBy="expired-heading">
      <table className="w-full min-w-[40rem] text-sm" data-testid="watchlist-expired">
        <caption className="sr-only">Expired contracts with their settlement value</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Contract
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Expired
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Close that day
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Settlement value
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const label = contractLabel(row);
            return (
              <tr key={row.id} className="border-b border-slate-100" data-testid={`expired-row-${row.id}`}>
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  <Link to={chainHref(row.underlying)} className="text-brand-700 underline-offset-2 hover:underline">
                    {label}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">{row.id}</span>
                </th>
                <td className="py-2 pr-3 whitespace-nowrap">{formatShortDate(row.expiration)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.settlement ? formatPrice(row.settlement.close) : '—'}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {row.settlement ? (
                    <>
                      {formatUsd(row.settlement.value)} a share
                      <span className="block text-xs text-slate-600">{formatUsd(row.settlement.value * 100)} a contract</span>
                    </>
                  ) : (
                    'Waiting for the official close'
                  )}
                </td>
                <td className="py-2 pr-1 text-right">
                  <RemoveButton id={row.id} label={label} busy={busy} onRemove={onRemove} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
