import { formatLevel, formatNumber, formatPercent, orDash } from '@shared/format/number';
import { formatExpiry } from '@shared/format/time';
import { plural } from '@shared/format/words';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Area, CartesianGrid, ComposedChart, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useSurface, type SurfaceView } from '@web/api/analysis-screener';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { EodBanner } from '../common/eod-banner';
import { FormulaTip } from '../common/formula-tip';
import { UnderlyingPicker, useUnderlyingParam } from '../common/underlying-picker';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const pct = orDash((x: number, d = 1) => formatPercent(x, d), '–');
const axis = { fontSize: 12, fill: '#334155' };

/** /app/analytics — the volatility explorer (issue 22): term structure, skew, the surface, expected-move cones. */
export default function VolatilityPage() {
  usePageMeta({
    title: 'Volatility explorer',
    description: 'Term structure, skew, the volatility surface and expected moves.',
    path: '/app/analytics',
    noindex: true,
  });
  const [underlying, setUnderlying] = useUnderlyingParam();
  const q = useSurface(underlying);
  const data = q.data;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Volatility explorer</h1>
        <p className="text-sm text-slate-700">
          What the options market prices for {underlying}: how implied volatility changes with time (term structure) and with strike (skew), the whole surface,
          and the moves it implies.
        </p>
      </header>
      <EodBanner asOf={data?.asOf} source={data?.source} />
      <UnderlyingPicker value={underlying} onChange={setUnderlying} />
      <QueryState query={q}>{(data) => <Explorer data={data} />}</QueryState>
    </div>
  );
}

