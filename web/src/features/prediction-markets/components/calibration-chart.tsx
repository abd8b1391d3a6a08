import { CartesianGrid, ComposedChart, ReferenceLine, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import type { Calibration } from '@web/api/prediction-markets';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { formatProbability } from '../lib/format';

/** The buckets that hold markets, each as a point: the mean implied probability against how often YES happened. */
export function calibrationPoints(calibration: Calibration) {
  return calibration.buckets
    .filter((b) => b.count > 0)
    .map((b) => ({ implied: b.meanImplied ?? (b.from + b.to) / 2, happened: b.yes / b.count, count: b.count, yes: b.yes, from: b.from, to: b.to }));
}

const percentTick = (v: number) => `${Math.round(v * 100)}%`;

/**
 * How well the implied probabilities were calibrated (issue 36): over every settled market, markets priced at about 30%
 * should have resolved YES about 30% of the time. Points on the diagonal are perfect calibration; with few markets in a
 * bucket the rate is noisy, so each point carries its count. Before any market settled it says so, and draws nothing.
 */
export function CalibrationChart({ calibration }: { calibration: Calibration }) {
  const points = calibrationPoints(calibration);
  return (
    <section aria-labelledby="calibration-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="calibration">
      <h2 id="calibration-h" className="text-lg font-semibold text-slate-900">
        How well were the prices calibrated?
      </h2>
      {calibration.settledMarkets === 0 || points.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="calibration-empty">
          No market has settled yet, so there is nothing to check. Once markets settle, this chart sets each market&apos;s implied probability (its YES price at
          the last making before the close) against how often YES actually happened. Until then, no claim about how good the prices are can be made.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            Over {plural(calibration.settledMarkets, 'settled market')}
            {calibration.from && calibration.to && ` (expiries ${formatExpiry(calibration.from)} to ${formatExpiry(calibration.to)})`}: each point is a bucket
            of markets by the YES price before the close, against the share that resolved YES. On the dashed diagonal, prices were perfectly calibrated. A
            bucket of a few markets says little: read the counts.
          </p>
          <div
            className="mt-3 h-72"
            data-testid="calibration-chart"
            role="img"
            aria-label="Calibration chart: implied probability against how often YES happened"
          >
            <ComposedChart
              responsive
              accessibilityLayer={false}
              style={{ width: '100%', height: '100%' }}
              data={points}
              margin={{ top: 8, right: 16, bottom: 16, left: 0 }}
            >
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis
                type="number"
                dataKey="implied"
                domain={[0, 1]}
                ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]}
                tickFormatter={percentTick}
                tick={{ fontSize: 12, fill: '#334155' }}
                label={{ value: 'implied probability', position: 'insideBottom', offset: -8, fontSize: 12, fill: '#334155' }}
              />
              <YAxis
                type="number"
                dataKey="happened"
                domain={[0, 1]}
                ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]}
                tickFormatter={percentTick}
                tick={{ fontSize: 12, fill: '#334155' }}
                width={48}
              />
              <ReferenceLine
                segment={[
                  { x: 0, y: 0 },
                  { x: 1, y: 1 },
                ]}
                stroke="#64748b"
                strokeDasharray="5 5"
              />
              <Tooltip formatter={(v) => formatProbability(Number(v))} />
              <Scatter name="YES happened" dataKey="happened" fill="#1d4ed8" isAnimationActive={false} />
            </ComposedChart>
          </div>
          <ScrollRegion label="Calibration by bucket" className="mt-3">
            <table className="w-full min-w-[28rem] text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className="px-3 py-2 font-medium">Implied probability</th>
                  <th className="px-3 py-2 text-right font-medium">Markets</th>
                  <th className="px-3 py-2 text-right font-medium">Mean implied</th>
                  <th className="px-3 py-2 text-right font-medium">YES happened</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.from} className="border-t border-slate-100" data-testid="calibration-row">
                    <td className="px-3 py-2 tabular-nums">
                      {percentTick(p.from)} to {percentTick(p.to)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{p.count}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatProbability(p.implied)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatProbability(p.happened)} ({p.yes} of {p.count})
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}
