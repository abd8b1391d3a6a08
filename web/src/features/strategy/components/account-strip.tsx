import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useOpenAccount } from '../api/portfolio';
import { money } from '../lib/format';
import type { Portfolio } from '../lib/types';
import { DEFAULT_STARTING_CAPITAL, STARTING_CAPITALS } from '@shared/paper/types';

/** Account balance and buying power beside the builder (spec part 3 §2), or the offer to open the paper account. */
export function AccountStrip({ portfolio, loading, error }: { portfolio: Portfolio | null | undefined; loading: boolean; error: string | null }) {
  if (loading)
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading your paper account...
      </p>
    );
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
        We could not load your paper account: {error}
      </p>
    );
  if (!portfolio) return <OpenAccount />;
  const { account } = portfolio;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Paper account">
      <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <dt className="text-xs text-slate-600">Account balance</dt>
        <dd className="font-bold tabular-nums text-slate-900" data-testid="account-balance">
          {money(account.equity)}
        </dd>
      </div>
      <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <dt className="text-xs text-slate-600">Buying power</dt>
        <dd className="font-bold tabular-nums text-slate-900" data-testid="buying-power">
          {money(account.buyingPower)}
        </dd>
      </div>
      <div className="col-span-2 rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:col-span-1">
        <dt className="text-xs text-slate-600">Options level</dt>
        <dd className="font-bold text-slate-900">
          {account.settings.optionsLevel} ({account.optionsLevelName}){' '}
          <Link to="/app/portfolio" className="text-xs font-semibold text-brand-800 underline">
            change
          </Link>
        </dd>
      </div>
    </dl>
  );
}

function OpenAccount() {
  const [capital, setCapital] = useState<number>(DEFAULT_STARTING_CAPITAL);
  const open = useOpenAccount();
  const name = useId();
  return (
    <form
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
      onSubmit={(e) => {
        e.preventDefault();
        open.mutate(capital);
      }}
    >
      <fieldset>
        <legend className="font-semibold text-slate-900">Open your paper account to trade</legend>
        <p className="mt-1 text-sm text-slate-700">
          You can build and study strategies without one. Trading them uses virtual money from a paper account; choose what to start with.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {STARTING_CAPITALS.map((c) => (
            <label
              key={c}
              className={`flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm ring-1 ${capital === c ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300 hover:bg-slate-50'}`}
            >
              <input type="radio" name={name} checked={capital === c} onChange={() => setCapital(c)} className="accent-brand-700" />
              <span className="font-semibold tabular-nums">{money(c).replace('.00', '')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {open.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {open.error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={open.isPending}
        className="mt-3 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
      >
        {open.isPending ? 'Processing...' : 'Open paper account'}
      </button>
    </form>
  );
}
