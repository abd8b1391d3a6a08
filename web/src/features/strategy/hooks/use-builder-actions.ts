import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/api/query-keys';
import { fundsAndMargins } from '@shared/strategy';
import { environmentOfAccount } from '@shared/broker/account-id';
import { preTrade, type OrderRequest, type PreTradeAnswer } from '@web/api/paper-account';
import { useSelectedAccount } from '@web/api/selected-account';
import type { ShareSource } from '@web/components/community/share-strategy-dialog';
import type { TradeDetails } from '@web/components/trading/trade-confirmation-dialog';
import { useOrderFlow } from '@web/components/trading/use-order-flow';
import { DEFAULT_WHEN_CLOSED, orderTypeWithHours, type WhenClosed } from '@web/components/trading/market-hours-note';
import type { DraftBody } from '../api/drafts';
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
  type LimitEstimate,
  type NetSide,
  type TradeEstimate,
} from '../lib/trade';
import type { BuilderPortfolio } from '../lib/types';
import type { OrderKind } from '../components/order-type-field';
import type { StrategyBuilder } from './use-strategy-builder';
import { competitionSeasonOf } from './use-account-param';

/** What the Trade All confirmation shows: the order, its figures now, at its limit, and the paper dry run's answer. */
export interface TradeAllDraft {
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

export interface BuilderSuccess {
  text: string;
  orders: boolean;
  resting?: boolean;
}

/**
 * The builder's actions beside its legs (spec part 3 §4, §5): the order type and limit, Trade All through the one order
 * flow of the web (review, confirm, submit, result; the same hook as the trade ticket), Add to Drafts, Share, and the
 * messages they leave. Every edit of the legs clears the last outcome, so an old alert never describes new legs.
 */
export function useBuilderActions({
  builder: b,
  underlying,
  portfolio,
}: {
  builder: StrategyBuilder;
  underlying: string;
  portfolio: BuilderPortfolio | null | undefined;
}) {
  // Trade All places on the account chosen in the account selector: the paper account, or a connected Alpaca account
  // (paper or live), whose order goes through the same use case; a live one with the live confirmation.
  // A competition account (issue 39) places through the same order path with its id; its own checks (defined risk,
  // the season running) answer when the order is placed.
  const { selected } = useSelectedAccount();
  const brokerAccount = selected && environmentOfAccount(selected.id) ? selected : null;
  const competitionAccount = selected && competitionSeasonOf(selected.id) ? selected : null;
  const namedAccount = brokerAccount ?? competitionAccount;
  const client = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [success, setSuccess] = useState<BuilderSuccess | null>(null);
  const [orderKind, setOrderKindState] = useState<OrderKind>('market');
  // While NYSE is closed a paper order waits for the next session unless the learner takes the practice shortcut.
  const [whenClosed, setWhenClosed] = useState<WhenClosed>(DEFAULT_WHEN_CLOSED);
  const [limitEdit, setLimitEdit] = useState<LimitEdit | null>(null);
  const [saving, setSaving] = useState<DraftBody | null>(null);
  const [sharing, setSharing] = useState<ShareSource | null>(null);

  const flow = useOrderFlow<TradeAllDraft>({
    toRequest: (draft, clientOrderId) => ({ ...draft.order, clientOrderId, ...(namedAccount ? { accountId: namedAccount.id } : {}) }),
    describeError: blockingText,
    onPlaced: (placed, draft) => {
      b.clear();
      // The competition account, its trades and the boards are read again (the paper account's views are already).
      if (competitionAccount) void client.invalidateQueries({ queryKey: queryKeys.competitions.all });
      setSuccess(
        placed?.order?.status === 'open'
          ? { text: placed.order.queued && placed.note ? placed.note : RESTING_MESSAGE, orders: true, resting: true }
          : { text: successMessage(draft.order.legs.length, b.multiplier), orders: true },
      );
    },
  });

  const sharesHeld = (portfolio?.positions ?? []).filter((p) => p.kind === 'stock' && p.underlying === underlying).reduce((s, p) => s + p.quantity, 0);
  const funds = b.strategyLegs.length && !b.loadingPrices ? fundsAndMargins(b.strategyLegs, { multiplier: b.multiplier, sharesHeld }) : null;
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
    flow.reset();
  };
  /** Every edit clears the last outcome, so an old alert never describes new legs. */
  const edit =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      resetMessages();
      fn(...args);
    };

  /** The paper account's dry run of the order in the confirmation, its answer shown there. */
  const dryRun = (order: OrderRequest) =>
    preTrade(order)
      .then((r) => flow.update((d) => (d.order.clientOrderId === order.clientOrderId ? { ...d, preCheck: r } : d)))
      .catch(() => undefined);

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
    flow.review(
      {
        order,
        estimate: estimateTrade(b.quoted, b.multiplier, settings),
        limit: limit ? estimateLimit(b.quoted, b.multiplier, settings, limit) : null,
        preCheck: null,
      },
      order.clientOrderId,
    );
    // The paper account's dry run says nothing about a broker or a competition account: their checks run when the order is placed.
    if (!namedAccount) void dryRun(order);
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

  const confirming = flow.confirming?.draft ?? null;
  const preCheckError =
    confirming?.preCheck && !confirming.preCheck.canProceed
      ? blockingText(confirming.preCheck.checks.find((c) => c.severity === 'error')?.message ?? 'This order would be blocked.', confirming.preCheck.checks)
      : null;
  const confirmation =
    confirming && portfolio
      ? confirmationOf(confirming, { multiplier: b.multiplier, symbol: `${underlying} ${b.strategyName}`, whenClosed: brokerAccount ? null : whenClosed })
      : null;

  return {
    brokerAccount,
    competitionAccount,
    whenClosed,
    setWhenClosed,
    sharesHeld,
    funds,
    estimate,
    orderKind,
    setOrderKind: (k: OrderKind) => {
      resetMessages();
      setOrderKindState(k);
    },
    limit: {
      input: limitInput,
      side: limitSide,
      sideFixed: sideFixed !== null,
      parsed: parsedLimit,
      estimate: limitEstimate,
      setText: (text: string) => {
        resetMessages();
        setLimitEdit({ legsKey, text, side: limitSide });
      },
      setSide: (side: NetSide) => {
        resetMessages();
        setLimitEdit({ legsKey, text: limitInput, side });
      },
    },
    alert,
    success,
    /** The checks that refused the last order, shown once its confirmation is closed. */
    refusal: flow.confirming ? [] : flow.refusal,
    resetMessages,
    edit,
    tradeAll,
    share,
    addToDrafts,
    /** The open Trade All confirmation: the draft, the trade it shows, and where it is placed. */
    confirmation:
      confirming && confirmation
        ? {
            draft: confirming,
            trade: confirmation,
            account: namedAccount ? { name: namedAccount.name, mode: namedAccount.mode } : { name: portfolio!.account.name, mode: 'paper' },
            busy: flow.busy,
            error: flow.error ?? preCheckError,
            blocked: !!preCheckError,
            confirm: flow.confirm,
            cancel: flow.cancel,
            /** The trading level was raised from the confirmation: the refusal's words go and the dry run runs again. */
            levelRaised: () => {
              flow.clearError();
              void dryRun(confirming.order);
            },
          }
        : null,
    saving,
    closeSaving: () => setSaving(null),
    saved: (name: string) => {
      setSaving(null);
      setSuccess({ text: `Saved to drafts as “${name}”.`, orders: false });
    },
    sharing,
    closeSharing: () => setSharing(null),
  };
}

