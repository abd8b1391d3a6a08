import type { PositionGreeks } from '@shared/strategy';
import { formatFixed } from '@shared/format/money';

const ROWS: { key: keyof PositionGreeks; label: string; unit: string; explain: string }[] = [
  { key: 'delta', label: 'Delta', unit: 'shares', explain: 'Dollars gained for each $1 the stock rises (like holding this many shares).' },
  { key: 'gamma', label: 'Gamma', unit: 'per $1', explain: 'How much delta changes for each $1 move.' },
  { key: 'theta', label: 'Theta', unit: '$ per day', explain: 'Dollars the position gains or loses each day from time passing alone.' },
  { key: 'vega', label: 'Vega', unit: '$ per 1% IV', explain: 'Dollars gained if implied volatility rises one point.' },
  { key: 'rho', label: 'Rho', unit: '$ per 1% rate', explain: 'Dollars gained if interest rates rise one point.' },
];

/** Position Greeks: each leg's Greek × lots × multiplier × 100, summed (spec part 3 §2 placeholders made real). */
export function GreeksView({ greeks }: { greeks: PositionGreeks }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        For the whole position: each leg&apos;s Greek × lots × multiplier × 100 shares, bought legs added and sold legs subtracted.
      </p>
      <dl className="grid gap-2 sm:grid-cols-2">
        {ROWS.map((r) => (
          <div key={r.key} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <dt className="flex items-baseline justify-between gap-2">
              <span className="font-semibold text-slate-900">{r.label}</span>
              <span className="text-xs text-slate-600">{r.unit}</span>
            </dt>
            <dd className="mt-0.5 text-lg font-bold tabular-nums text-slate-900" data-testid={`greek-${r.key}`}>
              {formatFixed(greeks[r.key])}
            </dd>
            <dd className="text-xs text-slate-600">{r.explain}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
