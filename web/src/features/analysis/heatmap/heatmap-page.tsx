import { Link } from 'react-router-dom';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { useHeatmap, type HeatmapView } from '../common/analysis-api';
import { EndOfDayBanner } from '../common/eod-banner';
import { FigureTip, num, pct } from '../common/figure';
import { formatOrdinal } from '@shared/format/words';

/**
 * /app/sentiment-heatmap (issue 22): underlyings grouped by sector × sentiment metrics, each cell
 * coloured by its percentile against the underlying's own year (50 = what is normal for it), so a symbol that always
 * carries a high put/call ratio is not painted red for being itself. A cell opens the underlying's sentiment page.
 */
type Column = keyof HeatmapView['rows'][number]['cells'];
const COLUMNS: { id: Column; label: string; formula: string; format: (v: number | null) => string }[] = [
  { id: 'pcVolume', label: 'P/C volume', formula: 'put volume / call volume', format: (v) => num(v) },
  { id: 'pcOpenInterest', label: 'P/C OI', formula: 'put open interest / call open interest', format: (v) => num(v) },
  { id: 'rr25', label: 'RR 25Δ', formula: 'IV(25Δ call) − IV(25Δ put), 30-day', format: (v) => pct(v) },
  {
    id: 'ivRank',
    label: 'IV rank',
    formula: '100 × (IV30 − low) / (high − low) over the year; colour: IV percentile',
    format: (v) => num(v, 0),
  },
  {
    id: 'ivChange1d',
    label: 'IV30 1d',
    formula: 'IV30 today − IV30 the session before, in points',
    format: (v) => (v === null ? '—' : `${num(v * 100, 1)} pt`),
  },
  { id: 'priceChange1d', label: 'Price 1d', formula: 'close / previous close − 1', format: (v) => pct(v) },
  {
    id: 'volumeVs20d',
    label: 'Opt. volume vs 20d',
    formula: 'option volume / mean of the 20 sessions before',
    format: (v) => (v === null ? '—' : `${num(v)}×`),
  },
];

/** Diverging colour around the 50th percentile: blue below, red above, white at what is normal. */
function colour(p: number | null): { background: string; color: string } {
  if (p === null) return { background: '#f1f5f9', color: '#334155' };
  const d = (p - 50) / 50;
  // At most 60% strength, so dark text keeps a contrast of 4.5:1 or more on every cell (WCAG AA).
  const a = Math.min(1, Math.abs(d)) * 0.6;
  return d >= 0 ? { background: `rgba(220, 38, 38, ${a})`, color: '#0f172a' } : { background: `rgba(37, 99, 235, ${a})`, color: '#0f172a' };
}

export default function SentimentHeatmapPage() {
  usePageMeta({
    title: 'Sentiment Heatmap',
    description: 'Sentiment across sectors and underlyings, against what is normal for each.',
    path: '/app/sentiment-heatmap',
    noindex: true,
  });
  const q = useHeatmap();
  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Sentiment Heatmap</h1>
        <p className="text-slate-700">
          Each cell is a percentile against that underlying’s own year: white is normal for it, red unusually high, blue unusually low. Open a cell for the
          detail.
        </p>
      </header>
      <QueryState query={q} pendingLabel="Loading the heatmap">
        {(data) => <HeatmapBody data={data} />}
      </QueryState>
    </div>
  );
}

function HeatmapBody({ data }: { data: HeatmapView }) {
  const sectors = [...new Set(data.rows.map((r) => r.sector))];
  const asOf = data.asOf ?? '';
  return (
    <>
      <EndOfDayBanner source={data.source} asOf={data.asOf} />
      <div className="relative overflow-x-auto rounded-xl bg-white p-2 ring-1 ring-slate-200">
        <table className="w-full min-w-[760px] border-separate border-spacing-1 text-sm" data-testid="heatmap">
          <thead>
            <tr className="text-xs text-slate-700">
              <th className="text-left">Underlying</th>
              {COLUMNS.map((c) => (
                <th key={c.id} className="font-semibold">
                  <span className="inline-flex items-center gap-1">
                    {c.label}
                    {asOf && (
                      <FigureTip
                        label={c.label}
                        formula={c.formula}
                        inputs={['the underlying’s daily summaries; colour = percentile against its own year']}
                        asOf={asOf}
                      />
                    )}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          {sectors.map((sector) => (
            <tbody key={sector}>
              <tr>
                <th colSpan={COLUMNS.length + 1} className="pt-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {sector}
                </th>
              </tr>
              {data.rows
                .filter((r) => r.sector === sector)
                .map((r) => (
                  <tr key={r.underlying}>
                    <th className="text-left font-semibold text-slate-900" title={r.name}>
                      {r.underlying}
                    </th>
                    {COLUMNS.map((c) => {
                      const cell = r.cells[c.id];
                      return (
                        <td key={c.id} className="p-0 text-center">
                          <Link
                            to={`/app/sentiment?underlying=${r.underlying}`}
                            style={colour(cell.percentile)}
                            className="block rounded px-2 py-2 font-medium hover:ring-2 hover:ring-slate-900"
                            data-testid={`cell-${r.underlying}-${c.id}`}
                          >
                            {c.format(cell.value)}
                            <span className="block text-[10px]">{cell.percentile === null ? '—' : `p${Math.round(cell.percentile)}`}</span>
                            {/* The cell's name says what the number is; the visible text stays part of it (WCAG 2.5.3). */}
                            <span className="sr-only">
                              {`: ${r.underlying} ${c.label}, ${cell.percentile === null ? 'no history' : `${formatOrdinal(cell.percentile)} percentile of its year`}; open the sentiment detail`}
                            </span>
                          </Link>
                        </td>
                      );
                    })}
                  </tr>
                ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="text-sm text-slate-700">
        Synced once a day after the close, not every 15 minutes: with end-of-day data a faster refresh would show the same numbers. Percentiles need a year of
        history to mean much; volume does not say who bought or sold.
      </p>
    </>
  );
}
