import { useId } from 'react';
import { fillTiming, fillTimingNote, type FillTiming } from '@shared/paper/market-hours';
import type { OrderType, WhenClosed } from '@shared/trading/order';

export { DEFAULT_WHEN_CLOSED } from '@shared/paper/market-hours';
export type { WhenClosed };

/**
 * What a paper order does while NYSE is closed, said before it is sent (issue 32): by default it waits for the next
 * session and fills at its prices, as at a broker; the learner may choose, in words, to fill at once at the last close
 * as a practice shortcut. Nothing is shown while the market is open.
 */
export function MarketHoursNote({
  type,
  whenClosed,
  onChange,
  now = new Date(),
}: {
  type: OrderType;
  whenClosed: WhenClosed;
  onChange: (whenClosed: WhenClosed) => void;
  now?: Date;
}) {
  const name = useId();
  const timing = fillTiming(now, whenClosed);
  if (timing.kind === 'now') return null;
  return (
    <fieldset className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="market-hours-note">
      <legend className="sr-only">The market is closed: when this order fills</legend>
      <p>{fillTimingNote(timing, type, now)}</p>
      <label className="flex items-start gap-2">
        <input type="radio" name={name} checked={whenClosed === 'next-session'} onChange={() => onChange('next-session')} className="mt-0.5" />
        <span>Wait for the next session, as a broker does</span>
      </label>
      <label className="flex items-start gap-2">
        <input type="radio" name={name} checked={whenClosed === 'last-close'} onChange={() => onChange('last-close')} className="mt-0.5" />
        <span>Fill now at the last close (practice shortcut)</span>
      </label>
    </fieldset>
  );
}

/** The order type the confirmation shows, with what the closed market does to it. */
export function orderTypeWithHours(orderType: string, whenClosed: WhenClosed, now = new Date()): string {
  const timing: FillTiming = fillTiming(now, whenClosed);
  if (timing.kind === 'now') return orderType;
  return timing.kind === 'last-close' ? `${orderType}, at the last close (practice shortcut)` : `${orderType}, queued for the next session`;
}