/** The trade the confirmation shows: at the limit for a limit order, at the prices a market order fills at now otherwise. */
function confirmationOf(
  c: TradeAllDraft,
  { multiplier, symbol, whenClosed }: { multiplier: number; symbol: string; whenClosed: WhenClosed | null },
): TradeDetails {
  // A paper order says what happens while the market is closed; a broker keeps its own hours.
  const typed = (text: string) => (whenClosed ? orderTypeWithHours(text, whenClosed) : text);
  if (c.limit)
    return {
      action: c.limit.limit.side === 'debit' ? 'BUY' : 'SELL',
      quantity: multiplier,
      symbol,
      orderType: typed(limitOrderType(c.limit.limit)),
      // One leg's price is a price per share; several legs' is the signed net per unit.
      price: c.order.legs.length === 1 ? c.limit.limit.amount : c.limit.limit.signed,
      commission: c.limit.commission,
      totalCost: c.limit.total,
      currency: 'USD',
      legs: c.estimate.legs,
    };
  return {
    action: c.estimate.netPerUnit >= 0 ? 'BUY' : 'SELL',
    quantity: multiplier,
    symbol,
    orderType: typed('Market (day), one order for all legs'),
    price: c.estimate.netPerUnit,
    midPrice: c.estimate.midPerUnit,
    commission: c.estimate.commission,
    totalCost: c.estimate.total,
    currency: 'USD',
    legs: c.estimate.legs,
  };
}
