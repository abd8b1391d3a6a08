import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { scaleLinear } from 'd3-scale';
import { area, curveLinear, curveMonotoneX, line } from 'd3-shape';
import { formatWholeDollars } from '@shared/format/money';

// The neutral colours are the theme's (Tailwind's variables, which the dark theme remaps), so the chart turns dark with
// the page; the fallbacks are the light theme's values.
export const PAYOFF_COLORS = {
  expiry: 'var(--color-slate-900, #0f172a)',
  target: '#2563eb',
  spot: '#b45309',
  strike: 'var(--color-slate-400, #94a3b8)',
  breakeven: '#7c3aed',
  band1: 'var(--color-sky-100, #e0f2fe)',
  band2: 'var(--color-sky-50, #f0f9ff)',
  zero: 'var(--color-slate-500, #64748b)',
  profit: '#16a34a',
  loss: '#dc2626',
  cursor: 'var(--color-slate-700, #334155)',
  grid: 'var(--color-slate-200, #e2e8f0)',
  tick: 'var(--color-slate-700, #334155)',
};
const C = PAYOFF_COLORS;

export interface PayoffPoint {
  price: number;
  expiry: number;
  target: number | null;
}

export interface PayoffPlotProps {
  data: readonly PayoffPoint[];
  frame: { low: number; high: number; ticks: readonly number[] };
  strikes: readonly number[];
  breakevens: readonly number[];
  spot: number;
  move: { oneSigma: { low: number; high: number }; twoSigma: { low: number; high: number } } | null;
  exit?: { pnl: number; label: string };
  cursor: { price: number; expiry: number; target: number | null };
  showTarget: boolean;
  /** Receives the plot's pixel-to-price conversion (x from the svg's left edge; null outside the plot). */
  pixelToPrice: RefObject<((x: number) => number | null) | null>;
  strikeLabel: (k: number) => string;
  /** What the spot line is called: 'Today', or the date the price is of (a past day's chart). */
  spotLabel?: string;
}

const MARGIN = { top: 20, right: 18, bottom: 26, left: 68 };
/** Before the container is measured (and in jsdom, which lays nothing out), the plot is drawn at this size. */
const FALLBACK = { width: 640, height: 300 };

/**
 * The payoff graph's drawing: plain SVG from d3-scale and d3-shape, React rendering ~20 elements. A lesson's sliders and
 * the builder's redraw it on every move, and a charting library's per-render bookkeeping cost more than the frame
 * (bench learning-widget: recharts measured 22–23 ms a move at any point count; this draws in a fraction of that).
 * Fills the element it is in; the grid, the ±1σ/±2σ bands, profit and loss shading, strikes, breakevens, today's price,
 * the curves at expiry and on the target date, and the cursor with its dots.
 */
