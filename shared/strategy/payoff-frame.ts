import type { ExpectedMove } from './analytics';

/** How far the payoff graph's price axis reaches: around what matters, twice that, or the spec's 70%–130%. */
export const PAYOFF_ZOOMS = ['focus', 'wide', 'full'] as const;
export type PayoffZoom = (typeof PAYOFF_ZOOMS)[number];

export interface PayoffFrameInput {
  /** Today's price of the underlying. */
  spot: number;
  strikes: readonly number[];
  /** Prices where the P&L at expiry is zero. */
  breakevens: readonly number[];
  /** The expected move to the first expiry (from the chain's IV); null when no IV is known. */
  move?: Pick<ExpectedMove, 'oneSigma' | 'twoSigma'> | null;
}

export interface PayoffFrame {
  /** The price axis, in dollars: low ≥ 0, on the tick grid. */
  low: number;
  high: number;
  /** Axis ticks from low to high, `tick` apart. */
  ticks: number[];
  tick: number;
  /** One press of an arrow key on the chart: a round step of about 1% of the width. */
  step: number;
}

/** Share of the span of the points of interest added on each side, so no kink sits on the edge. */
const PADDING = 0.2;
/** The narrowest frame before padding, as a share of the spot: one strike at the money with no IV still shows ±3%. */
const MIN_SPAN = 0.06;
/** The spec's fixed range, part 3 §9: 70% to 130% of the current price. */
const FULL_RANGE = [0.7, 1.3] as const;
/** At least this many tick intervals across (and fewer than twice as many). */
const MIN_TICKS = 6;
const STEPS_ACROSS = 100;

/**
 * The price range of the payoff graph. 'focus' frames what a beginner needs to see: every strike, every breakeven,
 * today's price and the ±1σ expected move to expiry, padded by a fifth of their span on each side (at least ±3% of
 * the spot before padding). 'wide' doubles that around its centre and takes in the ±2σ move; 'full' adds the spec's 70%–130% of the
 * spot. Each frame contains the one before; none goes below 0. Ends are rounded out to a tick of 1, 2, 2.5 or 5 × 10ⁿ
 * dollars, six to twelve ticks across.
 */
export function payoffFrame(input: PayoffFrameInput, zoom: PayoffZoom = 'focus'): PayoffFrame {
  const { spot, move } = input;
  const valid = (x: number) => Number.isFinite(x) && x > 0;
  const points = [spot, ...input.strikes, ...input.breakevens, ...(move ? [move.oneSigma.low, move.oneSigma.high] : [])].filter(valid);
  let a = Math.min(...points);
  let b = Math.max(...points);
  const minSpan = MIN_SPAN * spot;
  if (b - a < minSpan) {
    const mid = (a + b) / 2;
    a = mid - minSpan / 2;
    b = mid + minSpan / 2;
  }
  const pad = PADDING * (b - a);
  let low = a - pad;
  let high = b + pad;
  if (zoom !== 'focus') {
    const mid = (low + high) / 2;
    const half = high - low;
    low = Math.min(mid - half, ...(move ? [move.twoSigma.low] : []));
    high = Math.max(mid + half, ...(move ? [move.twoSigma.high] : []));
  }
  if (zoom === 'full') {
    low = Math.min(low, FULL_RANGE[0] * spot);
    high = Math.max(high, FULL_RANGE[1] * spot);
  }
  if (zoom !== 'focus') {
    // The frame before, as drawn (its ends rounded out to its own tick): a coarser tick can round this frame's end
    // inside it (wide 120 on a $20 tick, full 125 on a $25 one), and zooming out must never cut anything off.
    const inner = payoffFrame(input, zoom === 'full' ? 'wide' : 'focus');
    low = Math.min(low, inner.low);
    high = Math.max(high, inner.high);
  }
  low = Math.max(0, low);
  const tick = niceStep((high - low) / MIN_TICKS, 'down');
  low = Math.max(0, Math.floor(low / tick + 1e-9) * tick);
  high = Math.ceil(high / tick - 1e-9) * tick;
  const count = Math.round((high - low) / tick);
  const ticks = Array.from({ length: count + 1 }, (_, i) => round(low + i * tick));
  return { low: round(low), high: round(high), ticks, tick, step: niceStep((high - low) / STEPS_ACROSS) };
}

/**
 * The prices the graph is drawn through: `points` evenly spaced from low to high, plus the kinks inside the frame
 * (strikes, breakevens), so the lines bend exactly where the payoff does and the shading changes sign at the
 * breakevens. Ascending, without repeats.
 */
export function framePrices(frame: Pick<PayoffFrame, 'low' | 'high'>, kinks: readonly number[], points = 201): number[] {
  const n = Math.max(2, Math.floor(points));
  const grid = Array.from({ length: n }, (_, i) => frame.low + ((frame.high - frame.low) * i) / (n - 1));
  const inside = kinks.filter((k) => Number.isFinite(k) && k > frame.low && k < frame.high);
  const out: number[] = [];
  for (const x of [...grid, ...inside].sort((p, q) => p - q)) if (out.length === 0 || x - out[out.length - 1]! > 1e-9) out.push(x);
  return out;
}

/** The round number (1, 2, 2.5 or 5 × 10ⁿ) nearest to x from above, or from below. */
export function niceStep(x: number, direction: 'up' | 'down' = 'up'): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  const units = [1, 2, 2.5, 5, 10];
  const unit = direction === 'up' ? units.find((m) => m * power >= x * (1 - 1e-9))! : units.findLast((m) => m * power <= x * (1 + 1e-9))!;
  return round(unit * power);
}

/** Away with binary noise (0.1 + 0.2): every figure here is a number of cents or coarser. */
const round = (x: number) => Math.round(x * 1e6) / 1e6;
