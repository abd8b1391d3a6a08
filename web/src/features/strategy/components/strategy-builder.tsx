import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatUsd } from '@shared/format/money';
import { formatExpiry } from '@shared/format/time';
import { defaultDraftName } from '@shared/drafts/drafts';
import type { Draft } from '@shared/drafts/drafts';
import { ChecksList } from '@web/components/trading/checks-list';
import { RaiseLevel } from '@web/components/trading/raise-level';
import { TradeConfirmationDialog } from '@web/components/trading/trade-confirmation-dialog';
import { MarketHoursNote } from '@web/components/trading/market-hours-note';
import { useBuilderActions } from '../hooks/use-builder-actions';
import type { StrategyBuilder as Builder } from '../hooks/use-strategy-builder';
import { gridOf, legEarlyExercise, MAX_LEGS, MULTIPLIERS, NO_LEGS_HINT, type Multiplier } from '../lib/legs';
import { unitNote, type LimitEstimate, type TradeEstimate } from '../lib/trade';
import { backtestHref } from '../lib/backtest-link';
import type { BuilderPortfolio } from '../lib/types';
import { AnalyticsPanel } from './analytics-panel';
import { ComplexityBadge } from '@web/components/strategy/complexity-badge';
import { DraftsPanel } from './drafts-panel';
import { FundsPanel } from './funds-panel';
import { LegRow } from './leg-row';
import { OrderTypeField } from './order-type-field';
import { ReadyMadePanel } from './ready-made-panel';
import { SaveDraftDialog } from './save-draft-dialog';
import { ShareStrategyDialog } from '@web/components/community/share-strategy-dialog';

interface Props {
  builder: Builder;
  underlying: string;
  portfolio: BuilderPortfolio | null | undefined;
}

const button = 'rounded-lg px-3.5 py-2 text-sm font-semibold disabled:cursor-not-allowed';

