import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatWholeDollars } from '@shared/format/money';
import { formatShortDate, formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { RunResult } from '@web/api/backtest';

const tick = { fontSize: 12, fill: '#334155' };

/**
 * The run's equity against buying and holding the underlying with the same starting balance, each session (recharts,
 * as the journal's equity curve). The run is a solid line, buy-and-hold a dashed one, so colour is not the only cue;
 * the sentence below says where each ended.
 */
export function EquityChart({ result }: { result: RunResult }) {
  const last = result.equity.at(-1);
  return (
    <section aria-labelledby="bt-equity-h" className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 id="bt-equity-h" className="font-semibold text-slate-900">
        Equity against buying and holding {result.underlying}
      </h3>
      {last ? (
        <>
          <p className="mt-1 text-sm text-slate-700" data-testid="equity-summary">
            From {formatMoney(result.startingBalance)} on {formatExpiry(result.from)}: the strategy ended at {formatMoney(last.equity)}, buying and holding{' '}
            {result.underlying} at {formatMoney(last.buyAndHold)} on {formatExpiry(last.date)}.
          </p>
          <div className="mt-2 h-64" data-testid="equity-chart" aria-hidden="true">
            <LineChart responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} data={result.equity} margin={{ left: 0, right: 8 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis dataKey="date" tickFormatter={(d: string) => formatShortDate(d)} tick={tick} minTickGap={24} />
              <YAxis tickFormatter={(v: number) => formatWholeDollars(v)} tick={tick} width={78} domain={['auto', 'auto']} />
              <Tooltip formatter={(v) => formatMoney(Number(v))} labelFormatter={(d) => formatExpiry(String(d))} />
              <Legend />
              <Line dataKey="equity" name="Strategy" stroke="#1d4ed8" strokeWidth={2} dot={false} isAnimationActive={false} />
              <Line
                dataKey="buyAndHold"
                name={`Buy and hold ${result.underlying}`}
                stroke="#b45309"
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </div>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No session in the range.</p>
      )}
    </section>
  );
}

/** The trades' P&L in buckets of one round width: losses in red with a minus in the label, so the sign is written too. */
export function PnlHistogram({ result }: { result: RunResult }) {
  const buckets = result.metrics.pnlDistribution.map((b) => ({ ...b, label: `${formatWholeDollars(b.from)} to ${formatWholeDollars(b.to)}` }));
  return (
    <section aria-labelledby="bt-dist-h" className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 id="bt-dist-h" className="font-semibold text-slate-900">
        Distribution of trade P&amp;L
      </h3>
      {buckets.length ? (
        <>
          <div className="mt-2 h-56" data-testid="pnl-histogram" aria-hidden="true">
            <BarChart responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }} data={buckets} margin={{ left: 0, right: 8 }}>
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis dataKey="from" tickFormatter={(v: number) => formatWholeDollars(v)} tick={tick} />
              <YAxis allowDecimals={false} tick={tick} width={36} />
              <Tooltip formatter={(v) => plural(Number(v), 'trade')} labelFormatter={(_, p) => String(p?.[0]?.payload?.label ?? '')} />
              <ReferenceLine x={0} stroke="#64748b" />
              <Bar dataKey="count" name="Trades" isAnimationActive={false}>
                {buckets.map((b) => (
                  <Cell key={b.from} fill={b.to <= 0 ? '#dc2626' : b.from >= 0 ? '#16a34a' : '#64748b'} />
                ))}
              </Bar>
            </BarChart>
          </div>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-medium text-brand-800">The buckets as a list</summary>
            <ul className="mt-1 space-y-0.5 text-slate-700" data-testid="pnl-buckets">
              {buckets.map((b) => (
                <li key={b.from}>
                  {b.label}: {plural(b.count, 'trade')}
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No trade to count.</p>
      )}
    </section>
  );
}
