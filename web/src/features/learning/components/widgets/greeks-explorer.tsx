import { plural } from '@shared/format/words';
import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { useId, useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { PublicWidget } from '@web/api/learning';
import { formatMoney } from '@shared/format/money';
import { displayGreeks, greekCurves, priceAndGreeks, type GreekKey } from '../../lib/greeks-curves';

type GreeksWidget = Extract<PublicWidget, { kind: 'greeks' }>;

const GREEKS: { key: GreekKey; label: string; unit: string; digits: number }[] = [
  { key: 'delta', label: 'Delta Δ', unit: 'per $1 of S', digits: 4 },
  { key: 'gamma', label: 'Gamma Γ', unit: 'Δ per $1 of S', digits: 5 },
  { key: 'theta', label: 'Theta Θ', unit: '$ per day', digits: 4 },
  { key: 'vega', label: 'Vega ν', unit: '$ per 1% of σ', digits: 4 },
  { key: 'rho', label: 'Rho ρ', unit: '$ per 1% of r', digits: 4 },
];

interface SliderSpec {
  key: 'S' | 'K' | 'sigma' | 'days' | 'r';
  label: string;
  min: number;
  max: number;
  step: number;
  show: (v: number) => string;
}

/**
 * The Greeks explorer (issue 17): sliders S, K, σ, T, r → the option's price and its five Greeks from the pricing
 * core, American or European as the lesson says, with each Greek's curve against S and the chosen S marked.
 */
export function GreeksExplorer({ widget }: { widget: GreeksWidget }) {
  const id = useId();
  const start = widget.inputs;
  const [S, setS] = useState(start.S);
  const [K, setK] = useState(start.K);
  const [sigma, setSigma] = useState(start.sigma);
  const [days, setDays] = useState(Math.max(1, Math.round(start.T * 365)));
  const [r, setR] = useState(start.r);
  const input = useMemo(() => ({ type: widget.optionType, S, K, T: days / 365, r, q: start.q, sigma }), [widget.optionType, S, K, days, r, start.q, sigma]);
  const now = useMemo(() => priceAndGreeks(input, widget.style), [input, widget.style]);
  const shown = displayGreeks(now);
  const curveInput = useMemo(
    () => ({ type: widget.optionType, S: start.S, K, T: days / 365, r, q: start.q, sigma }),
    [widget.optionType, start.S, K, days, r, start.q, sigma],
  );
  const curves = useMemo(() => greekCurves(curveInput, widget.style), [curveInput, widget.style]);
  const ticks = useMemo(() => roundTicks(curves[0]!.S, curves.at(-1)!.S), [curves]);

  const round = (x: number, step: number) => Math.round(x / step) * step;
  const sliders: (SliderSpec & { value: number; set: (v: number) => void })[] = [
    { key: 'S', label: 'Underlying price S', min: round(start.S * 0.7, 1), max: round(start.S * 1.3, 1), step: 0.5, show: formatMoney, value: S, set: setS },
    { key: 'K', label: 'Strike K', min: round(start.K * 0.8, 1), max: round(start.K * 1.2, 1), step: 1, show: formatMoney, value: K, set: setK },
    { key: 'sigma', label: 'Volatility σ', min: 0.05, max: 1, step: 0.01, show: (v) => formatPercent(v, 0), value: sigma, set: setSigma },
    {
      key: 'days',
      label: 'Time to expiry T',
      min: 1,
      max: 730,
      step: 1,
      show: (v) => `${plural(v, 'day')} (T = ${formatNumber(v / 365, { digits: 4 })} years)`,
      value: days,
      set: setDays,
    },
    { key: 'r', label: 'Risk-free rate r', min: 0, max: 0.1, step: 0.0025, show: (v) => formatPercent(v, 2), value: r, set: setR },
  ];
  const style = widget.style === 'american' ? 'American' : 'European';

  return (
    <div className="space-y-4" data-testid="greeks-explorer">
      <div className="grid gap-3 sm:grid-cols-2">
        {sliders.map((s) => (
          <div key={s.key}>
            <label htmlFor={`${id}-${s.key}`} className="flex justify-between gap-2 text-sm font-medium text-slate-800">
              <span>{s.label}</span>
              <span className="tabular-nums">{s.show(s.value)}</span>
            </label>
            <input
              id={`${id}-${s.key}`}
              type="range"
              min={s.min}
              max={s.max}
              step={s.step}
              value={s.value}
              aria-valuetext={s.show(s.value)}
              onChange={(e) => s.set(Number(e.target.value))}
              className="mt-1 w-full accent-brand-700"
            />
          </div>
        ))}
      </div>
      <p className="text-xs text-slate-600">
        Dividend yield q = {formatPercent(start.q, 2)}, held. {style} exercise, priced by the academy&apos;s pricing core.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-live="polite">
        <div className="rounded-lg bg-slate-900 p-3 text-white">
          <dt className="text-xs font-semibold">
            {style} {widget.optionType} price
          </dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="greeks-price">
            {formatMoney(now.price)}
          </dd>
        </div>
        {GREEKS.map((g) => (
          <div key={g.key} className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="text-xs font-semibold text-slate-700">
              {g.label} <span className="font-normal text-slate-600">({g.unit})</span>
            </dt>
            <dd className="text-lg font-bold tabular-nums text-slate-900" data-testid={`greeks-${g.key}`}>
              {formatNumber(shown[g.key], { digits: g.digits })}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        {GREEKS.map((g) => (
          <figure key={g.key} className="rounded-lg bg-white p-2 ring-1 ring-slate-200">
            <figcaption className="px-1 text-xs font-semibold text-slate-700">
              {g.label} against S (the amber line is S = {formatMoney(S)})
            </figcaption>
            <div className="h-36" role="img" aria-label={`${g.label} for S from ${formatMoney(curves[0]!.S)} to ${formatMoney(curves.at(-1)!.S)}`}>
              <LineChart
                responsive
                accessibilityLayer={false}
                style={{ width: '100%', height: '100%' }}
                data={curves}
                margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
              >
                <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
                <XAxis
                  dataKey="S"
                  type="number"
                  domain={['dataMin', 'dataMax']}
                  ticks={ticks}
                  tick={{ fontSize: 10, fill: '#334155' }}
                  tickFormatter={(v: number) => `$${formatCount(v)}`}
                />
                <YAxis
                  tick={{ fontSize: 10, fill: '#334155' }}
                  width={48}
                  tickFormatter={(v: number) => formatNumber(Number(v.toPrecision(2)), { digits: 8, minDigits: 0 })}
                />
                <Line type="monotone" dataKey={g.key} stroke="#0f172a" strokeWidth={2} dot={false} isAnimationActive={false} />
                <ReferenceLine x={S} stroke="#b45309" strokeWidth={2} ifOverflow="hidden" />
              </LineChart>
            </div>
          </figure>
        ))}
      </div>
    </div>
  );
}

/** Four or five round prices across the curve's range, for the S axis. */
function roundTicks(lo: number, hi: number): number[] {
  const raw = (hi - lo) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(Math.round(t * 100) / 100);
  return ticks;
}
