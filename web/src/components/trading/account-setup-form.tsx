import { useId, useState } from 'react';
import { formatBalance } from '@web/components/trading/money';
import { useAccountMutation } from '../api/accounts';
import { DEFAULT_STARTING_CAPITAL, STARTING_CAPITALS } from '@shared/paper/types';

/** First use: the learner picks the virtual money to start with ($100,000 unless they choose otherwise). */
export function AccountSetup({ mode = 'open', onDone }: { mode?: 'open' | 'reset'; onDone?: () => void }) {
  const [capital, setCapital] = useState<number>(DEFAULT_STARTING_CAPITAL);
  const mutation = useAccountMutation(mode);
  const name = useId();
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(capital, { onSuccess: () => onDone?.() });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{mode === 'open' ? 'Choose your starting capital' : 'Start a new run with'}</legend>
        <p className="mt-1 text-sm text-slate-700">
          {mode === 'open'
            ? 'This is virtual money for practice. You can reset the account later and start again; your history is kept.'
            : 'Open positions leave the book and open orders are canceled. Your orders and activity stay as the history of this run.'}
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {STARTING_CAPITALS.map((c) => (
            <label
              key={c}
              className={`flex cursor-pointer items-center gap-2 rounded-lg p-3 text-sm ring-1 ${capital === c ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300 hover:bg-slate-50'}`}
            >
              <input type="radio" name={name} value={c} checked={capital === c} onChange={() => setCapital(c)} className="accent-brand-700" />
              <span className="font-semibold tabular-nums">{formatBalance(c)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-800">
          {mutation.error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={mutation.isPending}
        className={`rounded-lg px-4 py-2.5 text-sm font-semibold text-white disabled:bg-slate-300 ${mode === 'reset' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
      >
        {mutation.isPending ? 'Processing...' : mode === 'open' ? 'Open paper account' : 'Reset account'}
      </button>
    </form>
  );
}
