import { formatCount } from '@shared/format/number';
import type { MarketDetail } from '@web/api/prediction-markets';
import { formatPriceCents } from '../lib/format';

type Book = MarketDetail['book'];
type Quote = MarketDetail['market']['quote'];

/**
 * The book as Kalshi shows it: bids only, on both sides, best first here. A YES bid at X¢ is the same order as a NO
 * ask at 100 − X¢ (buying YES from someone is selling them NO), so the YES ask is 100 − the best NO bid.
 */
export function OrderBook({ book, quote }: { book: Book; quote: Quote }) {
  return (
    <section aria-labelledby="book-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="book-h" className="text-lg font-semibold text-slate-900">
        Order book
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Only bids are listed, as on Kalshi: a NO bid at 58¢ is an offer to sell YES at 42¢. So the YES ask is 100¢ minus the best NO bid
        {quote.noBid !== null && quote.yesAsk !== null && ` (here 100¢ − ${formatPriceCents(quote.noBid)} = ${formatPriceCents(quote.yesAsk)})`}.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['YES bid', quote.yesBid],
            ['YES ask', quote.yesAsk],
            ['NO bid', quote.noBid],
            ['NO ask', quote.noAsk],
          ] as const
        ).map(([name, v]) => (
          <div key={name} className="rounded-lg bg-slate-50 p-2 text-center">
            <dt className="text-xs text-slate-600">{name}</dt>
            <dd className="font-semibold tabular-nums text-slate-900" data-testid={`quote-${name.replace(' ', '-').toLowerCase()}`}>
              {formatPriceCents(v)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <BidLadder title="YES bids" levels={book.yes} />
        <BidLadder title="NO bids" levels={book.no} />
      </div>
    </section>
  );
}

function BidLadder({ title, levels }: { title: string; levels: Book['yes'] }) {
  const best = [...levels].sort((a, b) => b.price - a.price);
  return (
    <table className="w-full text-sm">
      <caption className="pb-1 text-left font-semibold text-slate-900">{title}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600">
          <th className="py-1 font-medium">Price</th>
          <th className="py-1 text-right font-medium">Contracts</th>
        </tr>
      </thead>
      <tbody>
        {best.length === 0 ? (
          <tr>
            <td colSpan={2} className="py-1 text-slate-600">
              No bids
            </td>
          </tr>
        ) : (
          best.map((l) => (
            <tr key={l.price} className="border-t border-slate-100">
              <td className="py-1 tabular-nums">{formatPriceCents(l.price)}</td>
              <td className="py-1 text-right tabular-nums">{formatCount(l.count)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
