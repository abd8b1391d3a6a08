import { lazy, Suspense, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { formatMoney } from '@shared/format/money';
import { formatCount, formatPercent } from '@shared/format/number';
import { formatDate, formatShortDate } from '@shared/format/time';
import { RISK_FREE_RATE, underlyingProfile } from '@shared/market/underlyings';
import { atmIvOfExpiry } from '@shared/metrics/daily-summary';
import { useAnalysisSummary } from '@web/api/analysis-summary';
import { useChain, useDailyBars } from '@web/api/market';
import { loadWithRetry } from '@web/lib/load-with-retry';
import { useDisplay } from '@web/lib/display';
import { Spinner } from '../ui/spinner';
import { ChartBoundary, ChartFailed } from './chart-fallback';
import { buildChartModel, CHART_PALETTE, DEFAULT_OVERLAYS, type ChartModel, type ChartPalette, type Overlays } from './chart-model';

export { CHART_FAILED } from './chart-fallback';

// The drawing code (lightweight-charts) is its own chunk, fetched with the app's retry policy (three tries, then one
// reload) the first time a chart is shown.
const ChartCanvas = lazy(() => loadWithRetry(() => import('./chart-canvas')));

/**
 * The underlying's price chart (issue 37): a year of daily sessions, end of day, with the overlays the learner toggles.
 * `expiration` is the expiry whose expected-move cone is drawn (the chain's selected expiry); its IV is the at-the-money
 * IV of that expiry's stored chain.
 */
export function PriceChart({
  ticker,
  expiration,
  height,
  table = true,
}: {
  ticker: string;
  expiration: string | null;
  height?: number;
  /** The visually hidden table of the last sessions; off where the page's own table is the one a reader looks for (the chain). */
  table?: boolean;
}) {
  const summary = useAnalysisSummary(ticker);
  const bars = useDailyBars(ticker);
  const chain = useChain(ticker, expiration);
  const view = chain.data && chain.data.underlying.ticker === ticker && chain.data.expiration_date === expiration ? chain.data : null;
  const iv = useMemo(() => {
    if (!view) return null;
    const q = underlyingProfile(ticker)?.dividendYield ?? 0;
    const forward = view.underlying.price * Math.exp((RISK_FREE_RATE - q) * (view.days_to_expiry / 365));
    return atmIvOfExpiry(view.contracts, forward);
  }, [view, ticker]);
  const model = useMemo(
    () =>
      summary.data
        ? buildChartModel({
            ticker,
            source: summary.data.source,
            summaries: summary.data.history,
            bars: bars.data?.bars ?? [],
            cone: expiration && iv !== null ? { expiration, iv } : null,
          })
        : null,
    [summary.data, bars.data, ticker, expiration, iv],
  );

  if (summary.isPending || (bars.isPending && bars.fetchStatus !== 'idle')) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-700" role="status">
        <Spinner /> Loading the price chart…
      </div>
    );
  }
  if (!model) return <ChartFailed detail={summary.error?.message ?? `No end-of-day history for ${ticker} yet.`} />;
  return <PriceChartView model={model} height={height} table={table} />;
}

/** Each overlay's toggle, with the colours its lines are drawn in (a legend: the label names the line in words). */
const TOGGLES: { key: keyof Overlays; label: string; colours: (keyof ChartPalette)[] }[] = [
  { key: 'sma20', label: '20-day average', colours: ['sma20'] },
  { key: 'sma50', label: '50-day average', colours: ['sma50'] },
  { key: 'cone', label: 'Expected move (±1σ)', colours: ['cone'] },
  { key: 'earnings', label: 'Earnings', colours: ['earnings'] },
  { key: 'volatility', label: 'IV30 vs HV20', colours: ['iv', 'hv'] },
];

const money = (x: number) => formatMoney(x);
const TABLE_SESSIONS = 30;

/** The chart, its toggles, the keyboard readout and the text summary for one model. */
export function PriceChartView({ model, height = 380, table = true }: { model: ChartModel; height?: number; table?: boolean }) {
  const { theme } = useDisplay();
  const palette = CHART_PALETTE[theme];
  const [overlays, setOverlays] = useState<Overlays>(DEFAULT_OVERLAYS);
  const [selected, setSelected] = useState<number | null>(null);
  const ids = useId();
  const last = model.days.length - 1;
  const at = selected === null ? last : Math.min(selected, last);

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, PageUp: -20, PageDown: 20 };
    let next: number | null = null;
    if (e.key in step) next = Math.max(0, Math.min(last, at + step[e.key]!));
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    else if (e.key === 'Escape') {
      setSelected(null);
      return;
    }
    if (next === null) return;
    e.preventDefault();
    setSelected(next);
  };

  return (
    <figure className="space-y-2" aria-labelledby={`${ids}-title`}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={`${ids}-title`} className="font-semibold text-slate-900">
          {model.ticker} daily price chart
        </span>
        <span className="text-sm text-slate-700" data-testid="chart-as-of">
          End of day · data as of {formatDate(model.asOf)}
          {model.source === 'demo' ? ' (simulated market)' : ''}
        </span>
      </figcaption>

      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <legend className="sr-only">Overlays</legend>
        {TOGGLES.map((t) => {
          const unavailable = t.key === 'cone' && !model.cone;
          return (
            <label key={t.key} className={`inline-flex items-center gap-1.5 ${unavailable ? 'opacity-60' : ''}`}>
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={overlays[t.key] && !unavailable}
                disabled={unavailable}
                onChange={(e) => setOverlays((o) => ({ ...o, [t.key]: e.target.checked }))}
              />
              {t.colours.map((c) => (
                <span
                  key={c}
                  aria-hidden="true"
                  className="inline-block h-1 w-3 rounded-full"
                  style={{ backgroundColor: palette[c] }}
                  data-testid={`swatch-${c}`}
                />
              ))}
              {t.label}
              {t.key === 'cone' && model.cone ? ` to ${formatShortDate(model.cone.expiration)}` : ''}
            </label>
          );
        })}
      </fieldset>

      <div
        role="group"
        tabIndex={0}
        aria-label={`${model.ticker} price chart. Use the left and right arrow keys to move between sessions, Home and End for the first and last.`}
        aria-describedby={`${ids}-summary`}
        onKeyDown={onKey}
        className="rounded-xl ring-1 ring-slate-200 focus-visible:ring-2 focus-visible:ring-brand-600"
        data-testid="chart-region"
      >
        <ChartBoundary>
          <Suspense
            fallback={
              <div className="flex items-center gap-2 p-4 text-sm text-slate-700" style={{ height }}>
                <Spinner /> Drawing the chart…
              </div>
            }
          >
            <ChartCanvas model={model} overlays={overlays} palette={palette} selected={selected} height={height} />
          </Suspense>
        </ChartBoundary>
      </div>

      <p aria-live="polite" className="text-sm tabular-nums text-slate-800" data-testid="chart-readout">
        {readout(model, at, overlays)}
      </p>
      <p id={`${ids}-summary`} className="text-sm text-slate-700" data-testid="chart-summary">
        {summaryText(model)}
      </p>
      {table && <ChartTable model={model} />}
    </figure>
  );
}

