import { formatMoney, type Currency } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';
import { WatchStar } from '@web/components/watchlist/watch-star';

interface Props {
  ticker: string;
  name: string | null;
  sector: string | null;
  price: number | null;
  asOf: string | null;
  currency: Currency;
  /** A watchlist star for the underlying (signed in only). */
  watch?: boolean;
}

/** The underlying's price and when it was taken, above the expiries and the chain. */
export function UnderlyingBanner({ ticker, name, sector, price, asOf, currency, watch = false }: Props) {
  return (
    <section
      aria-label={`${ticker} price`}
      className="flex flex-1 flex-wrap items-center justify-between gap-x-6 gap-y-1 rounded-xl bg-brand-900 px-4 py-3 text-white"
    >
      <div className="min-w-0">
        <p className="text-sm text-brand-100">
          <span className="font-semibold text-white">{ticker}</span>
          {watch && <WatchStar symbol={ticker} tone="dark" className="-my-1 ml-1" />}
          {name && <span> · {name}</span>}
          {sector && <span className="hidden sm:inline"> · {sector}</span>}
        </p>
        <p className="text-2xl font-bold tabular-nums" data-testid="underlying-price">
          {price === null ? '-' : formatMoney(price, currency)}
        </p>
      </div>
      {asOf && <p className="text-sm text-brand-100">Underlying price as of {formatNewYorkTime(asOf)}</p>}
    </section>
  );
}
