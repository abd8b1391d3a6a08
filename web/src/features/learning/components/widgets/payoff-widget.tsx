import { formatPercent } from '@shared/format/number';
import { useId, useState } from 'react';
import type { PublicWidget } from '@web/api/learning';
import { PayoffChart } from '@web/components/strategy/payoff-chart';
import { formatMoney } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';

type PayoffWidgetSpec = Extract<PublicWidget, { kind: 'payoff' }>;

/**
 * The payoff widget (issue 17): the strategy builder's own chart for the lesson's legs, with sliders for the
 * underlying's price and the implied volatility; the chart's own slider moves the date toward expiry.
 */
export function PayoffWidget({ widget }: { widget: PayoffWidgetSpec }) {
  const id = useId();
  const [spot, setSpot] = useState(widget.spot);
  const [iv, setIv] = useState(widget.iv);
  const low = Math.floor(widget.spot * 0.85);
  const high = Math.ceil(widget.spot * 1.15);
  return (
    <div className="space-y-3" data-testid="payoff-widget">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-spot`} className="flex justify-between gap-2 text-sm font-medium text-slate-800">
            <span>{widget.underlying} price today</span>
            <span className="tabular-nums">{formatMoney(spot)}</span>
          </label>
          <input
            id={`${id}-spot`}
            type="range"
            min={low}
            max={high}
            step={0.5}
            value={spot}
            aria-valuetext={formatMoney(spot)}
            onChange={(e) => setSpot(Number(e.target.value))}
            className="mt-1 w-full accent-brand-700"
            data-testid="payoff-spot"
          />
        </div>
        <div>
          <label htmlFor={`${id}-iv`} className="flex justify-between gap-2 text-sm font-medium text-slate-800">
            <span>Implied volatility</span>
            <span className="tabular-nums">{formatPercent(iv, 0)}</span>
          </label>
          <input
            id={`${id}-iv`}
            type="range"
            min={0.05}
            max={1}
            step={0.01}
            value={iv}
            aria-valuetext={formatPercent(iv, 0)}
            onChange={(e) => setIv(Number(e.target.value))}
            className="mt-1 w-full accent-brand-700"
          />
        </div>
      </div>
      <PayoffChart legs={widget.legs} spot={spot} today={widget.asOf.slice(0, 10)} multiplier={1} iv={iv} />
      <p className="text-xs text-slate-600">
        Premiums from the {widget.underlying} chain, end of day {formatShortDate(widget.asOf.slice(0, 10))}; {widget.underlying} closed at{' '}
        {formatMoney(widget.spot)}.
      </p>
    </div>
  );
}
