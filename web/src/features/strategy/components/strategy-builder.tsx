import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatUsd } from '@shared/format/money';
import { defaultDraftName } from '@shared/drafts/drafts';
import type { Draft } from '@shared/drafts/drafts';
import { fundsAndMargins } from '@shared/strategy';
import { environmentOfAccount } from '@shared/broker/account-id';
import { useSelectedAccount } from '@web/api/selected-account';
import { preTrade, usePlaceOrder, type ComplianceCheck, type OrderRequest, type PreTradeAnswer } from '@web/api/paper-account';
import { ChecksList } from '@web/components/trading/checks-list';
import { RaiseLevel } from '@web/components/trading/raise-level';
import { TradeConfirmationDialog } from '@web/components/trading/trade-confirmation-dialog';
import { DEFAULT_WHEN_CLOSED, MarketHoursNote, orderTypeWithHours, type WhenClosed } from '@web/components/trading/market-hours-note';
import { ApiError } from '@web/lib/api-client';
import type { DraftBody } from '../api/drafts';
import type { StrategyBuilder as Builder } from '../hooks/use-strategy-builder';
import { gridOf, legEarlyExercise, MAX_LEGS, MULTIPLIERS, NO_LEGS_HINT, type Multiplier } from '../lib/legs';
import {
  blockingText,
  buildOrder,
  estimateLimit,
  estimateTrade,
  fixedSide,
  limitOrderType,
  limitText,
  midLimit,
  NO_LEGS,
  parseLimit,
  RESTING_MESSAGE,
  successMessage,
  tradeAllProblem,
  unitNote,
  type LimitEstimate,
  type NetSide,
  type TradeEstimate,
} from '../lib/trade';
import type { BuilderPortfolio } from '../lib/types';
import { AnalyticsPanel } from './analytics-panel';
import { ComplexityBadge } from '@web/components/strategy/complexity-badge';
import { DraftsPanel } from './drafts-panel';
import { FundsPanel } from './funds-panel';
import { LegRow } from './leg-row';
import { OrderTypeField, type OrderKind } from './order-type-field';
import { ReadyMadePanel } from './ready-made-panel';
import { SaveDraftDialog } from './save-draft-dialog';
import { ShareStrategyDialog, type ShareSource } from '@web/components/community/share-strategy-dialog';

interface Props {
  builder: Builder;
  underlying: string;
  portfolio: BuilderPortfolio | null | undefined;
}

interface Confirming {
  order: OrderRequest;
  estimate: TradeEstimate;
  /** A limit order's figures at its limit; null for a market order. */
  limit: LimitEstimate | null;
  preCheck: PreTradeAnswer | null;
}

/** A limit the learner typed, for the legs it was typed for: other legs start again from their mid. */
interface LimitEdit {
  legsKey: string;
  text: string;
  side: NetSide;
}

const button = 'rounded-lg px-3.5 py-2 text-sm font-semibold disabled:cursor-not-allowed';

