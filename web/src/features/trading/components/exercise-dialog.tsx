import { formatUsd } from '@shared/format/money';
import { plural } from '@shared/format/words';
import { exerciseCost } from '@shared/paper/exercise-cost';
import type { AccountSettings, PortfolioPosition } from '@web/api/paper-account';
import { contractLabel } from '@web/components/trading/contract-label';
import { Modal } from '@web/components/trading/modal';

/**
 * Confirms an early exercise (spec part 3 §9) with what it does to the account, and issue 23's warning where
 * selling the option at its bid would get more than exercising it: the same exerciseCost the paper engine uses.
 * "Sell instead" opens the close confirmation for the same position.
 */
export function ExerciseDialog({
  position,
  settings,
  loading,
  error,
  onConfirm,
  onSellInstead,
  onCancel,
}: {
  position: PortfolioPosition;
  settings: Pick<AccountSettings, 'commissionPerContract'>;
  loading: boolean;
  error?: string | null;
  onConfirm: () => void;
  onSellInstead: () => void;
  onCancel: () => void;
}) {
  const contracts = Math.abs(position.quantity);
  const shares = contracts * 100;
  const strike = position.strike ?? 0;
  const price = position.underlyingPrice;
  const cost =
    price === null
      ? null
      : exerciseCost(
          { optionType: position.optionType ?? 'call', strike, quantity: position.quantity },
          position.bid === null ? null : { bid: position.bid },
          price,
          { commissionPerContract: settings.commissionPerContract },
        );
  const what =
    position.optionType === 'call'
      ? `You buy ${shares} ${position.underlying} shares at the strike, ${formatUsd(strike)}, paying ${formatUsd(strike * shares)}.`
      : `You sell ${shares} ${position.underlying} shares at the strike, ${formatUsd(strike)}, receiving ${formatUsd(strike * shares)}.`;
  return (
    <Modal
      title="Exercise the option"
      onClose={onCancel}
      locked={loading}
      footer={
        <>
          <button
            type="button"
            onClick={onCancel}
            disabled={loading}
            className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-500"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onSellInstead}
            disabled={loading}
            className="rounded-lg px-4 py-2.5 text-sm font-semibold text-brand-900 ring-1 ring-inset ring-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-500"
          >
            Sell instead
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={loading}
            className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            {loading ? 'Processing...' : `Exercise ${plural(contracts, 'contract')}`}
          </button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-800">
        <p>
          <span className="font-semibold">
            {contracts} × {contractLabel(position.symbol)}
          </span>
          . {what}
        </p>
        {cost && (
          <dl className="divide-y divide-slate-100">
            <div className="flex justify-between gap-4 py-2">
              <dt className="text-slate-600">Exercising is worth (intrinsic value)</dt>
              <dd className="text-right font-semibold tabular-nums text-slate-900">{formatUsd(cost.exerciseValue)}</dd>
            </div>
            {cost.saleValue !== null && (
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-slate-600">Selling at the bid gets (after commission)</dt>
                <dd className="text-right font-semibold tabular-nums text-slate-900">{formatUsd(cost.saleValue)}</dd>
              </div>
            )}
          </dl>
        )}
        {cost?.warning && (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-950 ring-1 ring-amber-300" data-testid="exercise-warning">
            {cost.warning}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
