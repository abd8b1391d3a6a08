import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_WHEN_CLOSED, type WhenClosed } from '@web/components/trading/market-hours-note';
import { environmentOfAccount } from '@shared/broker/account-id';
import type { BrokerEnvironment } from '@shared/broker/credentials-form';
import { formatUsd } from '@shared/format/money';
import { parseOcc } from '@shared/market/occ';
import { fillPrice } from '@shared/paper/fills';
import { orderCost } from '@shared/paper/order-cost';
import { DEFAULT_SETTINGS } from '@shared/paper/types';
import { useBrokerAccount, useBrokerPositions, useBrokerRefresh, useBrokerSync } from '@web/api/broker';
import { useContractQuote } from '@web/api/market';
import { preTrade, usePortfolio, type AccountSummary, type ComplianceCheck, type OrderRequest, type PlacedOrder } from '@web/api/paper-account';
import { ApiError } from '@web/lib/api-client';
import { useOrderFlow } from '@web/components/trading/use-order-flow';

export type Side = 'buy' | 'sell';
export type OrderKind = 'market' | 'limit';

/**
 * Where the ticket's order goes, derived from the account chosen in the account selector: the paper account (its fill
 * model, commission and pre-trade dry run apply), or a connected Alpaca account (paper or live environment), which
 * answers the order itself after the same checks on the server.
 */
export type TicketVenue = { kind: 'paper' } | { kind: 'alpaca'; environment: BrokerEnvironment; account: AccountSummary };

export function venueOf(account: AccountSummary | null | undefined): TicketVenue {
  const environment = environmentOfAccount(account?.id);
  return account && environment ? { kind: 'alpaca', environment, account } : { kind: 'paper' };
}

/** What the summary shows before the order is reviewed: prices a share, commission, the total and the buying power. */
export interface TicketSummary {
  kind: OrderKind;
  mid: number | null;
  /** The limit, or the price a market order would fill at now; null until the quote (and the paper settings) load. */
  estimate: number | null;
  commission: number;
  /** Positive: the account pays; negative: it receives. */
  total: number | null;
  buyingPower: number | null;
}

/**
 * The trade ticket's orchestration for one contract, whatever the venue: the form's state, the quote, the position
 * held, the estimate, the checks run as the learner edits (paper's dry run), and the one order flow (review, confirm,
 * submit, result) that places through POST /api/orders, with the account's id for an Alpaca account.
 */
