import { useId, useMemo, useState } from 'react';
import { CartesianGrid, ComposedChart, Line, ReferenceArea, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { addDays, daysBetween } from '@shared/market/dates';
import { expectedMove, payoffCurve, type StrategyLeg } from '@shared/strategy';
import { formatMoney, formatPnl, formatWholeDollars } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { strike } from '../lib/format';

const COLORS = { expiry: '#0f172a', target: '#2563eb', spot: '#b45309', strike: '#94a3b8', band1: '#bae6fd', band2: '#e0f2fe', zero: '#64748b' };

interface Props {
  legs: readonly StrategyLeg[];
  spot: number;
  today: string;
  multiplier: number;
  /** The chain's at-the-money IV, for the expected-move bands. */
  iv: number | null;
}

/**
 * The payoff graph (spec part 3 §2, §9): P&L on expiry and on a target date, 100 prices from 70% to 130% of the
 * current price, the current price and the strikes marked, and the ±1σ / ±2σ expected move to expiry shaded.
 */
export function PayoffChart({ legs, spot, today, multiplier, iv }: Props) {
  const sliderId = useId();
  const firstExpiry = legs.map((l) => l.expiration).sort()[0] ?? today;
  const days = Math.max(0, daysBetween(today, firstExpiry));
  const [chosen, setChosen] = useState(0);
  const offset = Math.min(chosen, days);
  const targetDate = addDays(today, offset);
  const points = useMemo(
    () => payoffCurve(legs, { spot, asOf: today, multiplier, targetDate, ...(iv ? { iv } : {}) }),
    [legs, spot, today, multiplier, targetDate, iv],
  );
  const move = iv ? expectedMove(spot, iv, days / 365) : null;
  const lo = points[0]?.price ?? spot * 0.7;
  const hi = points.at(-1)?.price ?? spot * 1.3;
  const clamp = (x: number) => Math.min(hi, Math.max(lo, x));
  const strikes = [...new Set(legs.map((l) => l.strike))].filter((k) => k >= lo && k <= hi);
  const data = points.map((p) => ({ price: p.price, expiry: p.expiry, target: p.target }));
  const best = Math.max(...points.map((p) => p.expiry));
  const worst = Math.min(...points.map((p) => p.expiry));

  return (
    <figure className="space-y-3" aria-labelledby={`${sliderId}-caption`}>
      <figcaption id={`${sliderId}-caption`} className="text-sm text-slate-700">
        P&amp;L of the whole position (× {multiplier}) for prices from {strike(Math.round(lo))} to {strike(Math.round(hi))}: at expiry between{' '}
        {formatPnl(worst)} and {formatPnl(best)} over this range.
      </figcaption>
      <div className="h-72 w-full sm:h-80" data-testid="payoff-graph">
        <ComposedChart responsive style={{ width: '100%', height: '100%' }} data={data} margin={{ top: 10, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          {move && <ReferenceArea x1={clamp(move.twoSigma.low)} x2={clamp(move.twoSigma.high)} fill={COLORS.band2} fillOpacity={0.7} ifOverflow="hidden" />}
          {move && <ReferenceArea x1={clamp(move.oneSigma.low)} x2={clamp(move.oneSigma.high)} fill={COLORS.band1} fillOpacity={0.6} ifOverflow="hidden" />}
          <XAxis
            dataKey="price"
            type="number"
            domain={[lo, hi]}
            tickFormatter={(v: number) => formatWholeDollars(v)}
            tick={{ fontSize: 12, fill: '#334155' }}
            tickCount={7}
          />
          <YAxis tickFormatter={(v: number) => formatWholeDollars(v)} tick={{ fontSize: 12, fill: '#334155' }} width={72} />
          <ReferenceLine y={0} stroke={COLORS.zero} />
          {strikes.map((k) => (
            <ReferenceLine key={k} x={k} stroke={COLORS.strike} strokeDasharray="4 4" />
          ))}
          <ReferenceLine
            x={spot}
            stroke={COLORS.spot}
            strokeWidth={2}
            label={{ value: `Now ${formatWholeDollars(spot)}`, position: 'insideTopLeft', fill: COLORS.spot, fontSize: 12 }}
          />
          <Tooltip
            formatter={(value, name) => [typeof value === 'number' ? formatPnl(value) : String(value), name === 'expiry' ? 'On Expiry' : 'On Target Date']}
            labelFormatter={(label) => `Price ${formatMoney(Number(label))}`}
          />
          <Line type="linear" dataKey="expiry" name="expiry" stroke={COLORS.expiry} strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            type="monotone"
            dataKey="target"
            name="target"
            stroke={COLORS.target}
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legend">
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0.5 w-5" style={{ background: COLORS.expiry }} />
          On Expiry ({formatShortDate(firstExpiry)})
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0 w-5 border-t-2 border-dashed" style={{ borderColor: COLORS.target }} />
          On Target Date ({formatShortDate(targetDate)})
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-0.5" style={{ background: COLORS.spot }} />
          Current price {formatMoney(spot)}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-0 border-l-2 border-dashed" style={{ borderColor: COLORS.strike }} />
          Strikes
        </li>
        {move && (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="inline-block h-3 w-5 rounded-sm"
              style={{ background: `linear-gradient(90deg, ${COLORS.band2}, ${COLORS.band1}, ${COLORS.band2})` }}
            />
            Expected move to expiry: ±1σ {strike(Math.round(move.oneSigma.low))}–{strike(Math.round(move.oneSigma.high))}, ±2σ{' '}
            {strike(Math.round(move.twoSigma.low))}–{strike(Math.round(move.twoSigma.high))}
          </li>
        )}
      </ul>
      <div>
        <label htmlFor={sliderId} className="block text-sm font-medium text-slate-800">
          Target date: {formatShortDate(targetDate)} ({offset === 0 ? 'today' : `in ${offset} day${offset === 1 ? '' : 's'}`}, {days - offset} day
          {days - offset === 1 ? '' : 's'} before expiry)
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={days}
          step={1}
          value={offset}
          onChange={(e) => setChosen(Number(e.target.value))}
          disabled={days === 0}
          className="mt-1 w-full accent-blue-600"
        />
      </div>
    </figure>
  );
}
