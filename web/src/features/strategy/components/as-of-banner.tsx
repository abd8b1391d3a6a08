import { Link, useLocation } from 'react-router-dom';
import { formatMoney } from '@shared/format/money';
import { formatPercent } from '@shared/format/number';
import { formatDayInWords } from '@shared/format/time';
import type { StrategyLeg } from '@shared/strategy';
import { useSameShapeToday } from '../hooks/use-same-shape-today';
import type { StrategyBuilder } from '../hooks/use-strategy-builder';

/** "Monday, March 16, 2026": the as-of day in words. */
export const asOfWords = (date: string): string => `${formatDayInWords(date)}, ${date.slice(0, 4)}`;

/**
 * The builder as of a past session (?asOf=, a backtest trade's "Open in builder"): says which day, that its prices are
 * the model's from that day's end-of-day surface (its close and IV30), that orders and drafts are off, and links back
 * to today's chain (the same page without asOf) and to the same shape laid on today's chain (use-same-shape-today.ts).
 */
export function AsOfBanner({ asOf, underlying, legs }: { asOf: NonNullable<StrategyBuilder['asOfDay']>; underlying: string; legs: readonly StrategyLeg[] }) {
  const location = useLocation();
  const sameShape = useSameShapeToday(underlying, legs, asOf.day ? { date: asOf.date, close: asOf.day.close } : null);
  const params = new URLSearchParams(location.search);
  params.delete('asOf');
  const today = `${location.pathname}?${params.toString()}`;
  const day = asOf.day;
  return (
    <aside aria-label="As of a past day" data-testid="as-of-banner" className="rounded-xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-200">
      <p>
        <span className="font-bold">As of {asOfWords(asOf.date)}.</span> Priced by the model from that day’s end-of-day surface, not traded quotes
        {day ? ` (close ${formatMoney(day.close)}, IV30 ${formatPercent(day.surface.iv30)})` : ''}: the same prices a backtest enters at. Days to expiry and the
        analysis count from that day.
      </p>
      <p className="mt-1">
        Orders and drafts are off in this view: that day has passed.{' '}
        <Link to={today} className="font-semibold underline">
          Back to today’s chain
        </Link>
        {sameShape && (
          <>
            {' · '}
            <Link to={sameShape} className="font-semibold underline" data-testid="same-shape-today">
              The same shape on today’s chain
            </Link>{' '}
            (each strike the same percentage from today’s price, on the expiry nearest as many days out)
          </>
        )}
      </p>
    </aside>
  );
}