export function useTicket({ contract, initialSide, account }: { contract: string; initialSide: Side; account: AccountSummary | null | undefined }) {
  const venue = venueOf(account);
  const environment = venue.kind === 'alpaca' ? venue.environment : null;
  const occ = parseOcc(contract);
  const quote = useContractQuote(contract);
  const portfolio = usePortfolio();
  const brokerFigures = useBrokerAccount(environment);
  const brokerPositions = useBrokerPositions(environment);
  const refreshBroker = useBrokerRefresh();
  // An Alpaca account's buying power and positions are what its last sync stored: the ticket asks for one as it opens.
  useBrokerSync(environment);

  const [side, setSideState] = useState<Side>(initialSide);
  const [quantity, setQuantity] = useState('1');
  const [type, setType] = useState<OrderKind>('market');
  const [limit, setLimit] = useState('');
  // While NYSE is closed a paper order waits for the next session unless the learner takes the practice shortcut.
  const [whenClosed, setWhenClosed] = useState<WhenClosed>(DEFAULT_WHEN_CLOSED);
  const flow = useOrderFlow<OrderRequest>({
    toRequest: (draft, clientOrderId) => ({ ...draft, clientOrderId }),
    onPlaced: () => {
      if (venue.kind === 'alpaca') void refreshBroker();
    },
  });
  const { setChecks } = flow;

  const q = quote.data?.quote;
  const settings = venue.kind === 'paper' ? portfolio.data?.account.settings : undefined;
  const qty = Number(quantity);
  const validQty = Number.isInteger(qty) && qty > 0;
  // Until the learner types a limit, it starts at the price they clicked (the ask to buy, the bid to sell).
  const limitText = limit !== '' ? limit : String((side === 'buy' ? q?.ask : q?.bid) ?? q?.mark ?? '');
  const limitPrice = Number(limitText);
  const badLimit = type === 'limit' && limitText !== '' && !(limitPrice > 0);
  // The price shown before confirming: the limit, or where a market order fills now. On paper that is the account's
  // fill model; Alpaca fills a market order itself, so its side of the quote (buy at the ask, sell at the bid) stands in.
  const marketPrice = venue.kind === 'paper' ? (q && settings ? fillPrice(q, side, settings) : null) : q ? ((side === 'buy' ? q.ask : q.bid) ?? q.mark) : null;
  const estimate = type === 'limit' && limitPrice > 0 ? limitPrice : marketPrice;
  const commissionPerContract = venue.kind === 'paper' ? (settings?.commissionPerContract ?? DEFAULT_SETTINGS.commissionPerContract) : 0;
  const cost = validQty ? orderCost([{ side, price: estimate ?? 0, quantity: qty }], commissionPerContract) : null;
  const summary: TicketSummary = {
    kind: type,
    mid: q?.mark ?? null,
    estimate,
    commission: cost?.commission ?? 0,
    total: estimate !== null && cost ? cost.totalCost : null,
    buyingPower: venue.kind === 'paper' ? (portfolio.data?.account.buyingPower ?? null) : (brokerFigures.data?.account?.options_buying_power ?? null),
  };

  const held = useMemo(() => {
    if (venue.kind === 'paper') {
      const p = portfolio.data?.positions.find((x) => x.symbol === contract);
      return p ? { quantity: p.quantity, avgPrice: p.avgPrice } : null;
    }
    const p = brokerPositions.data?.positions.find((x) => x.symbol === contract);
    return p ? { quantity: p.quantity, avgPrice: p.avg_entry_price } : null;
  }, [venue.kind, portfolio.data, brokerPositions.data, contract]);

  const accountId = venue.kind === 'alpaca' ? venue.account.id : null;
  const request = useMemo(
    (): OrderRequest => ({
      clientOrderId: '',
      type,
      timeInForce: 'day',
      legs: [{ contract, side, quantity: qty }],
      ...(type === 'limit' ? { limitPrice } : {}),
      ...(accountId ? { accountId } : { whenClosed }),
    }),
    [type, contract, side, qty, limitPrice, accountId, whenClosed],
  );

  // The same checks the order will meet, run as the learner edits (the server has the last word). The dry run is the
  // paper account's: an Alpaca account's checks run when the order is placed.
  const checkable = venue.kind === 'paper' && !!portfolio.data && validQty && (type === 'market' || limitPrice > 0);
  useEffect(() => {
    if (!checkable) return;
    let live = true;
    const t = setTimeout(() => {
      preTrade({ ...request, clientOrderId: 'preview' })
        .then((r) => {
          if (live) setChecks(r.checks);
        })
        .catch((e: unknown) => {
          if (!live) return;
          const checks = e instanceof ApiError ? (e.body as { checks?: unknown } | null)?.checks : undefined;
          // A request the server refuses outright (a quantity past 10,000) has no checks: its message is the check.
          setChecks(Array.isArray(checks) ? (checks as ComplianceCheck[]) : [refusal(e)]);
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // The level the account has is part of the checks: raising it (RaiseLevel) runs them again.
  }, [request, checkable, settings?.optionsLevel, setChecks]);

  // Paper shows the dry run's checks while editing; an Alpaca account shows those its placement answered with.
  const shownChecks = venue.kind === 'paper' ? (checkable ? flow.checks : []) : flow.checks;
  // Only the dry run blocks the form: a placement's refusal shows why, and the learner may change the order and retry.
  const blocked = venue.kind === 'paper' && shownChecks.some((c) => c.severity === 'error');
  const canReview = validQty && !blocked && (type === 'market' || limitPrice > 0);

  const loading = quote.isPending || (venue.kind === 'paper' && portfolio.isPending);
  const failure = quote.isError ? quote.error.message : venue.kind === 'paper' && portfolio.isError ? portfolio.error.message : null;

  return {
    venue,
    occ,
    quote,
    portfolio,
    /** The paper account is not opened yet: the ticket offers to open it. */
    needsPaperAccount: venue.kind === 'paper' && !loading && !failure && !portfolio.data,
    settings,
    loading,
    failure,
    form: {
      side,
      setSide: (s: Side) => {
        setSideState(s);
        setLimit('');
      },
      quantity,
      setQuantity,
      qty,
      validQty,
      type,
      setType,
      limitText,
      setLimit,
      limitPrice,
      badLimit,
      whenClosed,
      setWhenClosed,
    },
    summary,
    held,
    checks: shownChecks,
    canReview,
    review: () => flow.review(request),
    flow,
  };
}

export type Ticket = ReturnType<typeof useTicket>;

/** The sentence that says what became of a placed order, in the venue's words. */
export function resultText(venue: TicketVenue, placed: PlacedOrder, ctx: { side: Side; qty: number; label: string; limitPrice: number }): string {
  const o = placed.order;
  if (venue.kind === 'alpaca') return `Order sent to Alpaca: ${o.status}${o.netPrice !== null ? ` at ${formatUsd(Math.abs(o.netPrice))}` : ''}.`;
  if (o.status === 'filled') {
    const paid = o.totalCost ?? 0;
    return `${o.fillNote ? `${o.fillNote}: ` : ''}${ctx.side === 'buy' ? 'Bought' : 'Sold'} ${ctx.qty} ${ctx.label} at ${formatUsd(o.fills[0]?.price ?? 0)} (${paid >= 0 ? 'paid' : 'received'} ${formatUsd(Math.abs(paid))} including ${formatUsd(o.commission)} commission).`;
  }
  if (o.queued)
    return `${placed.note ?? 'The market is closed: this order is queued for the next session.'} ${formatUsd(o.held)} of buying power is held for it.`;
  return `Your limit order rests until the price reaches ${formatUsd(ctx.limitPrice)} or the market closes. ${formatUsd(o.held)} of buying power is held for it.`;
}

/** A refusal without checks (a 400 for the request itself), shown as the check that blocks the order. */
function refusal(e: unknown): ComplianceCheck {
  const message = e instanceof Error ? e.message : 'The order cannot be checked right now.';
  return { passed: false, type: 'order_validation', severity: 'error', message };
}
