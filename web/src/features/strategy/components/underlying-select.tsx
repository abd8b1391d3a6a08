import { useId } from 'react';
import type { StoredTicker } from '@shared/market/market-store.port';
import { formatMoney } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';

export const UNDERLYING_PROMPT = 'Choose a stock or ETF...';

/** Spec part 3 §2: the underlying selector, each option with its symbol and price; the price shows once chosen. */
export function UnderlyingSelect({
  tickers,
  loading,
  error,
  value,
  price,
  asOf,
  onChange,
}: {
  tickers: readonly StoredTicker[];
  loading: boolean;
  error: string | null;
  value: string;
  price: number | null;
  asOf: string | null;
  onChange: (ticker: string) => void;
}) {
  const id = useId();
  const chosen = tickers.find((t) => t.ticker === value);
  const shownPrice = price ?? chosen?.current_price ?? null;
  return (
    <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 sm:w-80">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          Underlying
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={loading && !tickers.length}
          className="mt-1 block w-full rounded-lg bg-white px-3 py-2.5 text-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600"
        >
          <option value="">{loading ? 'Loading stocks and ETFs...' : UNDERLYING_PROMPT}</option>
          {tickers
            .filter((t) => t.is_active || t.ticker === value)
            .map((t) => (
              <option key={t.ticker} value={t.ticker}>{`${t.ticker} · ${formatMoney(t.current_price)}`}</option>
            ))}
          {value && !chosen && !loading && <option value={value}>{value}</option>}
        </select>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      {value && (
        <div className="text-left sm:text-right" aria-live="polite">
          <p className="text-sm text-slate-700">{chosen?.name ?? value}</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900" data-testid="underlying-price">
            {shownPrice === null ? '-' : formatMoney(shownPrice)}
          </p>
          {asOf && <p className="text-xs text-slate-600">Quote as of {formatNewYorkTime(asOf)}</p>}
        </div>
      )}
    </div>
  );
}