function Explorer({ data }: { data: SurfaceView }) {
  const ratio = data.iv30 !== null && data.iv90 !== null && data.iv90 > 0 ? data.iv30 / data.iv90 : null;
  const tiles = [
    {
      label: 'IV30',
      value: pct(data.iv30),
      formula: 'ATM IV at 30 days: the expiries around 30 days interpolated linearly in total variance w = σ²T, σ = √(w/T).',
      inputs: 'ATM IVs and days of the two expiries around 30 days',
    },
    { label: 'IV90', value: pct(data.iv90), formula: 'The same at 90 days.', inputs: 'ATM IVs and days of the two expiries around 90 days' },
    {
      label: 'IV30 / IV90',
      value: ratio === null ? '–' : formatNumber(ratio),
      formula: 'Below 1: contango, the normal state (longer options carry more uncertainty). Above 1: backwardation, the market prices stress now.',
      inputs: 'IV30, IV90',
    },
    { label: 'Price', value: `$${formatNumber(data.price)}`, formula: 'The last close of the snapshot.', inputs: 'close' },
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="vol-tiles">
        {tiles.map((t) => (
          <div key={t.label} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <dt className="flex items-center gap-1 text-xs text-slate-600">
              {t.label} <FormulaTip label={t.label} formula={t.formula} inputs={t.inputs} asOf={data.asOf} />
            </dt>
            <dd className="text-xl font-bold text-slate-900">{t.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <TermChart data={data} />
        <ConeChart data={data} />
      </div>
      <SkewSection data={data} />
      <Heatmap data={data} />
      <section aria-labelledby="hist-h" className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <h2 id="hist-h" className="font-semibold text-slate-900">
          IV against realized volatility over the year
        </h2>
        {data.history ? (
          <div className="mt-2 h-56" data-testid="iv-hv-chart">
            <LineChart
              responsive
              style={{ width: '100%', height: '100%' }}
              data={data.history.dates.map((d, i) => ({ d, iv30: data.history!.iv30[i], hv20: data.history!.hv20[i] }))}
            >
              <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
              <XAxis dataKey="d" tick={axis} minTickGap={40} />
              <YAxis tickFormatter={(v: number) => pct(v, 0)} tick={axis} width={48} />
              <Tooltip formatter={(v) => pct(Number(v))} />
              {/* While the IV history builds (a real provider's first sessions) its few points are drawn as dots. */}
              <Line dataKey="iv30" name="IV30" stroke="#1d4ed8" dot={data.historyNote !== null} isAnimationActive={false} />
              <Line dataKey="hv20" name="HV20" stroke="#b45309" dot={false} isAnimationActive={false} />
            </LineChart>
          </div>
        ) : null}
        {data.historyNote && (
          <p className="mt-1 text-sm text-slate-700" data-testid="history-note">
            {data.historyNote}
          </p>
        )}
      </section>
      <section aria-labelledby="try-h" className="rounded-xl bg-white p-3 text-sm ring-1 ring-slate-200">
        <h2 id="try-h" className="font-semibold text-slate-900">
          Try it in the builder
        </h2>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
          <li>
            Term structure: a{' '}
            <Link className="text-blue-700 underline" to={`/app/trading?underlying=${data.underlying}&template=calendar-spread`}>
              calendar spread
            </Link>{' '}
            sells the near expiry’s IV and buys the far one’s.
          </li>
          <li>
            Skew: a{' '}
            <Link className="text-blue-700 underline" to={`/app/trading?underlying=${data.underlying}&template=risk-reversal`}>
              risk reversal
            </Link>{' '}
            trades the difference between the 25-delta put and call IVs.
          </li>
          <li>
            Expected move: an{' '}
            <Link className="text-blue-700 underline" to={`/app/trading?underlying=${data.underlying}&template=iron-condor`}>
              iron condor
            </Link>{' '}
            outside the 1 SD move, or a{' '}
            <Link className="text-blue-700 underline" to={`/app/trading?underlying=${data.underlying}&template=long-straddle`}>
              long straddle
            </Link>{' '}
            if you expect more than it.
          </li>
        </ul>
        <p className="mt-1 text-xs text-slate-600">Education, not advice: each template’s page explains when practitioners use it and what can go wrong.</p>
      </section>
    </>
  );
}

function TermChart({ data }: { data: SurfaceView }) {
  return (
    <section aria-labelledby="term-h" className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <h2 id="term-h" className="flex items-center gap-1 font-semibold text-slate-900">
        Term structure
        <FormulaTip
          label="ATM IV per expiry"
          formula="The average of the call's and the put's IV at the listed strike nearest the price. Total variance σ²T must rise with T; where it falls, the calendar is mispriced."
          inputs="each expiry's ATM call and put IV"
          asOf={data.asOf}
        />
      </h2>
      <div className="mt-2 h-56" data-testid="term-chart">
        <LineChart responsive style={{ width: '100%', height: '100%' }} data={data.term.map((p) => ({ days: p.days, iv: p.atmIv, exp: p.expiration }))}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="days" type="number" tick={axis} label={{ value: 'days', position: 'insideBottomRight', offset: -2, fontSize: 11 }} />
          <YAxis tickFormatter={(v: number) => pct(v, 0)} tick={axis} width={48} domain={['auto', 'auto']} />
          <Tooltip formatter={(v) => pct(Number(v))} labelFormatter={(d) => `${String(d)} days`} />
          <Line dataKey="iv" name="ATM IV" stroke="#1d4ed8" strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </div>
    </section>
  );
}

function ConeChart({ data }: { data: SurfaceView }) {
  const rows = data.cone.map((c) => ({ days: c.days, band: [c.low, c.high] as [number, number], low: c.low, high: c.high }));
  return (
    <section aria-labelledby="cone-h" className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <h2 id="cone-h" className="flex items-center gap-1 font-semibold text-slate-900">
        Expected-move cone (1 SD)
        <FormulaTip
          label="1 SD expected move"
          formula="S × e^(±σ√t) with σ the expiry's ATM IV and t = days / 365 (≈ S ± S σ √t). The price ends inside about 68% of the time if the IV is right; the ATM straddle (≈ 0.8 SD) is the expected absolute move, 0.85 × straddle the range it ends inside about half the time."
          inputs="S, each expiry's ATM IV and days"
          asOf={data.asOf}
        />
      </h2>
      <div className="mt-2 h-56" data-testid="cone-chart">
        <ComposedChart responsive style={{ width: '100%', height: '100%' }} data={rows}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="days" type="number" tick={axis} />
          <YAxis tick={axis} width={56} domain={['auto', 'auto']} tickFormatter={(v: number) => `$${formatNumber(v, { digits: 0 })}`} />
          <Tooltip
            formatter={(v) => (Array.isArray(v) ? v.map((x) => `$${formatNumber(Number(x))}`).join(' – ') : `$${formatNumber(Number(v))}`)}
            labelFormatter={(d) => `${String(d)} days`}
          />
          <Area dataKey="band" name="1 SD range" stroke="#1d4ed8" fill="#bfdbfe" isAnimationActive={false} />
          <ReferenceLine y={data.price} stroke="#64748b" strokeDasharray="4 4" />
        </ComposedChart>
      </div>
    </section>
  );
}

function SkewSection({ data }: { data: SurfaceView }) {
  const [exp, setExp] = useState<string | null>(null);
  const chosen = data.skew.find((s) => s.expiration === exp) ?? data.skew.find((s) => s.days >= 20) ?? data.skew[0];
  return (
    <section aria-labelledby="skew-h" className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="skew-h" className="flex items-center gap-1 font-semibold text-slate-900">
          Skew per expiry
          <FormulaTip
            label="Skew"
            formula="The out-of-the-money IV by strike (puts below the price, calls above). RR25 = IV(25Δ call) − IV(25Δ put): negative when puts are richer, as usual for equities. BF25 = (IV(25Δ call) + IV(25Δ put)) / 2 − IV(ATM): the smile's curvature."
            inputs="each contract's IV and delta"
            asOf={data.asOf}
          />
        </h2>
        {chosen && (
          <label className="text-sm">
            Expiry{' '}
            <select value={chosen.expiration} onChange={(e) => setExp(e.target.value)} className="rounded border border-slate-300 px-1 py-0.5">
              {data.skew.map((s) => (
                <option key={s.expiration} value={s.expiration}>
                  {formatExpiry(s.expiration)} ({plural(s.days, 'day')})
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {chosen && (
        <div className="h-56" data-testid="skew-chart">
          <LineChart responsive style={{ width: '100%', height: '100%' }} data={chosen.smile}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis dataKey="strike" type="number" domain={['dataMin', 'dataMax']} tick={axis} tickFormatter={formatLevel} />
            <YAxis tickFormatter={(v: number) => pct(v, 0)} tick={axis} width={48} domain={['auto', 'auto']} />
            <Tooltip formatter={(v) => pct(Number(v))} labelFormatter={(k) => `Strike ${formatLevel(Number(k))}`} />
            <ReferenceLine x={data.price} stroke="#64748b" strokeDasharray="4 4" />
            <Line dataKey="iv" name="IV" stroke="#7c3aed" dot={false} strokeWidth={2} isAnimationActive={false} />
          </LineChart>
        </div>
      )}
      {/* Scrolls on its own, so it takes the keyboard focus (arrow keys scroll it). */}
      <div className="relative max-h-72 overflow-auto" tabIndex={0} role="region" aria-label="Skew by expiry">
        <table className="min-w-full text-right text-sm tabular-nums" data-testid="skew-table">
          <thead className="sticky top-0 bg-white text-xs text-slate-700">
            <tr>
              <th className="px-2 py-1 text-left">Expiry</th>
              <th className="px-2 py-1">Days</th>
              <th className="px-2 py-1">ATM IV</th>
              <th className="px-2 py-1">25Δ put</th>
              <th className="px-2 py-1">25Δ call</th>
              <th className="px-2 py-1">RR25</th>
              <th className="px-2 py-1">BF25</th>
            </tr>
          </thead>
          <tbody>
            {data.skew.map((s) => (
              <tr key={s.expiration} className="border-t border-slate-100">
                <td className="px-2 py-1 text-left">{formatExpiry(s.expiration)}</td>
                <td className="px-2 py-1">{s.days}</td>
                <td className="px-2 py-1">{pct(s.atmIv)}</td>
                <td className="px-2 py-1">{pct(s.put25)}</td>
                <td className="px-2 py-1">{pct(s.call25)}</td>
                <td className="px-2 py-1">{pct(s.riskReversal)}</td>
                <td className="px-2 py-1">{pct(s.butterfly)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Blue (low) to red (high) across the surface's own range. */
function heat(iv: number, lo: number, hi: number): string {
  const t = hi > lo ? (iv - lo) / (hi - lo) : 0.5;
  const hue = 220 - 220 * t;
  return `hsl(${hue.toFixed(0)} 70% ${(85 - 25 * Math.abs(t - 0.5)).toFixed(0)}%)`;
}

function Heatmap({ data }: { data: SurfaceView }) {
  const all = data.grid.rows.flatMap((r) => r.cells).filter((x): x is number => x !== null);
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  return (
    <section aria-labelledby="surface-h" className="space-y-2 rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <h2 id="surface-h" className="flex items-center gap-1 font-semibold text-slate-900">
        The surface
        <FormulaTip
          label="Surface cell"
          formula="The out-of-the-money IV at strike K = moneyness × S, linear in strike between the two listed strikes around K (blank outside the listed strikes). Colour: blue lowest, red highest IV on this surface."
          inputs="each expiry's OTM contracts' IV"
          asOf={data.asOf}
        />
      </h2>
      <ScrollRegion className="relative" label="Volatility surface">
        <table className="min-w-full text-center text-xs tabular-nums" data-testid="surface-heatmap">
          <thead className="text-slate-700">
            <tr>
              <th className="px-1 py-1 text-left">Days \ K/S</th>
              {data.grid.moneyness.map((m) => (
                <th key={m} className="px-1 py-1">
                  {formatPercent(m, 1)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.grid.rows.map((r) => (
              <tr key={r.expiration}>
                <th scope="row" className="px-1 py-0.5 text-left font-medium" title={formatExpiry(r.expiration)}>
                  {r.days}
                </th>
                {r.cells.map((c, i) => (
                  <td key={i} className="px-1 py-0.5" style={c === null ? undefined : { background: heat(c, lo, hi) }}>
                    {c === null ? '' : formatNumber(c * 100, { digits: 1 })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
