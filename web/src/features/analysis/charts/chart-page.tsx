import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatExpiry } from '@shared/format/time';
import { TRACKED_UNDERLYINGS, underlyingProfile } from '@shared/market/underlyings';
import { useExpiries } from '@web/api/market';
import { PriceChart } from '@web/components/charts/price-chart';
import { usePageMeta } from '@web/lib/page-meta';
import { UnderlyingPicker } from '../common/underlying-picker';

/** The expiry whose cone shows first: the nearest at least a week out (a weekly a day away has almost no cone). */
const MIN_CONE_DAYS = 7;

/** /app/charts/:ticker — the underlying's price chart on a page of its own (issue 37). */
export default function ChartPage() {
  const params = useParams();
  const navigate = useNavigate();
  const asked = (params.ticker ?? '').toUpperCase();
  const ticker = TRACKED_UNDERLYINGS.includes(asked) ? asked : 'SPY';
  usePageMeta({
    title: `${ticker} price chart`,
    description: 'Daily candles, moving averages, the expected move and IV against HV.',
    path: `/app/charts/${ticker}`,
    noindex: true,
  });

  const expiries = useExpiries(ticker);
  const list = useMemo(() => expiries.data?.expiries ?? [], [expiries.data]);
  const [chosen, setChosen] = useState<{ ticker: string; expiry: string } | null>(null);
  const fallback = list.find((e) => e.days_to_expiry >= MIN_CONE_DAYS) ?? list[0];
  const expiry = chosen?.ticker === ticker && list.some((e) => e.expiration_date === chosen.expiry) ? chosen.expiry : (fallback?.expiration_date ?? null);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          {ticker} price chart
          {underlyingProfile(ticker) && <span className="ml-2 text-base font-normal text-slate-700">{underlyingProfile(ticker)!.name}</span>}
        </h1>
        <p className="text-sm text-slate-700">
          A year of daily sessions at the close, with the moving averages, the move the options of an expiry price (±1σ), earnings dates and implied against
          realized volatility. End-of-day data: it changes once a session, after the close.
        </p>
      </header>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <UnderlyingPicker value={ticker} onChange={(t) => navigate(`/app/charts/${t}`)} only={TRACKED_UNDERLYINGS} />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          Cone of the expiry
          <select
            value={expiry ?? ''}
            disabled={list.length === 0}
            onChange={(e) => setChosen({ ticker, expiry: e.target.value })}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
            data-testid="cone-expiry"
          >
            {list.map((e) => (
              <option key={e.expiration_date} value={e.expiration_date}>
                {formatExpiry(e.expiration_date)} ({e.days_to_expiry} days)
              </option>
            ))}
          </select>
        </label>
        <Link to={`/app/optionschain?ticker=${encodeURIComponent(ticker)}`} className="text-sm font-semibold text-brand-800 underline hover:text-brand-900">
          Open the {ticker} chain
        </Link>
      </div>
      <section className="rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:p-4">
        <PriceChart ticker={ticker} expiration={expiry} />
      </section>
    </div>
  );
}