/** The strategy builder (spec part 3 §2, §4, §5): legs and actions on the left, analysis on the right. */
export function StrategyBuilder({ builder, underlying, portfolio }: Props) {
  const b = builder;
  const multiplierId = useId();
  const place = usePlaceOrder();
  // Trade All places on the account chosen in the account selector: the paper account, or a connected Alpaca account
  // (issue 21, paper or live), whose order goes through the same use case; a live one with the live confirmation.
  const { selected } = useSelectedAccount();
  const brokerAccount = selected && environmentOfAccount(selected.id) ? selected : null;
  const [alert, setAlert] = useState<string | null>(null);
  const [success, setSuccess] = useState<{ text: string; orders: boolean; resting?: boolean } | null>(null);
  const [orderKind, setOrderKind] = useState<OrderKind>('market');
  const [whenClosed, setWhenClosed] = useState<WhenClosed>(DEFAULT_WHEN_CLOSED);
  const [limitEdit, setLimitEdit] = useState<LimitEdit | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [blockedChecks, setBlockedChecks] = useState<ComplianceCheck[]>([]);
  const [saving, setSaving] = useState<DraftBody | null>(null);
  const [sharing, setSharing] = useState<ShareSource | null>(null);
  const navigate = useNavigate();

  const sharesHeld = (portfolio?.positions ?? []).filter((p) => p.kind === 'stock' && p.underlying === underlying).reduce((s, p) => s + p.quantity, 0);
  const funds = b.strategyLegs.length && !b.loadingPrices ? fundsAndMargins(b.strategyLegs, { multiplier: b.multiplier, sharesHeld }) : null;
  const template = b.template;
  const messages = b.validation;
  // The order's price at the mid and now, with commission: the breakdown, the funds and the confirmation all show it.
  const estimate =
    portfolio && b.quoted.length > 0 && !b.loadingPrices && b.quoted.every((q) => q.contract)
      ? estimateTrade(b.quoted, b.multiplier, portfolio.account.settings)
      : null;
  // The limit starts at the net mid; once typed, it holds until the legs change.
  const priced = b.quoted.length > 0 && !b.loadingPrices && b.quoted.every((q) => q.contract && q.premium !== null);
  const legsKey = b.quoted.map((q) => `${q.leg.action}:${q.contract?.contract_ticker ?? q.strike}:${q.leg.lots}`).join('|');
  const mid = priced ? midLimit(b.quoted) : null;
  const typed = limitEdit && limitEdit.legsKey === legsKey ? limitEdit : null;
  const sideFixed = fixedSide(b.quoted);
  const limitSide = sideFixed ?? typed?.side ?? mid?.side ?? 'debit';
  const limitInput = typed?.text ?? (mid ? limitText(mid) : '');
  const parsedLimit = parseLimit(limitInput, limitSide, b.quoted.length === 1);
  const limitEstimate =
    orderKind === 'limit' && parsedLimit.ok && estimate && portfolio
      ? estimateLimit(b.quoted, b.multiplier, portfolio.account.settings, parsedLimit.limit)
      : null;

  const resetMessages = () => {
    setAlert(null);
    setSuccess(null);
    setBlockedChecks([]);
  };
  /** Every edit clears the last outcome, so an old alert never describes new legs. */
  const edit =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      resetMessages();
      fn(...args);
    };

  const tradeAll = () => {
    resetMessages();
    const problem = tradeAllProblem({
      quoted: b.quoted,
      legs: b.strategyLegs,
      multiplier: b.multiplier,
      strategyName: b.strategyName,
      validation: b.validation,
      portfolio,
      sharesHeld,
    });
    if (problem) return setAlert(problem);
    if (orderKind === 'limit' && !parsedLimit.ok) return setAlert(parsedLimit.message);
    const limit = orderKind === 'limit' && parsedLimit.ok ? parsedLimit.limit : undefined;
    const settings = portfolio!.account.settings;
    // The paper account's market hours (a broker keeps its own).
    const order = { ...buildOrder(b.quoted, b.multiplier, b.strategyName, crypto.randomUUID(), limit), ...(brokerAccount ? {} : { whenClosed }) };
    setOrderError(null);
    setConfirming({
      order,
      estimate: estimateTrade(b.quoted, b.multiplier, settings),
      limit: limit ? estimateLimit(b.quoted, b.multiplier, settings, limit) : null,
      preCheck: null,
    });
    // The paper account's dry run says nothing about a broker account: its checks run when the order is placed.
    if (brokerAccount) return;
    preTrade(order)
      .then((r) => setConfirming((c) => (c && c.order.clientOrderId === order.clientOrderId ? { ...c, preCheck: r } : c)))
      .catch(() => undefined);
  };

  const confirm = () => {
    if (!confirming) return;
    const { order } = confirming;
    setOrderError(null);
    place.mutate(brokerAccount ? { ...order, accountId: brokerAccount.id } : order, {
      onSuccess: (placed) => {
        setConfirming(null);
        b.clear();
        setSuccess(
          placed?.order?.status === 'open'
            ? { text: placed.order.queued && placed.note ? placed.note : RESTING_MESSAGE, orders: true, resting: true }
            : { text: successMessage(order.legs.length, b.multiplier), orders: true },
        );
      },
      onError: (e) => {
        const checks = e instanceof ApiError ? (e.body as { checks?: ComplianceCheck[] } | null)?.checks : undefined;
        setOrderError(blockingText(e.message, checks));
        if (checks) setBlockedChecks(checks);
      },
    });
  };

  /** "Share": the legs as they stand, at today's price, for the community (the server keeps them relative to it). */
  const share = () => {
    resetMessages();
    if (b.quoted.length === 0) return setAlert(NO_LEGS);
    if (b.loadingPrices || b.spot === null) return setAlert('Prices are still loading. Try again in a moment.');
    setSharing({
      kind: 'builder',
      underlying,
      strategyName: b.strategyName,
      spot: b.spot,
      legs: b.quoted.map((q) => ({
        action: q.leg.action,
        optionType: q.leg.optionType,
        strike: q.strike,
        expiration: q.leg.expiration,
        quantity: q.leg.lots,
        premium: q.premium ?? null,
      })),
    });
  };

  const addToDrafts = () => {
    resetMessages();
    if (b.quoted.length === 0) return setAlert(NO_LEGS);
    if (b.loadingPrices) return setAlert('Prices are still loading. Try again in a moment.');
    setSaving({
      underlying,
      strategy: b.strategyName,
      multiplier: b.multiplier,
      legs: b.quoted.map((q) => ({
        action: q.leg.action,
        optionType: q.leg.optionType,
        strike: q.strike,
        premium: q.premium ?? 0,
        quantity: q.leg.lots,
        expiration: q.leg.expiration,
        underlying,
        ...(q.contract ? { contractTicker: q.contract.contract_ticker } : {}),
      })),
    });
  };

  const preCheckError =
    confirming?.preCheck && !confirming.preCheck.canProceed
      ? blockingText(confirming.preCheck.checks.find((c) => c.severity === 'error')?.message ?? 'This order would be blocked.', confirming.preCheck.checks)
      : null;

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
            <button type="button" onClick={addToDrafts} className={`${button} text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50`}>
              Add to Drafts
            </button>
            <button type="button" onClick={share} className={`${button} text-brand-800 ring-1 ring-brand-600 hover:bg-brand-50`}>
              Share
            </button>
            <button type="button" onClick={tradeAll} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
              Trade All
            </button>
          </div>
          <OrderTypeField
            kind={orderKind}
            onKind={(k) => {
              resetMessages();
              setOrderKind(k);
            }}
            text={limitInput}
            side={limitSide}
            sideFixed={sideFixed !== null}
            onText={(text) => {
              resetMessages();
              setLimitEdit({ legsKey, text, side: limitSide });
            }}
            onSide={(side) => {
              resetMessages();
              setLimitEdit({ legsKey, text: limitInput, side });
            }}
            parsed={parsedLimit}
            unitNote={unitNote(b.quoted)}
          />
          {!brokerAccount && (
            <div className="mt-2">
              <MarketHoursNote type={orderKind} whenClosed={whenClosed} onChange={setWhenClosed} />
            </div>
          )}
          <p className="mt-2 text-xs text-slate-600">
            Each leg is sent as lots × multiplier contracts, in one {orderKind === 'limit' ? 'limit order at your net price' : 'market order'} for the day, with
            virtual money.
          </p>
          {estimate && <PriceBreakdown estimate={estimate} limit={orderKind === 'limit' ? limitEstimate : null} />}
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
          {blockedChecks.length > 0 && !confirming && (
            <div className="mt-3">
              <ChecksList checks={blockedChecks} label="Why the order was refused" />
            </div>
          )}
        </section>
      </div>

      <div className="min-w-0 space-y-6 xl:col-start-2 xl:row-span-2 xl:row-start-1">
        <AnalyticsPanel
          legs={b.strategyLegs}
          spot={b.spot}
          today={b.today}
          multiplier={b.multiplier}
          frontChain={b.frontChain}
          loading={b.loadingPrices || b.placing}
          equity={portfolio?.account.equity ?? null}
        />
        {funds && (
          <FundsPanel
            funds={funds}
            buyingPower={portfolio?.account.buyingPower ?? null}
            charge={(orderKind === 'limit' ? limitEstimate?.total : estimate?.total) ?? null}
          />
        )}
      </div>

      <div className="min-w-0 space-y-6 xl:col-start-1 xl:row-start-2">
        {!template && <ReadyMadePanel onChoose={edit(b.chooseTemplate)} />}
        <DraftsPanel
          onOpen={(d: Draft) => {
            resetMessages();
            b.openDraft(d);
          }}
        />
      </div>

      {confirming && portfolio && (
        <TradeConfirmationDialog
          trade={
            confirming.limit
              ? {
                  action: confirming.limit.limit.side === 'debit' ? 'BUY' : 'SELL',
                  quantity: b.multiplier,
                  symbol: `${underlying} ${b.strategyName}`,
                  orderType: brokerAccount ? limitOrderType(confirming.limit.limit) : orderTypeWithHours(limitOrderType(confirming.limit.limit), whenClosed),
                  // One leg's price is a price per share; several legs' is the signed net per unit.
                  price: confirming.order.legs.length === 1 ? confirming.limit.limit.amount : confirming.limit.limit.signed,
                  commission: confirming.limit.commission,
                  totalCost: confirming.limit.total,
                  currency: 'USD',
                  legs: confirming.estimate.legs,
                }
              : {
                  action: confirming.estimate.netPerUnit >= 0 ? 'BUY' : 'SELL',
                  quantity: b.multiplier,
                  symbol: `${underlying} ${b.strategyName}`,
                  orderType: brokerAccount ? 'Market (day), one order for all legs' : orderTypeWithHours('Market (day), one order for all legs', whenClosed),
                  price: confirming.estimate.netPerUnit,
                  midPrice: confirming.estimate.midPerUnit,
                  commission: confirming.estimate.commission,
                  totalCost: confirming.estimate.total,
                  currency: 'USD',
                  legs: confirming.estimate.legs,
                }
          }
          account={brokerAccount ? { name: brokerAccount.name, mode: brokerAccount.mode } : { name: portfolio.account.name, mode: 'paper' }}
          loading={place.isPending}
          error={orderError ?? preCheckError}
          blocked={!!preCheckError}
          extra={
            <>
              {confirming.limit && <LimitNote estimate={confirming.limit} />}
              <RaiseLevel
                checks={confirming.preCheck?.checks ?? []}
                onRaised={() => {
                  setOrderError(null);
                  preTrade(confirming.order)
                    .then((r) => setConfirming((c) => (c && c.order.clientOrderId === confirming.order.clientOrderId ? { ...c, preCheck: r } : c)))
                    .catch(() => undefined);
                }}
              />
            </>
          }
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
      {sharing && <ShareStrategyDialog source={sharing} onClose={() => setSharing(null)} onShared={(post) => navigate(`/app/community/posts/${post.id}`)} />}
      {saving && (
        <SaveDraftDialog
          body={saving}
          defaultName={defaultDraftName(underlying, b.strategyName === 'Custom' ? null : b.strategyName)}
          onClose={() => setSaving(null)}
          onSaved={(name) => {
            setSaving(null);
            setSuccess({ text: `Saved to drafts as “${name}”.`, orders: false });
          }}
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
