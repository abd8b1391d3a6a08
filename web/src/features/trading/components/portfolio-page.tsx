import { environmentOfAccount } from '@shared/broker/account-id';
import { plural } from '@shared/format/words';
import { agentOpenedInWords } from '@shared/agent/token';
import { useSelectedAccount } from '@web/api/selected-account';
import { LivePortfolio } from './live-account';
import { Link } from 'react-router-dom';
import { formatFixed, formatPnl, formatUsd } from '@shared/format/money';
import { formatNewYorkTime } from '@shared/format/time';
import type { PortfolioPosition, PortfolioView } from '@web/api/paper-account';
import { AccountSetupForm } from '@web/components/trading/account-setup-form';
import { contractLabel } from '@web/components/trading/contract-label';
import { Modal } from '@web/components/trading/modal';
import { TradeConfirmationDialog } from '@web/components/trading/trade-confirmation-dialog';
import { pnlTone } from '@web/components/ui/pnl-tone';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { signedQuantity } from '../lib/contract';
import { MarketHoursNote, orderTypeWithHours } from '@web/components/trading/market-hours-note';
import { usePaperPortfolio } from '../hooks/use-paper-portfolio';
import { ExerciseDialog } from './exercise-dialog';
import { TradingSettings } from './trading-settings';

/** /app/portfolio: the paper account, its positions with marks and P&L, Greeks, activity and settings. */
export default function PortfolioPage() {
  const { selected } = useSelectedAccount();
  const environment = environmentOfAccount(selected?.id);
  if (selected && environment) return <LivePortfolio environment={environment} account={selected} />;
  return <PaperPortfolioPage />;
}

