import { formatPercent } from '@shared/format/number';
import { plural } from '@shared/format/words';
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis, Area } from 'recharts';
import { formatMoney, formatWholeDollars } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { addDays, dayNumber, weekday } from '@shared/market/dates';
import { SCRATCH_THRESHOLD, SMALL_SAMPLE } from '@shared/journal/stats';
import type { JournalStats } from '@web/api/journal';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { figuresOf } from '../lib/figures';

/**
 * The statistics (issue 18): every figure with its formula and N beside it, a "small sample" badge under 20 trades,
 * the realized equity curve with its drawdown, P&L by strategy, the cost of each mistake, and a calendar of realized
 * P&L per New York day (a click shows that day's trades).
 */
export function StatsPanel({
  stats,
  selectedDay,
  onSelectDay,
}: {
  stats: JournalStats;
  selectedDay: string | null;
  onSelectDay: (date: string | null) => void;
}) {
  const figures = figuresOf(stats);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-700">
        Over closed trades; a multi-leg order is one trade, its P&L net of every commission. Scratches (|P&L| &lt; ${SCRATCH_THRESHOLD}) count as neither a win
        nor a loss ({stats.scratches} here). Figures from fewer than {SMALL_SAMPLE} trades carry a “small sample” badge: they say little yet.
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="journal-figures">
        {figures.map((f) => (
          <div key={f.id} className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid={`figure-${f.id}`}>
            <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-700">
              {f.label}
              <span className="flex items-center gap-1">
                {f.n < SMALL_SAMPLE && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">small sample</span>}
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">N = {f.n}</span>
              </span>
            </dt>
            <dd className="mt-1 text-xl font-bold text-slate-900">{f.value}</dd>
            {f.note && <dd className="text-sm text-slate-700">{f.note}</dd>}
            <dd className="mt-1 text-xs text-slate-600">{f.formula}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="equity-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h3 id="equity-h" className="font-semibold text-slate-900">
          Realized equity and drawdown
        </h3>
        {stats.equity.length ? (
          <div className="mt-2 h-64" data-testid="equity-chart">
            <ComposedChart responsive style={{ width: '100%', height: '100%' }} data={stats.equity.map((p) => ({ ...p, drawdownNeg: -p.drawdown }))}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis
                dataKey="n"
                type="number"
                domain={[1, 'dataMax']}
                allowDecimals={false}
                tick={{ fontSize: 12, fill: '#334155' }}
                label={{ value: 'trade', position: 'insideBottomRight', offset: -2, fontSize: 11 }}
              />
              <YAxis tickFormatter={(v: number) => formatWholeDollars(v)} tick={{ fontSize: 12, fill: '#334155' }} width={70} />
              <Tooltip formatter={(v) => formatMoney(Number(v))} labelFormatter={(i) => `Trade ${String(i)}`} />
              <ReferenceLine y={0} stroke="#64748b" />
              <Area dataKey="drawdownNeg" name="Drawdown" stroke="none" fill="#dc2626" fillOpacity={0.2} isAnimationActive={false} />
              <Line dataKey="equity" name="Cumulative P&L" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
            </ComposedChart>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No closed trades yet.</p>
        )}
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="by-strategy-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h3 id="by-strategy-h" className="font-semibold text-slate-900">
            P&L by strategy
          </h3>
          {stats.byStrategy.length ? (
            <>
              <div className="mt-2 h-56" data-testid="strategy-chart">
                <BarChart responsive style={{ width: '100%', height: '100%' }} data={stats.byStrategy} layout="vertical" margin={{ left: 8 }}>
                  <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
                  <XAxis type="number" tickFormatter={(v: number) => formatWholeDollars(v)} tick={{ fontSize: 12, fill: '#334155' }} />
                  <YAxis type="category" dataKey="strategy" width={120} tick={{ fontSize: 12, fill: '#334155' }} />
                  <Tooltip formatter={(v) => formatMoney(Number(v))} />
                  <ReferenceLine x={0} stroke="#64748b" />
                  <Bar dataKey="netPnl" name="Net P&L" isAnimationActive={false}>
                    {stats.byStrategy.map((s) => (
                      <Cell key={s.strategy} fill={s.netPnl >= 0 ? '#16a34a' : '#dc2626'} />
                    ))}
                  </Bar>
                </BarChart>
              </div>
              <table className="mt-2 w-full text-sm">
                <thead>
                  <tr className="text-left text-slate-600">
                    <th className="py-1 font-medium">Strategy</th>
                    <th className="py-1 text-right font-medium">Trades</th>
                    <th className="py-1 text-right font-medium">Win rate</th>
                    <th className="py-1 text-right font-medium">Net P&L</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.byStrategy.map((s) => (
                    <tr key={s.strategy} className="border-t border-slate-100">
                      <td className="py-1 text-slate-900">{s.strategy}</td>
                      <td className="py-1 text-right">{s.trades}</td>
                      <td className="py-1 text-right">{s.winRate === null ? '—' : formatPercent(s.winRate, 0)}</td>
                      <td className={`py-1 text-right font-medium ${pnlTone(s.netPnl)}`}>{formatMoney(s.netPnl)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No closed trades yet.</p>
          )}
        </section>
        <section aria-labelledby="mistakes-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <h3 id="mistakes-h" className="font-semibold text-slate-900">
            The cost of each mistake
          </h3>
          <p className="text-xs text-slate-600">Σ P&L of the trades carrying the mistake tag.</p>
          {stats.mistakes.length ? (
            <ul className="mt-2 space-y-1 text-sm" data-testid="mistake-costs">
              {stats.mistakes.map((m) => (
                <li key={m.tag} className="flex justify-between gap-2">
                  <span className="text-slate-900">
                    {m.tag} <span className="text-slate-600">({m.trades})</span>
                  </span>
                  <span className={`font-medium ${pnlTone(m.cost)}`}>{formatMoney(m.cost)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No mistakes tagged on closed trades yet.</p>
          )}
        </section>
      </div>

      <CalendarHeatmap calendar={stats.calendar} selected={selectedDay} onSelect={onSelectDay} />
    </div>
  );
}

/** The last 13 weeks of realized P&L per New York day (or up to the latest day with a close), one cell a day. */
export function CalendarHeatmap({
  calendar,
  selected,
  onSelect,
}: {
  calendar: JournalStats['calendar'];
  selected: string | null;
  onSelect: (date: string | null) => void;
}) {
  const byDate = new Map(calendar.map((d) => [d.date, d]));
  const last = calendar.at(-1)?.date ?? new Date().toISOString().slice(0, 10);
  // Weeks start on Sunday; the grid ends with the week of the latest close.
  const end = addDays(last, 6 - weekday(last));
  const start = addDays(end, -13 * 7 + 1);
  const days = Array.from({ length: dayNumber(end) - dayNumber(start) + 1 }, (_, i) => addDays(start, i));
  const max = Math.max(1, ...calendar.map((d) => Math.abs(d.realizedPnl)));
  const colour = (pnl: number) => {
    const a = 0.2 + 0.8 * Math.min(1, Math.abs(pnl) / max);
    return pnl > 0 ? `rgba(22, 163, 74, ${a})` : pnl < 0 ? `rgba(220, 38, 38, ${a})` : 'rgba(100, 116, 139, 0.35)';
  };
  return (
    <section aria-labelledby="calendar-h" className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 id="calendar-h" className="font-semibold text-slate-900">
        Realized P&L by New York day
      </h3>
      <p className="text-xs text-slate-600">Trades closed that day, net of commissions. Choose a day to see its trades.</p>
      <div className="mt-3 overflow-x-auto">
        <div className="grid w-max grid-flow-col grid-rows-7 gap-1" data-testid="calendar-heatmap">
          {days.map((d) => {
            const day = byDate.get(d);
            const text = day ? `${formatShortDate(d)}: ${formatMoney(day.realizedPnl)}, ${plural(day.trades, 'trade')}` : `${formatShortDate(d)}: no closes`;
            return day ? (
              <button
                key={d}
                type="button"
                title={text}
                aria-label={text}
                aria-pressed={selected === d}
                data-date={d}
                onClick={() => onSelect(selected === d ? null : d)}
                className={`h-5 w-5 rounded-sm ${selected === d ? 'ring-2 ring-slate-900' : ''}`}
                style={{ background: colour(day.realizedPnl) }}
              />
            ) : (
              <span key={d} title={text} className="h-5 w-5 rounded-sm bg-slate-100" />
            );
          })}
        </div>
      </div>
    </section>
  );
}
