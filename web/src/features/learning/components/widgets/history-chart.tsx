import { formatPercent } from '@shared/format/number';
import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { PublicWidget } from '@web/api/learning';
import { formatMoney, formatWholeDollars } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';

type HistoryChartSpec = Extract<PublicWidget, { kind: 'history-chart' }>;

/** Line colours in series order: slate, amber, teal, violet (each at least 4.5:1 on white). */
const COLOURS = ['#0f172a', '#b45309', '#0f766e', '#6d28d9'] as const;

const yearOf = (date: string) => date.slice(0, 4);
/** "Nov 20, 2026". */
const longDate = (date: string) => `${formatShortDate(date)}, ${yearOf(date)}`;

/**
 * A frozen daily history drawn as lines (issue 17, the market_analysis lessons): the lesson's series over the same
 * sessions, with a tick at each month's first session, the values of the last session written out beside the legend,
 * and the data's source and date under the chart. End-of-day data: the tooltip names the session, never a time.
 */
export function HistoryChart({ widget }: { widget: HistoryChartSpec }) {
  const format = useMemo(() => (widget.unit === 'percent' ? (v: number) => formatPercent(v, 2) : (v: number) => formatMoney(v)), [widget.unit]);
  const axis = widget.unit === 'percent' ? (v: number) => formatPercent(v, 0) : formatWholeDollars;
  const rows = useMemo(
    () => widget.dates.map((date, i) => Object.fromEntries([['date', date], ...widget.series.map((s, k) => [`s${k}`, s.values[i] ?? null])])),
    [widget.dates, widget.series],
  );
  /** The first session of each month after the first: one tick a month. */
  const ticks = useMemo(() => widget.dates.filter((d, i) => i > 0 && d.slice(0, 7) !== widget.dates[i - 1]!.slice(0, 7)), [widget.dates]);
  const first = widget.dates[0]!;
  const last = widget.dates.at(-1)!;
  const labels = widget.series.map((s) => s.label);

  return (
    <figure className="space-y-2" data-testid="history-chart">
      <div
        className="h-64"
        role="img"
        aria-label={`Line chart of ${labels.join(', ')} for ${widget.underlying}, daily from ${longDate(first)} to ${longDate(last)}`}
      >
        <LineChart
          responsive
          accessibilityLayer={false}
          style={{ width: '100%', height: '100%' }}
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis
            dataKey="date"
            ticks={ticks}
            interval="preserveStartEnd"
            minTickGap={12}
            tick={{ fontSize: 11, fill: '#334155' }}
            tickFormatter={(d: string) => new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })}
          />
          <YAxis tick={{ fontSize: 11, fill: '#334155' }} width={48} domain={['auto', 'auto']} tickFormatter={axis} />
          <Tooltip
            labelFormatter={(d) => `${longDate(String(d))}, end of day`}
            formatter={(v, name) => [typeof v === 'number' ? format(v) : '–', labels[Number(String(name).slice(1))] ?? String(name)]}
          />
          {widget.series.map((s, k) => (
            <Line
              key={s.label}
              type="monotone"
              dataKey={`s${k}`}
              name={`s${k}`}
              stroke={COLOURS[k % COLOURS.length]}
              strokeWidth={k === 0 ? 2 : 1.5}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </div>
      <figcaption className="space-y-1">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {widget.series.map((s, k) => {
            const latest = s.values.at(-1);
            return (
              <li key={s.label} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ backgroundColor: COLOURS[k % COLOURS.length] }} />
                <span>
                  {s.label}
                  {latest !== null && latest !== undefined && (
                    <>
                      : <span className="font-semibold tabular-nums">{format(latest)}</span> on {formatShortDate(last)}
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
        <p className="text-xs text-slate-600">
          {widget.source}. Simulated end-of-day data, one point a session, {longDate(first)} to {longDate(widget.asOf)}.
        </p>
      </figcaption>
    </figure>
  );
}
