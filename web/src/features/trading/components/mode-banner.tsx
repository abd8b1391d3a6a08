import { formatMoney } from '@shared/format/money';
import { useSelectedAccount } from '@web/api/selected-account';

/**
 * The paper/live mode banner under the top bar (spec part 1 §2): PAPER TRADING MODE with the virtual
 * balance and 'Practice safely - No real money at risk'; LIVE TRADING MODE with the broker, an India
 * tag for INR accounts and 'REAL MONEY! Trade with caution'.
 */
export function ModeBanner() {
  const { selected } = useSelectedAccount();
  if (!selected) return null;
  if (selected.mode === 'paper') {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-sky-50 px-4 py-1.5 text-center text-sm text-sky-950 ring-1 ring-sky-200"
      >
        <strong className="tracking-wide">PAPER TRADING MODE</strong>
        {selected.broker && <span>{selected.broker}</span>}
        <span className="tabular-nums">Virtual balance: {formatMoney(selected.balance, selected.currency === 'INR' ? 'INR' : 'USD')}</span>
        <span>Practice safely - No real money at risk</span>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-red-700 px-4 py-1.5 text-center text-sm text-white">
      <strong className="tracking-wide">LIVE TRADING MODE</strong>
      {selected.broker && <span>{selected.broker}</span>}
      {selected.currency === 'INR' && <span className="rounded bg-white/20 px-1.5 text-xs font-bold">India</span>}
      <span className="font-semibold">REAL MONEY! Trade with caution</span>
    </div>
  );
}
