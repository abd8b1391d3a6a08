import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { nounFor, plural } from '@shared/format/words';
import { PAYOFF_COLORS as COLORS, PayoffPlot } from './payoff-plot';
import { strike } from './strike';
import { addDays, daysBetween } from '@shared/market/dates';
import { analyzeAtExpiry, expectedMove, framePrices, payoffCurve, payoffFrame, type PayoffZoom, type StrategyLeg } from '@shared/strategy';
import { formatMoney, formatPnl } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';

/**
 * Prices the curves are computed at, plus every kink (strikes, breakevens, today): the line at expiry is straight
 * between kinks, so it is exact at any count, and 121 points keep the curve before expiry smooth at the chart's width.
 */
const CHART_POINTS = 121;

const ZOOMS: { id: PayoffZoom; label: string; title: string }[] = [
  { id: 'focus', label: 'Focused', title: 'The strikes, the breakevens, today and the expected move' },
  { id: 'wide', label: 'Wider', title: 'Twice as wide, and the ±2σ move' },
  { id: 'full', label: '70%–130%', title: "70% to 130% of today's price" },
];

interface Props {
  legs: readonly StrategyLeg[];
  spot: number;
  today: string;
  /** The price's date in words where `today` is a past day (the builder as of a backtest's entry, a post's reference day). */
  spotDate?: string;
  multiplier: number;
  /** The chain's at-the-money IV, for the expected-move bands. */
  iv: number | null;
  /** A realized result to mark across the graph (the journal's trade page: where the trade actually ended). */
  exit?: { pnl: number; label: string };
}

/**
 * The payoff graph (spec part 3 §2, §9): P&L at expiry and on a target date for the whole position. The price axis is
 * framed around the strikes, the breakevens, today's price and the expected move (payoffFrame in shared/strategy),
 * widened on request; profit and loss are shaded, breakevens and today's price marked. The chart is a slider over
 * price: a pointer or the arrow keys move a cursor, and the P&L there is written out below it. Shared by the strategy builder and the learning area's payoff widget.
 */
