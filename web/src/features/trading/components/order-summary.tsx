import { formatUsd } from '@shared/format/money';
import type { TicketSummary } from '../hooks/use-ticket';

/**
 * The ticket's pre-trade summary: the mid, the price the order would pay now (or its limit), the commission, the
 * estimated total and the account's buying power. Lines that say more about the order before it is reviewed go here.
 */
export function OrderSummary({ summary: s, buyingPowerLabel = 'Buying power' }: { summary: TicketSummary; buyingPowerLabel?: string }) {
  return (
    <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="Order summary">
      <Row label="At the mid" value={s.mid === null ? '-' : `${formatUsd(s.mid)} a share`} />
      <Row label={s.kind === 'market' ? 'Now, as a market order fills' : 'Limit'} value={s.estimate === null ? '-' : `${formatUsd(s.estimate)} a share`} />
      <Row label="Commission" value={formatUsd(s.commission)} />
      <Row
        label={s.total !== null && s.total < 0 ? 'Estimated credit' : 'Estimated cost'}
        value={s.total === null ? '-' : formatUsd(Math.abs(s.total))}
        strong
      />
      <Row label={buyingPowerLabel} value={s.buyingPower === null ? '-' : formatUsd(s.buyingPower)} />
    </dl>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-700">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-bold text-slate-900' : 'text-slate-900'}`}>{value}</dd>
    </div>
  );
}