/** The strategy builder (spec part 3 §2, §4, §5): legs and actions on the left, analysis on the right. */
export function StrategyBuilder({ builder, underlying, portfolio }: Props) {
  const b = builder;
  const multiplierId = useId();
  const navigate = useNavigate();
  // The order, its confirmation, drafts, sharing and the messages they leave: the builder's actions (one hook).
  const a = useBuilderActions({ builder, underlying, portfolio });
  const { edit, resetMessages, sharesHeld, funds, estimate, orderKind, alert, success } = a;
  const template = b.template;
  const messages = b.validation;
  const backtest = b.loadingPrices ? null : backtestHref(underlying, b.spot, b.quoted);
  // As of a past day (?asOf=): the chains are modelled and the day has passed, so nothing is ordered, saved or shared.
  const past = b.asOfDay !== null;

  return (
    // Phones read legs, then the analysis, then the ready-made list and drafts; wide screens put the analysis beside them.
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] xl:grid-rows-[auto_1fr]">
      <div className="min-w-0 xl:col-start-1 xl:row-start-1">
        <section aria-labelledby="legs-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="legs-h" className="text-lg font-bold text-slate-900">
              {b.strategyName} <span className="text-sm font-normal text-slate-600">on {underlying}</span>
            </h2>
            {template && <ComplexityBadge complexity={template.complexity} />}
          </div>
          {template && <p className="mt-1 text-sm text-slate-700">{template.description}</p>}
          {template?.requiresShares && (
            <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
              This strategy also needs {template.requiresShares} shares of {underlying} per lot, which the builder does not buy.{' '}
              {sharesHeld > 0 ? `Your paper account holds ${sharesHeld}.` : 'Your paper account holds none.'}
            </p>
          )}

          {b.placing && (
            <p role="status" className="mt-3 text-sm text-slate-700">
              Placing {template?.name} on the {underlying} chain...
            </p>
          )}
          {b.placementError && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
              {b.placementError}
            </p>
          )}

          {b.quoted.length === 0 && !b.placing ? (
            <p className="mt-3 rounded-xl border-2 border-dashed border-slate-200 p-4 text-sm text-slate-700">{NO_LEGS_HINT}</p>
          ) : (
            <ol className="mt-3 space-y-2" aria-label="Legs">
              {b.quoted.map((q, i) => (
                <LegRow
                  key={q.leg.id}
                  index={i}
                  quoted={q}
                  grid={gridOf(b.chains.byExpiry.get(q.leg.expiration), q.leg.optionType)}
                  expiries={b.expiryOptions(q.leg)}
                  today={b.today}
                  earlyExercise={legEarlyExercise(q, underlying, b.spot, b.today)}
                  onChange={edit((patch) => b.updateLeg(q.leg.id, patch))}
                  onRemove={edit(() => b.removeLeg(q.leg.id))}
                />
              ))}
            </ol>
          )}

          {messages && (messages.errors.length > 0 || messages.warnings.length > 0) && (
            <div aria-live="polite" className="mt-3 space-y-1.5" data-testid="leg-messages">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Checks for a {b.strategyName}</p>
              <ul className="space-y-1.5">
                {messages.errors.map((m) => (
                  <li key={m} className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200">
                    <span className="sr-only">Error: </span>
                    {m}
                  </li>
                ))}
                {messages.warnings.map((m) => (
                  <li key={m} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
                    <span className="sr-only">Warning: </span>
                    {m}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {!messages && b.quoted.length > 0 && !b.loadingPrices && (
            <p className="mt-3 text-xs text-slate-600">
              {b.strategyName === 'Custom'
                ? 'A custom strategy has no template rules to check; the analysis still applies.'
                : `The validator has no leg rules for a ${b.strategyName}; compare the legs with its instructions in the template library.`}
            </p>
          )}

          <div className="mt-4 flex flex-wrap items-end gap-2">
            <label htmlFor={multiplierId} className="block text-xs text-slate-600">
              Multiplier
              <select
                id={multiplierId}
                value={b.multiplier}
                onChange={(e) => {
                  resetMessages();
                  b.setMultiplier(Number(e.target.value) as Multiplier);
                }}
                className="mt-0.5 block rounded-lg bg-white px-2 py-2 text-sm ring-1 ring-inset ring-slate-300"
              >
                {MULTIPLIERS.map((m) => (
                  <option key={m} value={m}>{`${m}×`}</option>
                ))}
              </select>
            </label>
            <button
              type="button"
              onClick={edit(b.addLeg)}
              disabled={b.quoted.length >= MAX_LEGS || b.soonest.length === 0}
              className={`${button} text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:text-slate-400`}
            >
              Add Leg
            </button>
            <button type="button" onClick={edit(b.clear)} className={`${button} text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`}>
              Clear New Trades
            </button>
            {!past && (
              <>
                <button type="button" onClick={a.addToDrafts} className={`${button} text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50`}>
                  Add to Drafts
                </button>
                <button type="button" onClick={a.share} className={`${button} text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50`}>
                  Share
                </button>
                <button type="button" onClick={a.tradeAll} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                  Trade All
                </button>
              </>
            )}
          </div>
          {past && (
            <p className="mt-2 text-sm text-slate-700" data-testid="as-of-no-orders">
              Trading, drafts and sharing are off here: these are {underlying}’s modelled prices on a past day, which no order can fill.
            </p>
          )}
          {backtest && (
            <p className="mt-2 text-sm">
              <Link to={backtest} className="font-semibold text-brand-800 underline">
                Backtest these legs
              </Link>{' '}
              <span className="text-slate-600">over past end-of-day data, as distances from the price.</span>
            </p>
          )}
          {!past && (
            <>
              <OrderTypeField
                kind={orderKind}
                onKind={a.setOrderKind}
                text={a.limit.input}
                side={a.limit.side}
                sideFixed={a.limit.sideFixed}
                onText={a.limit.setText}
                onSide={a.limit.setSide}
                parsed={a.limit.parsed}
                unitNote={unitNote(b.quoted)}
              />
              {!a.brokerAccount && (
                <div className="mt-2">
                  <MarketHoursNote type={orderKind} whenClosed={a.whenClosed} onChange={a.setWhenClosed} />
                </div>
              )}
              <p className="mt-2 text-xs text-slate-600">
                Each leg is sent as lots × multiplier contracts, in one {orderKind === 'limit' ? 'limit order at your net price' : 'market order'} for the day,
                with virtual money.
              </p>
              {estimate && <PriceBreakdown estimate={estimate} limit={orderKind === 'limit' ? a.limit.estimate : null} />}
            </>
          )}
          {b.quoted.length >= MAX_LEGS && (
            <p className="mt-1 text-xs text-slate-600" data-testid="max-legs">
              A strategy holds at most {MAX_LEGS} legs: remove one to add another.
            </p>
          )}

          {alert && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
              {alert}
            </p>
          )}
          {success && (
            <p
              role="status"
              className={`mt-3 rounded-lg p-3 text-sm font-medium ring-1 ${success.resting ? 'bg-slate-50 text-slate-900 ring-slate-200' : 'bg-emerald-50 text-emerald-950 ring-emerald-200'}`}
            >
              {success.text}
              {success.orders && (
                <>
                  {' '}
                  <Link to="/app/orders" className="font-semibold underline">
                    View orders
                  </Link>
                </>
              )}
            </p>
          )}
          {a.refusal.length > 0 && (
            <div className="mt-3">
              <ChecksList checks={a.refusal} label="Why the order was refused" />
            </div>
          )}
        </section>
      </div>

      <div className="min-w-0 space-y-6 xl:col-start-2 xl:row-span-2 xl:row-start-1">
        <AnalyticsPanel
          legs={b.strategyLegs}
          spot={b.spot}
          today={b.today}
          spotDate={past ? formatExpiry(b.today) : undefined}
          multiplier={b.multiplier}
          frontChain={b.frontChain}
          loading={b.loadingPrices || b.placing}
          equity={portfolio?.account.equity ?? null}
        />
        {funds && !past && (
          <FundsPanel
            funds={funds}
            buyingPower={portfolio?.account.buyingPower ?? null}
            charge={(orderKind === 'limit' ? a.limit.estimate?.total : estimate?.total) ?? null}
          />
        )}
      </div>

      <div className="min-w-0 space-y-6 xl:col-start-1 xl:row-start-2">
        {!template && <ReadyMadePanel onChoose={edit(b.chooseTemplate)} />}
        {!past && (
          <DraftsPanel
            onOpen={(d: Draft) => {
              resetMessages();
              b.openDraft(d);
            }}
          />
        )}
      </div>

      {a.confirmation && (
        <TradeConfirmationDialog
          trade={a.confirmation.trade}
          account={a.confirmation.account}
          loading={a.confirmation.busy}
          error={a.confirmation.error}
          blocked={a.confirmation.blocked}
          extra={
            <>
              {a.confirmation.draft.limit && <LimitNote estimate={a.confirmation.draft.limit} />}
              <RaiseLevel checks={a.confirmation.draft.preCheck?.checks ?? []} onRaised={a.confirmation.levelRaised} />
            </>
          }
          onConfirm={a.confirmation.confirm}
          onCancel={a.confirmation.cancel}
        />
      )}
      {a.sharing && <ShareStrategyDialog source={a.sharing} onClose={a.closeSharing} onShared={(post) => navigate(`/app/community/posts/${post.id}`)} />}
      {a.saving && (
        <SaveDraftDialog
          body={a.saving}
          defaultName={defaultDraftName(underlying, b.strategyName === 'Custom' ? null : b.strategyName)}
          onClose={a.closeSaving}
          onSaved={a.saved}
        />
      )}
    </div>
  );
}

/**
 * What the order costs, the same figures the confirmation shows (issue 24): at the mid-prices the analysis uses, at
 * the prices a market order would fill at now under the account's fill model, the commission, and the total charged;
 * for a limit order, the total at the limit instead (the most paid or the least received, and what a resting order holds).
 */
function PriceBreakdown({ estimate: e, limit }: { estimate: TradeEstimate; limit: LimitEstimate | null }) {
  const side = (x: number) => (x >= 0 ? 'net debit' : 'net credit');
  const rows: [string, string][] = [
    ['At the mid', `${formatUsd(Math.abs(e.midPerUnit))} ${side(e.midPerUnit)} a unit · ${formatUsd(Math.abs(e.midPremium))}`],
    ['Now, as a market order fills', `${formatUsd(Math.abs(e.netPerUnit))} ${side(e.netPerUnit)} a unit · ${formatUsd(Math.abs(e.premium))}`],
    ...(limit
      ? ([
          ['At your limit', `${formatUsd(limit.limit.amount)} net ${limit.limit.side} a unit · ${formatUsd(Math.abs(limit.premium))}`],
          ['Commission', formatUsd(limit.commission)],
          [
            limit.total >= 0 ? 'Total the account pays at most, at your limit' : 'Total the account receives at least, at your limit',
            formatUsd(Math.abs(limit.total)),
          ],
        ] as [string, string][])
      : ([
          ['Commission', formatUsd(e.commission)],
          [e.total >= 0 ? 'Total the account pays' : 'Total the account receives', formatUsd(Math.abs(e.total))],
        ] as [string, string][])),
  ];
  return (
    <dl className="mt-3 space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="Price of this order" data-testid="price-breakdown">
      {rows.map(([label, value], i) => (
        <div key={label} className="flex justify-between gap-3">
          <dt className="text-slate-700">{label}</dt>
          <dd className={`text-right tabular-nums text-slate-900 ${i === rows.length - 1 ? 'font-bold' : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** In the confirmation of a limit order: whether the prices shown would fill it now, and what happens if not. */
function LimitNote({ estimate: l }: { estimate: LimitEstimate }) {
  const natural = `${formatUsd(Math.abs(l.naturalPerUnit))} net ${l.naturalPerUnit >= 0 ? 'debit' : 'credit'} per unit`;
  return (
    <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200" data-testid="limit-note">
      {l.fillsNow
        ? `At the prices shown it fills now, at ${natural}: your limit or better.`
        : `At the prices shown it does not fill now (a fill now would be ${natural}): it stays open until the market reaches your price, and expires at the close.`}{' '}
      The total is what the account {l.total >= 0 ? 'pays at most' : 'receives at least'} if it fills at your limit, commission included.
    </p>
  );
}