/** The readout of one session: what the crosshair shows, in words. */
export function readout(model: ChartModel, index: number, overlays: Overlays): string {
  const d = model.days[index];
  if (!d) return '';
  const parts = [formatDate(d.date)];
  if (d.candle) parts.push(`open ${money(d.candle.open)}, high ${money(d.candle.high)}, low ${money(d.candle.low)}, close ${money(d.close)}`);
  else parts.push(`close ${money(d.close)}`);
  if (d.volume !== null) parts.push(`volume ${formatCount(d.volume)}`);
  const find = (s: { date: string; value: number }[]) => s.find((p) => p.date === d.date)?.value;
  const s20 = overlays.sma20 ? find(model.sma20) : undefined;
  const s50 = overlays.sma50 ? find(model.sma50) : undefined;
  if (s20 !== undefined) parts.push(`20-day average ${money(s20)}`);
  if (s50 !== undefined) parts.push(`50-day average ${money(s50)}`);
  const v = overlays.volatility ? model.volatility.find((p) => p.date === d.date) : undefined;
  if (v?.iv30 != null) parts.push(`IV30 ${formatPercent(v.iv30)}`);
  if (v?.hv20 != null) parts.push(`HV20 ${formatPercent(v.hv20)}`);
  if (model.earnings.some((e) => e.date === d.date)) parts.push('earnings report');
  return parts.join(' · ');
}

/** The chart in sentences, for a screen reader and for anyone: period, closes, range, averages, the cone. */
export function summaryText(model: ChartModel): string {
  const f = model.facts;
  const change = (f.lastClose - f.firstClose) / f.firstClose;
  const s = [
    `${model.ticker}, ${f.sessions} sessions from ${formatDate(f.from)} to ${formatDate(f.to)}, end of day.`,
    `First close ${money(f.firstClose)}, last close ${money(f.lastClose)} (${formatPercent(change, 1, { sign: true })}).`,
    `High ${money(f.high.value)} on ${formatDate(f.high.date)}, low ${money(f.low.value)} on ${formatDate(f.low.date)}.`,
  ];
  const averages = [f.sma20 !== null ? `20-day average ${money(f.sma20)}` : null, f.sma50 !== null ? `50-day average ${money(f.sma50)}` : null].filter(Boolean);
  if (averages.length) s.push(`${averages.join(', ')}.`);
  if (model.cone && f.cone) {
    s.push(`Expected move to ${formatDate(f.cone.expiration)} at ${formatPercent(model.cone.iv)} IV: ${money(f.cone.lower)} to ${money(f.cone.upper)} (±1σ).`);
  }
  const next = model.earnings.find((e) => e.upcoming);
  if (next) s.push(`Next earnings report ${formatDate(next.date)}.`);
  return s.join(' ');
}

/** The last sessions as a table, visually hidden: a screen reader can walk it row by row. */
function ChartTable({ model }: { model: ChartModel }) {
  const rows = model.days.slice(-TABLE_SESSIONS).reverse();
  const vol = new Map(model.volatility.map((p) => [p.date, p]));
  return (
    <table className="sr-only">
      <caption>
        {model.ticker}: the last {rows.length} sessions, newest first
      </caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Open</th>
          <th scope="col">High</th>
          <th scope="col">Low</th>
          <th scope="col">Close</th>
          <th scope="col">Volume</th>
          <th scope="col">IV30</th>
          <th scope="col">HV20</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => {
          const v = vol.get(d.date);
          return (
            <tr key={d.date}>
              <th scope="row">{formatDate(d.date)}</th>
              <td>{d.candle ? money(d.candle.open) : '-'}</td>
              <td>{d.candle ? money(d.candle.high) : '-'}</td>
              <td>{d.candle ? money(d.candle.low) : '-'}</td>
              <td>{money(d.close)}</td>
              <td>{d.volume === null ? '-' : formatCount(d.volume)}</td>
              <td>{v?.iv30 == null ? '-' : formatPercent(v.iv30)}</td>
              <td>{v?.hv20 == null ? '-' : formatPercent(v.hv20)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