export function PayoffChart({ legs, spot, today, spotDate, multiplier, iv, exit }: Props) {
  const id = useId();
  const firstExpiry = legs.map((l) => l.expiration).sort()[0] ?? today;
  const days = Math.max(0, daysBetween(today, firstExpiry));
  const [chosen, setChosen] = useState(0);
  const [zoom, setZoom] = useState<PayoffZoom>('focus');
  const [cursorChoice, setCursor] = useState<number | null>(null);
  const offset = Math.min(chosen, days);
  const targetDate = addDays(today, offset);
  const market = useMemo(() => ({ spot, asOf: today, multiplier, targetDate, ...(iv ? { iv } : {}) }), [spot, today, multiplier, targetDate, iv]);

  const strikes = useMemo(() => [...new Set(legs.map((l) => l.strike))].sort((a, b) => a - b), [legs]);
  const breakevens = useMemo(
    () => analyzeAtExpiry(legs, { spot, asOf: today, multiplier, ...(iv ? { iv } : {}) }).breakevens.filter((b) => b > 0),
    [legs, spot, today, multiplier, iv],
  );
  const move = useMemo(() => (iv ? expectedMove(spot, iv, days / 365) : null), [spot, iv, days]);
  const frame = useMemo(() => payoffFrame({ spot, strikes, breakevens, move }, zoom), [spot, strikes, breakevens, move, zoom]);
  const data = useMemo(
    () => payoffCurve(legs, { ...market, prices: framePrices(frame, [...strikes, ...breakevens, spot], CHART_POINTS) }),
    [legs, market, frame, strikes, breakevens, spot],
  );
  const cursor = clamp(cursorChoice ?? spot, frame.low, frame.high);
  const reading = useMemo(() => payoffCurve(legs, { ...market, prices: [cursor] })[0]!, [legs, market, cursor]);
  const best = Math.max(...data.map((p) => p.expiry));
  const worst = Math.min(...data.map((p) => p.expiry));
  const onExpiryDay = offset === days;

  const toPriceRef = useRef<PixelToPrice | null>(null);
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    const svg = e.currentTarget.querySelector('svg');
    const price = svg && toPriceRef.current?.(e.clientX - svg.getBoundingClientRect().left);
    if (typeof price === 'number') setCursor(round2(price));
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const { step, low, high } = frame;
    const snap = (x: number) => Math.round(x / step) * step;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? snap(cursor + step)
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? snap(cursor - step)
          : e.key === 'PageUp'
            ? snap(cursor + 10 * step)
            : e.key === 'PageDown'
              ? snap(cursor - 10 * step)
              : e.key === 'Home'
                ? low
                : e.key === 'End'
                  ? high
                  : null;
    if (next === null) return;
    e.preventDefault();
    setCursor(clamp(next, low, high));
  };

  const readout = `At ${formatMoney(cursor)}: ${formatPnl(reading.expiry)} at expiry (${formatShortDate(firstExpiry)})${
    onExpiryDay || reading.target === null ? '' : `, ${formatPnl(reading.target)} on ${formatShortDate(targetDate)}`
  }`;

  return (
    <figure className="space-y-3" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="text-sm text-slate-700">
        P&amp;L of the whole position (× {multiplier}) for prices from {strike(frame.low)} to {strike(frame.high)}: at expiry between{' '}
        {/* A sign never ends a line apart from its amount. */}
        <span className="whitespace-nowrap">{formatPnl(worst)}</span> and <span className="whitespace-nowrap">{formatPnl(best)}</span> over this range.
      </figcaption>
      <div role="group" aria-labelledby={`${id}-range`} className="flex flex-wrap items-center gap-1.5 text-xs">
        <span id={`${id}-range`} className="font-semibold text-slate-700">
          Price range
        </span>
        {ZOOMS.map((z) => (
          <button
            key={z.id}
            type="button"
            title={z.title}
            aria-pressed={zoom === z.id}
            onClick={() => setZoom(z.id)}
            className={`rounded-full px-3 py-1 font-semibold ring-1 ring-inset ${zoom === z.id ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            {z.label}
          </button>
        ))}
      </div>
      <div
        role="slider"
        tabIndex={0}
        aria-label="Price to read the P&L at"
        aria-valuemin={frame.low}
        aria-valuemax={frame.high}
        aria-valuenow={cursor}
        aria-valuetext={formatMoney(cursor)}
        aria-describedby={`${id}-keys`}
        onKeyDown={onKey}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        style={{ touchAction: 'pan-y' }}
        className="h-72 w-full rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 sm:h-80"
        data-testid="payoff-graph"
      >
        <PayoffPlot
          data={data}
          frame={frame}
          strikes={strikes}
          breakevens={breakevens}
          spot={spot}
          move={move}
          exit={exit}
          cursor={{ price: cursor, expiry: reading.expiry, target: onExpiryDay ? null : reading.target }}
          showTarget={!onExpiryDay}
          pixelToPrice={toPriceRef}
          strikeLabel={strike}
          spotLabel={spotDate}
        />
      </div>
      <p id={`${id}-keys`} className="text-xs text-slate-600">
        Point at the chart, or focus it and use the arrow keys (Page Up and Page Down for bigger steps, Home and End for the ends), to read the P&amp;L at any
        price.
      </p>
      <p aria-live="polite" className="rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium tabular-nums text-slate-900" data-testid="payoff-readout">
        {readout}
      </p>
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
          <span aria-hidden className="inline-block h-3 w-4 rounded-sm" style={{ background: COLORS.profit, opacity: 0.35 }} />
          Profit at expiry
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-4 rounded-sm" style={{ background: COLORS.loss, opacity: 0.3 }} />
          Loss at expiry
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-0.5" style={{ background: COLORS.spot }} />
          {spotDate ? `Price on ${spotDate}` : 'Today’s price'} {formatMoney(spot)}
        </li>
        <li className="flex items-center gap-1.5" data-testid="payoff-breakevens">
          <span aria-hidden className="inline-block h-3 w-0.5" style={{ background: COLORS.breakeven }} />
          {breakevens.length === 0 ? 'No breakeven' : `${nounFor(breakevens.length, 'Breakeven')} (BE) ${breakevens.map((b) => formatMoney(b)).join(' and ')}`}
        </li>
        <li className="flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-0 border-l-2 border-dashed" style={{ borderColor: COLORS.strike }} />
          Strikes {strikes.map((k) => strike(k)).join(', ')}
        </li>
        {move && (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden
              className="inline-block h-3 w-5 rounded-sm ring-1 ring-inset ring-sky-200"
              style={{ background: `linear-gradient(90deg, ${COLORS.band2}, ${COLORS.band1}, ${COLORS.band2})` }}
            />
            Expected move to expiry: ±1σ {strike(Math.round(move.oneSigma.low))}–{strike(Math.round(move.oneSigma.high))}, ±2σ{' '}
            {strike(Math.round(move.twoSigma.low))}–{strike(Math.round(move.twoSigma.high))}
          </li>
        )}
      </ul>
      <div>
        <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
          Target date: {formatShortDate(targetDate)} ({offset === 0 ? 'today' : `in ${plural(offset, 'day')}`}, {plural(days - offset, 'day')} before expiry)
        </label>
        <input
          id={`${id}-date`}
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

type PixelToPrice = (x: number) => number | null;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const round2 = (x: number) => Math.round(x * 100) / 100;
