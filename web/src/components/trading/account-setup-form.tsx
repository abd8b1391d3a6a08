import { useId, useState, type ReactNode } from 'react';
import { formatBalance } from '@shared/format/money';
import { NAKED_SELLING_NOTE, TRADING_LEVELS } from '@shared/compliance/levels';
import { DEFAULT_SETTINGS, DEFAULT_STARTING_CAPITAL, STARTING_CAPITALS, type OptionsLevel, type StartingCapital } from '@shared/paper/types';
import { useAccountMutation } from '@web/api/paper-account';

const INTRO = {
  open: 'This is virtual money for practice. You can reset the account later and start again; your history is kept.',
  reset: 'Open positions leave the book and open orders are canceled. Your orders and activity stay as the history of this run.',
};
const LEGEND = { open: 'Choose your starting capital', reset: 'Start a new run with' };

/**
 * The one form that opens the paper account or starts a new run of it: the learner picks the virtual money to start
 * with ($100,000 unless they choose otherwise). The portfolio, the trade ticket and the strategy builder all show it;
 * each may say in its own words why the account is needed.
 */
export function AccountSetupForm({
  mode = 'open',
  legend,
  intro,
  className = '',
  onDone,
}: {
  mode?: 'open' | 'reset';
  legend?: ReactNode;
  intro?: ReactNode;
  className?: string;
  onDone?: () => void;
}) {
  const [capital, setCapital] = useState<StartingCapital>(DEFAULT_STARTING_CAPITAL);
  const [level, setLevel] = useState<OptionsLevel>(DEFAULT_SETTINGS.optionsLevel);
  const mutation = useAccountMutation(mode);
  const name = useId();
  const levelName = useId();
  return (
    <form
      className={`space-y-4 ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate({ startingCapital: capital, ...(mode === 'open' ? { optionsLevel: level } : {}) }, { onSuccess: () => onDone?.() });
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{legend ?? LEGEND[mode]}</legend>
        <p className="mt-1 text-sm text-slate-700">{intro ?? INTRO[mode]}</p>
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
      {mode === 'open' && (
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Choose your options trading level</legend>
          <p className="mt-1 text-sm text-slate-700">
            A broker approves a level before you trade options; here you choose it, and you can change it later in the account settings.
          </p>
          <div className="mt-3 space-y-2">
            {TRADING_LEVELS.map((l) => (
              <label
                key={l.level}
                className={`flex cursor-pointer items-start gap-2 rounded-lg p-3 text-sm ring-1 ${level === l.level ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name={levelName}
                  value={l.level}
                  checked={level === l.level}
                  onChange={() => setLevel(l.level)}
                  className="mt-0.5 accent-brand-700"
                />
                <span>
                  <span className="font-semibold">
                    Level {l.level}: {l.name}
                  </span>
                  <span className="block text-slate-700">{l.allows}</span>
                </span>
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-600">{NAKED_SELLING_NOTE}</p>
        </fieldset>
      )}
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
