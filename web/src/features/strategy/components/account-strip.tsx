import { Link } from 'react-router-dom';
import { formatMoney } from '@shared/format/money';
import { AccountSetupForm } from '@web/components/trading/account-setup-form';
import type { StrategyTemplate } from '@shared/strategy/templates';
import type { BuilderPortfolio } from '../lib/types';

/** Account balance and buying power beside the builder (spec part 3 §2), or the offer to open the paper account. */
export function AccountStrip({
  portfolio,
  loading,
  error,
  template = null,
  competition = false,
}: {
  portfolio: BuilderPortfolio | null | undefined;
  loading: boolean;
  error: string | null;
  /** The template the builder opened with: the opening form starts at the level it needs. */
  template?: StrategyTemplate | null;
  /** The competition account chosen in the account selector (issue 39) is shown, and never the offer to open one. */
  competition?: boolean;
}) {
  const which = competition ? 'competition account' : 'paper account';
  if (loading)
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading your {which}...
      </p>
    );
  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
        We could not load your {which}: {error}
      </p>
    );
  if (!portfolio)
    return competition ? (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
        This competition account is not open: choose another account in the account selector.
      </p>
    ) : (
      <OpenAccount template={template} />
    );
  const { account } = portfolio;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={competition ? account.name : 'Paper account'}>
      <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <dt className="text-xs text-slate-600">Account balance</dt>
        <dd className="font-bold tabular-nums text-slate-900" data-testid="account-balance">
          {formatMoney(account.equity)}
        </dd>
      </div>
      <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
        <dt className="text-xs text-slate-600">Buying power</dt>
        <dd className="font-bold tabular-nums text-slate-900" data-testid="buying-power">
          {formatMoney(account.buyingPower)}
        </dd>
      </div>
      <div className="col-span-2 rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:col-span-1">
        <dt className="text-xs text-slate-600">Options trading level</dt>
        <dd className="font-bold text-slate-900">
          {account.settings.optionsLevel} ({account.optionsLevelName}){' '}
          <Link to="/app/portfolio#account-settings" className="text-xs font-semibold text-brand-800 underline">
            change
          </Link>
        </dd>
      </div>
    </dl>
  );
}

function OpenAccount({ template }: { template: StrategyTemplate | null }) {
  return (
    <AccountSetupForm
      template={template}
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
      legend="Open your paper account to trade"
      intro="You can build and study strategies without one. Trading them uses virtual money from a paper account; choose what to start with."
    />
  );
}