function PaperPortfolioPage() {
  usePageMeta({ title: 'Portfolio', description: 'Your paper positions, P&L, Greeks and account activity.', path: '/app/portfolio', noindex: true });
  // The read, the mutations and which dialog is open: the page's orchestration (one hook).
  const p = usePaperPortfolio();
  const { portfolio, busy, message, fromTemplate } = p;

  if (portfolio.isPending) return <Spinner />;
  if (portfolio.isError) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
        <h1 className="font-semibold">We could not load your portfolio</h1>
        <p className="mt-1 text-sm">{portfolio.error.message}</p>
        <button type="button" onClick={() => void portfolio.refetch()} className="mt-3 text-sm font-semibold underline">
          Try again
        </button>
      </div>
    );
  }
  if (!portfolio.data) {
    return (
      <section className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">Open your paper account</h1>
        <p className="mt-2 text-slate-700">Practise options trading with virtual money, under the same pre-trade rules a broker applies.</p>
        <div className="mt-5">
          <AccountSetupForm template={fromTemplate} />
        </div>
      </section>
    );
  }
  const { account, positions, strategies, greeks, activity } = portfolio.data;
  const pending = portfolio.data.pending;
  const legsOf = p.legsOf;
  const ungrouped = positions.filter((x) => !x.group);
  const tableProps = { strategies, onClose: p.startClose, onExercise: p.startExercise, onMove: p.move, busy };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Portfolio</h1>
          <p className="text-sm text-slate-700">
            Paper Trading · run {account.run} · started with {formatUsd(account.startingCapital)} · options trading level {account.settings.optionsLevel} (
            {account.optionsLevelName})
          </p>
        </div>
        <div className="flex gap-2">
          <Link to="/app/optionschain" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Trade from the chain
          </Link>
          <Link to="/app/orders" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50">
            Orders
          </Link>
        </div>
      </header>

      <Summary account={account} />

      {pending.length > 0 && <PendingNotice pending={pending} />}

      {message && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200">
          {message}
        </p>
      )}

      <section aria-labelledby="positions-h" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <h2 id="positions-h" className="border-b border-slate-100 px-5 py-3 text-lg font-semibold">
          Positions
        </h2>
        {positions.length === 0 ? (
          <p className="px-5 py-6 text-slate-700">
            No open positions.{' '}
            <Link to="/app/optionschain" className="font-semibold text-brand-800 underline">
              Open the options chain
            </Link>{' '}
            and click an ask to buy or a bid to sell.
          </p>
        ) : (
          <>
            {strategies.map((s) => (
              <section key={s.id} aria-label={`Strategy: ${s.name}`} className="border-b border-slate-100" data-testid="strategy">
                <div className="flex flex-wrap items-center justify-between gap-3 bg-slate-50 px-4 py-2">
                  <div>
                    <h3 className="font-semibold text-slate-900">{s.name}</h3>
                    <p className="text-xs text-slate-600">
                      {plural(s.symbols.length, 'leg')} · value {formatUsd(s.marketValue)} · P&amp;L{' '}
                      <span className={`font-semibold ${pnlTone(s.unrealizedPnl)}`}>{formatPnl(s.unrealizedPnl)}</span>
                    </p>
                  </div>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => p.startCloseStrategy(s)}
                    className="rounded-lg bg-white px-3 py-1.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50"
                  >
                    Close strategy
                  </button>
                </div>
                <PositionsTable positions={legsOf(s.id)} {...tableProps} />
              </section>
            ))}
            {ungrouped.length > 0 && (
              <section aria-label="Positions of their own">
                {strategies.length > 0 && <h3 className="bg-slate-50 px-4 py-2 font-semibold text-slate-900">Positions of their own</h3>}
                <PositionsTable positions={ungrouped} {...tableProps} />
              </section>
            )}
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="greeks-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="greeks-h" className="text-lg font-semibold">
            Portfolio Greeks
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Sums over positions × 100 shares a contract: delta in shares; gamma in shares per $1; theta, vega and rho in dollars per day, per vol point and per
            rate point.
          </p>
          <dl className="mt-3 grid grid-cols-5 gap-2 text-center">
            {(['delta', 'gamma', 'theta', 'vega', 'rho'] as const).map((k) => (
              <div key={k} className="rounded-lg bg-slate-50 p-2">
                <dt className="text-xs capitalize text-slate-600">{k}</dt>
                <dd className="font-semibold tabular-nums text-slate-900" data-testid={`greek-${k}`}>
                  {formatFixed(greeks[k])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="activity-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="activity-h" className="text-lg font-semibold">
            Activity
          </h2>
          {/* Scrolls: focusable so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
          <ol aria-labelledby="activity-h" tabIndex={0} className="mt-3 max-h-80 space-y-2 overflow-y-auto text-sm">
            {activity.map((a) => (
              <li key={a.id} className="rounded-lg bg-slate-50 px-3 py-2">
                <p className="text-slate-900">{a.text}</p>
                <p className="mt-0.5 text-xs text-slate-600">
                  {formatNewYorkTime(a.at)}
                  {a.realizedPnl !== 0 && <span className={`ml-2 font-semibold ${pnlTone(a.realizedPnl)}`}>realized {formatPnl(a.realizedPnl)}</span>}
                  {!!a.fee && <span className="ml-2">fee {formatUsd(a.fee)}</span>}
                </p>
              </li>
            ))}
          </ol>
        </section>
      </div>

      <section id="account-settings" aria-labelledby="settings-h" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="settings-h" className="text-lg font-semibold">
            Account settings
          </h2>
          <button
            type="button"
            onClick={() => p.setResetOpen(true)}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50"
          >
            Reset account…
          </button>
        </div>
        <div className="mt-3 max-w-xl">
          <TradingSettings key={JSON.stringify(account.settings)} settings={account.settings} />
        </div>
      </section>

      {p.closing && (
        <TradeConfirmationDialog
          trade={{
            action: p.closing.position.quantity > 0 ? 'SELL' : 'BUY',
            quantity: Math.abs(p.closing.position.quantity),
            symbol: p.closing.position.kind === 'option' ? contractLabel(p.closing.position.symbol) : `${p.closing.position.symbol} shares`,
            orderType: orderTypeWithHours('Market (day): closes the position', p.closeWhen),
            price: p.closing.estimate.price,
            ...(p.closing.estimate.commission > 0 ? { commission: p.closing.estimate.commission } : {}),
            totalCost: p.closing.estimate.totalCost,
            currency: 'USD',
          }}
          account={{ name: account.name, mode: 'paper' }}
          loading={p.closing.busy}
          error={p.closing.error}
          onCancel={p.closing.cancel}
          extra={<MarketHoursNote type="market" whenClosed={p.closeWhen} onChange={p.setCloseWhen} />}
          onConfirm={p.closing.confirm}
        />
      )}
      {p.closingStrategy && (
        <TradeConfirmationDialog
          trade={{
            action: 'CLOSE',
            quantity: 1,
            symbol: p.closingStrategy.strategy.name,
            orderType: orderTypeWithHours('Market (day): closes every leg in one order', p.closeWhen),
            price: p.closingStrategy.estimate.netPrice,
            midPrice: p.closingStrategy.estimate.midPrice,
            commission: p.closingStrategy.estimate.commission,
            totalCost: p.closingStrategy.estimate.totalCost,
            currency: 'USD',
            legs: p.closingStrategy.estimate.legs.map((l) => ({
              action: l.side === 'buy' ? 'BUY' : 'SELL',
              quantity: l.quantity,
              symbol: contractLabel(l.contract),
              price: l.price,
            })),
          }}
          account={{ name: account.name, mode: 'paper' }}
          loading={p.closingStrategy.busy}
          error={p.closingStrategy.error}
          onCancel={p.closingStrategy.cancel}
          extra={<MarketHoursNote type="market" whenClosed={p.closeWhen} onChange={p.setCloseWhen} />}
          onConfirm={p.closingStrategy.confirm}
        />
      )}
      {p.exercising && (
        <ExerciseDialog
          position={p.exercising.position}
          settings={account.settings}
          loading={p.exercising.busy}
          error={p.exercising.error}
          onCancel={p.exercising.cancel}
          onSellInstead={p.exercising.sellInstead}
          onConfirm={p.exercising.confirm}
        />
      )}
      {p.resetOpen && (
        <Modal title="Reset the paper account" onClose={() => p.setResetOpen(false)}>
          <AccountSetupForm mode="reset" onDone={() => p.setResetOpen(false)} />
        </Modal>
      )}
    </div>
  );
}

/** Work the settle job has not done yet (an expired option to settle, a day order to expire): the figures above do not include it. */
function PendingNotice({ pending }: { pending: PortfolioView['pending'] }) {
  return (
    <section aria-label="Pending" className="rounded-lg bg-slate-50 px-4 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="pending-notice">
      <p>Pending: done at the next settlement run, and not yet in the figures above.</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {pending.map((p, i) => (
          <li key={`${p.kind}-${i}`}>{p.text}</li>
        ))}
      </ul>
    </section>
  );
}

function Summary({ account }: { account: PortfolioView['account'] }) {
  const tiles: [string, string, string?][] = [
    ['Equity', formatUsd(account.equity)],
    ['Cash', formatUsd(account.cash)],
    ['Buying power', formatUsd(account.buyingPower)],
    ['Day P&L', formatPnl(account.dayPnl), pnlTone(account.dayPnl)],
    ['Total P&L', formatPnl(account.totalPnl), pnlTone(account.totalPnl)],
    ['Realized P&L', formatPnl(account.realizedPnl), pnlTone(account.realizedPnl)],
    ['Fees', formatUsd(account.fees)],
    ['Unrealized P&L', formatPnl(account.unrealizedPnl), pnlTone(account.unrealizedPnl)],
    ['Reserved for short options', formatUsd(account.reservedForShortOptions)],
    ['Held for open orders', formatUsd(account.heldForOrders)],
    ['Day trades (5 days)', `${account.pdt.dayTradeCount} · ${account.pdt.dayTradesRemaining} left`],
  ];
  return (
    <section aria-label="Account summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {tiles.map(([label, value, cls]) => (
        <div key={label} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <p className="text-xs text-slate-600">{label}</p>
          <p
            className={`mt-1 text-lg font-bold tabular-nums ${cls ?? 'text-slate-900'}`}
            data-testid={`summary-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`}
          >
            {value}
          </p>
        </div>
      ))}
    </section>
  );
}

/** Prices are quoted per share while an option's value counts its 100 shares: the table says so where the two meet. */
const PER_SHARE_NOTE = "Avg price and mark are per share; an option's market value is mark × 100 shares × contracts.";
const NEW_STRATEGY = '__new__';
const OWN = '__own__';

function PositionsTable({
  positions,
  strategies,
  onClose,
  onExercise,
  onMove,
  busy,
}: {
  positions: PortfolioPosition[];
  strategies: PortfolioView['strategies'];
  onClose: (p: PortfolioPosition) => void;
  onExercise: (p: PortfolioPosition) => void;
  onMove: (p: PortfolioPosition, groupId: string | null, name?: string) => void;
  busy: boolean;
}) {
  const move = (p: PortfolioPosition) => (
    <select
      aria-label={`Strategy of ${p.kind === 'option' ? contractLabel(p.symbol) : `${p.symbol} shares`}`}
      disabled={busy}
      value={p.group?.id ?? OWN}
      onChange={(e) => {
        const v = e.target.value;
        if (v === OWN) onMove(p, null);
        else if (v === NEW_STRATEGY) onMove(p, crypto.randomUUID(), `${p.underlying} strategy`);
        else onMove(p, v);
      }}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800"
    >
      <option value={OWN}>On its own</option>
      {strategies.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
      <option value={NEW_STRATEGY}>New strategy</option>
    </select>
  );
  const canExercise = (p: PortfolioPosition) => p.kind === 'option' && p.quantity > 0 && (p.intrinsicValue ?? 0) >= 0.01;
  const actions = (p: PortfolioPosition) => (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {move(p)}
      <button
        type="button"
        disabled={busy}
        onClick={() => onClose(p)}
        className="rounded-lg px-3 py-1.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50"
      >
        Close
      </button>
      {canExercise(p) && (
        <button
          type="button"
          disabled={busy}
          onClick={() => onExercise(p)}
          className="rounded-lg px-3 py-1.5 text-xs font-semibold text-brand-900 ring-1 ring-brand-600 hover:bg-brand-50 disabled:opacity-50"
        >
          Exercise
        </button>
      )}
    </div>
  );
  const name = (p: PortfolioPosition) => (p.kind === 'option' ? contractLabel(p.symbol) : `${p.symbol} shares`);
  // Opened by the learner's agent token: said as the orders list says it of the order.
  const agentMark = (p: PortfolioPosition) =>
    p.agent && (
      <span className="mt-0.5 block text-xs font-normal italic text-slate-600" data-testid="position-agent">
        {agentOpenedInWords(p.agent)}
      </span>
    );
  const sideBadge = (p: PortfolioPosition) => (
    <span className={`ml-2 rounded px-1.5 py-0.5 text-xs font-bold ${p.side === 'long' ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-900'}`}>
      {p.side}
    </span>
  );
  return (
    <>
      {/* Phones: one card per position. */}
      <ul className="divide-y divide-slate-100 sm:hidden">
        {positions.map((p) => (
          <li key={p.symbol} className="px-4 py-3" data-testid="position-card">
            <p className="font-semibold text-slate-900">
              {name(p)}
              {sideBadge(p)}
            </p>
            {agentMark(p)}
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-600">Qty</dt>
                <dd className="tabular-nums">{signedQuantity(p.quantity)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Avg / Mark per share</dt>
                <dd className="tabular-nums">
                  {formatUsd(p.avgPrice)} / {p.mark === null ? '-' : formatUsd(p.mark)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600">Unrealized</dt>
                <dd className={`font-semibold tabular-nums ${pnlTone(p.unrealizedPnl)}`}>{formatPnl(p.unrealizedPnl)}</dd>
              </div>
            </dl>
            <div className="mt-2">{actions(p)}</div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[760px] text-sm">
          <caption className="caption-bottom px-4 py-2 text-left text-xs text-slate-600">{PER_SHARE_NOTE}</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                Position
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Qty
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Avg price / share
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Mark / share
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Market value
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Unrealized P&amp;L
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Delta
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Theta/day
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {positions.map((p) => {
              return (
                <tr key={p.symbol} data-testid="position-row">
                  <th scope="row" className="px-4 py-2 text-left font-semibold text-slate-900">
                    {name(p)}
                    {sideBadge(p)}
                    {agentMark(p)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{signedQuantity(p.quantity)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(p.avgPrice)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.mark === null ? '-' : formatUsd(p.mark)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(p.marketValue)}</td>
                  <td className={`px-3 py-2 text-right font-semibold tabular-nums ${pnlTone(p.unrealizedPnl)}`}>{formatPnl(p.unrealizedPnl)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.greeks.delta === null ? '-' : formatFixed(p.greeks.delta)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{p.greeks.theta === null ? '-' : formatFixed(p.greeks.theta)}</td>
                  <td className="px-4 py-2 text-right">{actions(p)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
