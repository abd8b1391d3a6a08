import { useMemo, useState } from 'react';
import type { PublicWidget } from '@web/api/learning';
import { Button } from '@web/components/ui/button';
import { ScrollX } from '../scroll-x';
import { expiryPnl, netPremium } from '@shared/strategy';
import { formatMoney, formatPnl } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { optionTypeLabel } from '@shared/format/options';

type StepperWidget = Extract<PublicWidget, { kind: 'expiry-stepper' }>;

/** The "at expiry" stepper (issue 17): the underlying's price at expiry, step by step, with each leg's and the total P&L. */
export function ExpiryStepper({ widget }: { widget: StepperWidget }) {
  const [at, setAt] = useState(0);
  const price = widget.prices[at] ?? 0;
  const perLeg = useMemo(() => widget.legs.map((leg) => expiryPnl([leg])), [widget.legs]);
  const total = useMemo(() => expiryPnl(widget.legs), [widget.legs]);
  const paid = netPremium(widget.legs);
  const expiry = widget.legs[0]?.expiration;
  return (
    <div className="space-y-3" data-testid="expiry-stepper">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={() => setAt((i) => Math.max(0, i - 1))} disabled={at === 0}>
          ← Lower price
        </Button>
        <p className="min-w-[12rem] text-center text-sm font-semibold tabular-nums text-slate-900" aria-live="polite" data-testid="stepper-price">
          {widget.underlying} at {formatMoney(price)} on expiry{expiry ? ` (${formatShortDate(expiry)})` : ''}
        </p>
        <Button variant="secondary" onClick={() => setAt((i) => Math.min(widget.prices.length - 1, i + 1))} disabled={at === widget.prices.length - 1}>
          Higher price →
        </Button>
      </div>
      <ScrollX>
        <table className="w-full text-sm tabular-nums">
          <caption className="sr-only">
            P&amp;L of each leg at expiry with {widget.underlying} at {formatMoney(price)}
          </caption>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Leg
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Premium
              </th>
              <th scope="col" className="py-1 font-semibold">
                P&amp;L at expiry
              </th>
            </tr>
          </thead>
          <tbody>
            {widget.legs.map((leg, i) => (
              <tr key={i} className="border-t border-slate-200">
                <td className="py-1.5 pr-3">
                  {leg.action === 'buy' ? 'Buy' : 'Sell'} {leg.quantity} {formatMoney(leg.strike)} {optionTypeLabel(leg.optionType)}
                </td>
                <td className="py-1.5 pr-3">{formatMoney(leg.premium)}</td>
                <td className="py-1.5">{formatPnl(perLeg[i]!(price))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold">
              <th scope="row" className="py-1.5 pr-3 text-left">
                Total
              </th>
              <td className="py-1.5 pr-3">{paid < 0 ? `${formatMoney(-paid)} paid` : `${formatMoney(paid)} received`}</td>
              <td className="py-1.5" data-testid="stepper-total">
                {formatPnl(total(price))}
              </td>
            </tr>
          </tfoot>
        </table>
      </ScrollX>
      <p className="text-xs text-slate-600">
        Per contract of 100 shares: each leg&apos;s value at expiry is what it is worth in the money, less or plus its premium.
      </p>
    </div>
  );
}
