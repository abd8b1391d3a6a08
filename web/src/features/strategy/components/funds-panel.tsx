import type { FundsAndMargins } from '@shared/strategy';
import { formatMoney } from '@shared/format/money';

/**
 * Funds & Margins (spec part 3 §2): what the trade costs and what the paper account sets aside for it. The premium is
 * at the mid, as the analysis; the buying power the order uses is its total charged (the prices it fills at now, with
 * commission, the price breakdown's total) plus the margin, as the paper account counts it (issue 24: one price).
 */
export function FundsPanel({ funds, buyingPower, charge }: { funds: FundsAndMargins; buyingPower: number | null; charge: number | null }) {
  const required = charge === null ? funds.required : charge + funds.margin;
  const after = buyingPower === null ? null : buyingPower - required;
  const rows: [string, string, string][] = [
    [
      'Standalone Funds',
      funds.netDebit >= 0 ? formatMoney(funds.netDebit) : `${formatMoney(-funds.netDebit)} credit`,
      'Premium paid for the position at the mid (a credit is received).',
    ],
    ['Standalone Margin', formatMoney(funds.margin), 'Buying power set aside for the sold legs: the spread width, or the strike for a cash-secured put.'],
    [
      'Buying power needed',
      formatMoney(Math.max(0, required)),
      charge === null
        ? 'Funds plus margin: what the paper account checks before it accepts the order.'
        : 'The total the order is charged, commission included, plus margin: what the paper account checks before it accepts the order.',
    ],
  ];
  return (
    <section aria-labelledby="funds-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="funds-h" className="text-lg font-bold text-slate-900">
        Funds &amp; Margins
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map(([k, v, hint]) => (
          <div key={k} className="flex items-start justify-between gap-4 py-2">
            <dt>
              <span className="font-medium text-slate-900">{k}</span>
              <span className="block text-xs text-slate-600">{hint}</span>
            </dt>
            <dd className="shrink-0 font-semibold tabular-nums text-slate-900" data-testid={`funds-${k.toLowerCase().replaceAll(' ', '-')}`}>
              {v}
            </dd>
          </div>
        ))}
        {buyingPower !== null && after !== null && (
          <div className="flex items-start justify-between gap-4 py-2">
            <dt className="font-medium text-slate-900">Buying power after the trade</dt>
            <dd className={`shrink-0 font-semibold tabular-nums ${after < 0 ? 'text-red-700' : 'text-slate-900'}`}>{formatMoney(after)}</dd>
          </div>
        )}
      </dl>
      {!funds.allowed && funds.message && (
        <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {funds.message} {funds.nakedCalls} call{funds.nakedCalls === 1 ? ' is' : 's are'} sold without shares or a longer call to cover{' '}
          {funds.nakedCalls === 1 ? 'it' : 'them'}.
        </p>
      )}
    </section>
  );
}