export function PayoffPlot({ pixelToPrice: pixelToPriceRef, ...p }: PayoffPlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const size = useSize(box);
  const width = size.width || FALLBACK.width;
  const height = size.height || FALLBACK.height;
  const w = Math.max(10, width - MARGIN.left - MARGIN.right);
  const h = Math.max(10, height - MARGIN.top - MARGIN.bottom);

  const x = useMemo(() => scaleLinear().domain([p.frame.low, p.frame.high]).range([0, w]), [p.frame.low, p.frame.high, w]);
  const y = useMemo(() => {
    let lo = 0;
    let hi = 0;
    for (const d of p.data) {
      lo = Math.min(lo, d.expiry, d.target ?? d.expiry);
      hi = Math.max(hi, d.expiry, d.target ?? d.expiry);
    }
    if (p.exit) {
      lo = Math.min(lo, p.exit.pnl);
      hi = Math.max(hi, p.exit.pnl);
    }
    if (lo === hi) hi = lo + 1;
    return scaleLinear().domain([lo, hi]).range([h, 0]).nice(6);
  }, [p.data, p.exit, h]);

  useEffect(() => {
    pixelToPriceRef.current = (px: number) => {
      const at = px - MARGIN.left;
      if (at < 0 || at > w) return null;
      const price = x.invert(at);
      return Number.isFinite(price) ? price : null;
    };
  }, [pixelToPriceRef, x, w]);
  const clip = `payoff-clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const paths = useMemo(() => {
    const zero = y(0);
    const shade = (pick: (d: PayoffPoint) => number) =>
      area<PayoffPoint>()
        .x((d) => x(d.price))
        .y0(zero)
        .y1((d) => y(pick(d)))
        .curve(curveLinear)(p.data as PayoffPoint[]) ?? '';
    const expiry =
      line<PayoffPoint>()
        .x((d) => x(d.price))
        .y((d) => y(d.expiry))
        .curve(curveLinear)(p.data as PayoffPoint[]) ?? '';
    const target =
      line<PayoffPoint>()
        .defined((d) => d.target !== null)
        .x((d) => x(d.price))
        .y((d) => y(d.target!))
        .curve(curveMonotoneX)(p.data as PayoffPoint[]) ?? '';
    return { profit: shade((d) => Math.max(d.expiry, 0)), loss: shade((d) => Math.min(d.expiry, 0)), expiry, target };
  }, [p.data, x, y]);

  const inside = (v: number) => v >= p.frame.low && v <= p.frame.high;
  // Price labels never overlap: on a narrow plot every second (third…) tick is labelled, as a label is ~7 px a character.
  const xTicks = p.frame.ticks.filter(inside);
  const widest = Math.max(0, ...xTicks.map((t) => formatWholeDollars(t).length)) * 7 + 10;
  const gap = xTicks.length > 1 ? x(xTicks[1]!) - x(xTicks[0]!) : w;
  const every = Math.max(1, Math.ceil(widest / Math.max(1, gap)));
  const xLabels = xTicks.filter((_, i) => i % every === 0);
  const band = (b: { low: number; high: number }, fill: string) => {
    const lo = Math.max(b.low, p.frame.low);
    const hi = Math.min(b.high, p.frame.high);
    return hi > lo ? <rect x={x(lo)} width={x(hi) - x(lo)} y={0} height={h} fill={fill} fillOpacity={0.9} /> : null;
  };
  const vline = (v: number, stroke: string, extra: { dash?: string; width?: number } = {}) => (
    <line x1={x(v)} x2={x(v)} y1={0} y2={h} stroke={stroke} strokeWidth={extra.width ?? 1} strokeDasharray={extra.dash} />
  );

  return (
    <div ref={box} className="h-full w-full">
      <svg width={width} height={height} className="payoff-plot block" aria-hidden="true" focusable="false">
        <defs>
          <clipPath id={clip}>
            <rect width={w} height={h} />
          </clipPath>
        </defs>
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <g className="payoff-grid" stroke={C.grid} strokeDasharray="3 3">
            {p.frame.ticks.filter(inside).map((t) => (
              <line key={`gx${t}`} x1={x(t)} x2={x(t)} y1={0} y2={h} />
            ))}
            {y.ticks(6).map((t) => (
              <line key={`gy${t}`} x1={0} x2={w} y1={y(t)} y2={y(t)} />
            ))}
          </g>
          {p.move && band(p.move.twoSigma, C.band2)}
          {p.move && band(p.move.oneSigma, C.band1)}
          <g clipPath={`url(#${clip})`}>
            <path d={paths.profit} fill={C.profit} fillOpacity={0.18} />
            <path d={paths.loss} fill={C.loss} fillOpacity={0.15} />
          </g>
          <line className="payoff-ref" x1={0} x2={w} y1={y(0)} y2={y(0)} stroke={C.zero} />
          {p.exit && (
            <g className="payoff-ref">
              <line x1={0} x2={w} y1={y(p.exit.pnl)} y2={y(p.exit.pnl)} stroke={C.cursor} strokeWidth={2} strokeDasharray="6 3" />
              <text x={4} y={y(p.exit.pnl) - 5} fill={C.cursor} fontSize={11}>
                {p.exit.label}
              </text>
            </g>
          )}
          {p.strikes.filter(inside).map((k) => (
            <g key={`k${k}`} className="payoff-ref">
              {vline(k, C.strike, { dash: '4 4' })}
            </g>
          ))}
          {p.breakevens.filter(inside).map((b, i) => {
            // Near a breakeven the P&L is about zero, so the top of the plot is clear; the first of several is labelled on its left.
            const left = i === 0 && p.breakevens.length > 1;
            return (
              <g key={`b${b}`} className="payoff-ref">
                {vline(b, C.breakeven, { width: 1.5 })}
                <text x={x(b) + (left ? -4 : 4)} y={12} textAnchor={left ? 'end' : 'start'} fill={C.breakeven} fontSize={11}>
                  BE {p.strikeLabel(Math.round(b * 100) / 100)}
                </text>
              </g>
            );
          })}
          {inside(p.spot) && (
            <g className="payoff-ref">
              {vline(p.spot, C.spot, { width: 2 })}
              <text x={x(p.spot)} y={-6} textAnchor="middle" fill={C.spot} fontSize={12}>
                {p.spotLabel ?? 'Today'} {p.strikeLabel(Math.round(p.spot * 100) / 100)}
              </text>
            </g>
          )}
          <g className="payoff-curve" clipPath={`url(#${clip})`}>
            <path d={paths.expiry} fill="none" stroke={C.expiry} strokeWidth={2} />
          </g>
          {p.showTarget && (
            <g className="payoff-curve" clipPath={`url(#${clip})`}>
              <path d={paths.target} fill="none" stroke={C.target} strokeWidth={2} strokeDasharray="6 3" />
            </g>
          )}
          {inside(p.cursor.price) && (
            <g className="payoff-cursor">
              {vline(p.cursor.price, C.cursor, { dash: '2 3' })}
              <circle cx={x(p.cursor.price)} cy={y(p.cursor.expiry)} r={4} fill={C.expiry} stroke="#fff" />
              {p.cursor.target !== null && <circle cx={x(p.cursor.price)} cy={y(p.cursor.target)} r={4} fill={C.target} stroke="#fff" />}
            </g>
          )}
          <g className="payoff-axis" fontSize={12} fill={C.tick}>
            <line x1={0} x2={w} y1={h} y2={h} stroke="#94a3b8" />
            {xLabels.map((t) => (
              <text key={`tx${t}`} x={x(t)} y={h + 18} textAnchor="middle">
                {formatWholeDollars(t)}
              </text>
            ))}
            <line x1={0} x2={0} y1={0} y2={h} stroke="#94a3b8" />
            {y.ticks(6).map((t) => (
              <text key={`ty${t}`} x={-8} y={y(t) + 4} textAnchor="end">
                {formatWholeDollars(t)}
              </text>
            ))}
          </g>
        </g>
      </svg>
    </div>
  );
}

/** The element's content size, followed with a ResizeObserver (0 × 0 until measured). */
function useSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const width = Math.floor(el.clientWidth);
      const height = Math.floor(el.clientHeight);
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(read);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}
