import { useId, type ReactNode } from 'react';
import type { IndianGreeksInput, IndianGreeksResult } from '@shared/market/india/greeks-calculator';
import { formatMoney } from '@shared/format/money';
import { formatNumber } from '@shared/format/number';
import { ScrollRegion } from '@web/components/ui/scroll-region';
import { formulaLines } from '../lib/formula-tex';
import { Formula } from './formula';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const inr = (x: number) => formatMoney(x, 'INR');

/** The table's rows: money in rupees with Indian grouping; delta and gamma, which are not money per share, as numbers. */
function greekRows(v: IndianGreeksResult) {
  return [
    { name: 'Premium', meaning: 'What the option is worth', perShare: inr(v.perShare.price), perLot: inr(v.perLot.price) },
    {
      name: 'Delta',
      meaning: 'Change for a ₹1 rise in the spot (per lot: in rupees)',
      perShare: formatNumber(v.perShare.delta, { digits: 4 }),
      perLot: inr(v.perLot.delta),
    },
    {
      name: 'Gamma',
      meaning: 'Change in delta for a ₹1 rise',
      perShare: formatNumber(v.perShare.gamma, { digits: 6 }),
      perLot: formatNumber(v.perLot.gamma, { digits: 4 }),
    },
    { name: 'Theta', meaning: 'Change in value over one calendar day', perShare: inr(v.perShare.theta), perLot: inr(v.perLot.theta) },
    { name: 'Vega', meaning: 'Change for 1 point more volatility', perShare: inr(v.perShare.vega), perLot: inr(v.perLot.vega) },
    { name: 'Rho', meaning: 'Change for 1 point more interest', perShare: inr(v.perShare.rho), perLot: inr(v.perLot.rho) },
  ];
}

/**
 * The price and Greeks per share and per lot, or, before there is a price, what the learner needs to do (`waiting`):
 * never an error the learner did not cause. `label` names the contract ("NIFTY 1 Dec 2026 ₹26,000.00 call (CE)") and
 * `footer` says where the figures come from and of which date.
 */
export function Results({
  input,
  result,
  label,
  waiting,
  footer,
}: {
  input: IndianGreeksInput | null;
  result: IndianGreeksResult | null;
  label: string;
  waiting: ReactNode;
  footer?: ReactNode;
}) {
  const headingId = useId();
  const formulaId = useId();
  const days = result?.daysToExpiry;
  return (
    <div className="min-w-0 space-y-8 lg:col-span-3">
      <section aria-labelledby={headingId} className={card}>
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Price and Greeks
        </h2>
        {!input || !result ? (
          <div role="status" className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
            {waiting}
          </div>
        ) : (
          <>
            <p role="status" className="mt-2 text-sm text-slate-700">
              {label}, {days === 1 ? '1 day' : `${days} days`} to expiry: <strong className="text-slate-900">{inr(result.perShare.price)}</strong> a share,{' '}
              <strong className="text-slate-900">{inr(result.perLot.price)}</strong> a lot of {input.lotSize}.
            </p>
            <ScrollRegion label="Price and Greeks per share and per lot" className="mt-3">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-600">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Figure
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Per share
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Per lot of {input.lotSize}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {greekRows(result).map((row) => (
                    <tr key={row.name} className="border-b border-slate-100 align-top">
                      <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                        {row.name}
                        <span className="block text-xs font-normal text-slate-600">{row.meaning}</span>
                      </th>
                      <td className="whitespace-nowrap py-2 pr-3 text-right tabular-nums text-slate-900">{row.perShare}</td>
                      <td className="whitespace-nowrap py-2 text-right tabular-nums text-slate-900">{row.perLot}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        )}
        {footer && <div className="mt-3 space-y-1 text-xs text-slate-600">{footer}</div>}
      </section>

      {input && result && (
        <section aria-labelledby={formulaId} className={card}>
          <h2 id={formulaId} className="text-xl font-bold text-slate-900">
            The formula, with your numbers
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            N is the standard normal distribution. Theta is per calendar day; vega and rho are per 1 percentage point of volatility and of the rate.
          </p>
          <ol className="mt-3 space-y-3">
            {formulaLines(input, result).map((line) => (
              <li key={line.label}>
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{line.label}</p>
                <ScrollRegion label={line.label} className="text-xs sm:text-base">
                  <Formula tex={line.tex} />
                </ScrollRegion>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
