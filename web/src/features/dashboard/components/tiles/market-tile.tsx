import { formatChange, formatPrice } from '@shared/format/money';
import { formatDate } from '@shared/format/time';
import { newYorkToday } from '@shared/home/expiry-outlook';
import type { QuotesView } from '@web/api/market';
import { Tile } from '../tile';
import type { QueryLike } from '@web/components/query-state';

type Query<T> = QueryLike<T>;

/** The tracked underlyings at the latest close (GET /api/market/quotes), with the data's date. */
export function MarketTile({ quotes }: { quotes: Query<QuotesView> }) {
  const list = quotes.data?.quotes ?? [];
  const asOf = list[0]?.asOf;
  return (
    <Tile id="market" title="Market snapshot" to="/app/optionschain" linkLabel="Options chain" query={quotes}>
      {list.length === 0 ? (
        <p className="text-sm text-slate-700">No market data yet: it arrives with the evening ingestion.</p>
      ) : (
        <>
          <p className="text-xs text-slate-600" data-testid="market-as-of">
            End-of-day, as of the close of {asOf ? formatDate(newYorkToday(new Date(asOf))) : '—'}
          </p>
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">Tracked underlyings at the latest close</caption>
            <thead>
              <tr className="text-left text-xs text-slate-600">
                <th scope="col" className="font-medium">
                  Ticker
                </th>
                <th scope="col" className="text-right font-medium">
                  Close
                </th>
                <th scope="col" className="text-right font-medium">
                  Change
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((q) => (
                <tr key={q.ticker} className="border-t border-slate-100">
                  <th scope="row" className="py-1 text-left font-medium" title={q.name}>
                    {q.ticker}
                  </th>
                  <td className="py-1 text-right tabular-nums">{formatPrice(q.price)}</td>
                  <td className={`py-1 text-right tabular-nums ${q.change > 0 ? 'text-emerald-800' : q.change < 0 ? 'text-red-700' : 'text-slate-700'}`}>
                    {formatChange(q.change, q.changePercent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Tile>
  );
}
