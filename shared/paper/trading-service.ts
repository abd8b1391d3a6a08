import { canProceed as allowed, pdtStatus, PDT_WINDOW_TRADING_DAYS, type ComplianceCheck } from '../compliance/checks';
import { levelName, TRADING_LEVELS } from '../compliance/levels';
import type { DomainEvent } from '../events/domain-events';
import { tradingDayOnOrBefore, tradingDaysEnding, tradingSessionAt } from '../market/calendar';
import { addDays, newYorkParts } from '../market/dates';
import { isExpired } from '../market/expiry-status';
import { parseOcc } from '../market/occ';
import type { Clock } from '../ports/clock.port';
import type { EventPublisher } from '../ports/events.port';
import type { ComplianceLogEntry, QuoteSource, TradingCommit, TradingRepository } from './paper.port';
import { evaluateOrder, type Decision, type PositionChange, type TradingState } from './engine';
import { settleExpiries, settleOption, intrinsicOf, type Settlement } from './expiration';
import { formatUsd } from '../format/money';
import { cents } from './money';
import { marketValue, positionMultiplier, unrealizedPnl, valuation } from './portfolio';
import { applyFill } from './positions';
import {
  DEFAULT_SETTINGS,
  STARTING_CAPITALS,
  type AccountSettings,
  type Activity,
  type Order,
  type OrderRequest,
  type PaperAccount,
  type Position,
  type Quote,
} from './types';

/**
 * The paper-trading use cases (issue 6). Each reads the account, decides with the pure engine and
 * writes the outcome in one conditional transaction; a write that loses a race (the account's
 * version moved) is decided again from fresh state, so two orders racing for the same buying power
 * can never both fill, and a retried request with the same client order id places one order.
 */
export type Failure = { code: 'bad_request' | 'not_found' | 'conflict' | 'unprocessable'; message: string; details?: Record<string, unknown> };
export type Result<T> = { ok: true; value: T } | { ok: false; error: Failure };
const failure = (code: Failure['code'], message: string, details?: Record<string, unknown>): { ok: false; error: Failure } => ({
  ok: false,
  error: { code, message, ...(details ? { details } : {}) },
});

export interface TradingDeps {
  repo: TradingRepository;
  quotes: QuoteSource;
  events: EventPublisher;
  clock: Clock;
  newId: () => string;
  /** Index options settle in cash; the ETFs and stocks the product lists deliver shares. */
  settlementOf?: (underlying: string) => Settlement;
  warn?: (message: string, error?: unknown) => void;
}

const MAX_ATTEMPTS = 5;

/** The trading session now belongs to (today before the close, else the next trading day). */
const sessionOf = (now: Date) => {
  const ny = newYorkParts(now);
  return tradingSessionAt(ny.date, ny.minutes);
};
/**
 * The session Day P&L covers: today in New York when it is a trading day (all of it, also after the close, so
 * the evening's closing marks count towards it), else the last trading day.
 */
const dayPnlSessionOf = (now: Date) => tradingDayOnOrBefore(newYorkParts(now).date);
const NO_ACCOUNT = 'Open your paper account first: choose a starting capital.';

export function tradingService(deps: TradingDeps) {
  const { repo, clock } = deps;
  const settlementOf = deps.settlementOf ?? (() => 'physical' as const);
  const warn = deps.warn ?? (() => undefined);

  async function loadState(
    account: PaperAccount,
    extraContracts: readonly string[] = [],
    knownPositions?: Position[],
  ): Promise<TradingState & { positionQuotes: Map<string, Quote> }> {
    const positions = knownPositions ?? (await repo.getPositions(account.userId));
    const optionSymbols = positions.filter((p) => p.kind === 'option').map((p) => p.symbol);
    const contracts = [...new Set([...extraContracts.map((c) => c.toUpperCase()), ...optionSymbols])];
    const quotes = await deps.quotes.quotes(contracts);
    const underlyings = [...new Set([...positions.map((p) => p.underlying), ...contracts.map((c) => parseOcc(c)?.underlying).filter((u): u is string => !!u)])];
    // A chain quote carries its underlying's price; ask the quote source only for the rest (shares).
    const underlyingPrices = new Map<string, number>();
    for (const q of quotes.values()) {
      const u = parseOcc(q.contract)?.underlying;
      if (u && !underlyingPrices.has(u)) underlyingPrices.set(u, q.underlyingPrice);
    }
    const missing = underlyings.filter((u) => !underlyingPrices.has(u));
    if (missing.length) for (const [u, p] of await deps.quotes.underlyingPrices(missing)) underlyingPrices.set(u, p);
    const marks = new Map<string, number>();
    for (const p of positions) {
      const mark = p.kind === 'option' ? quotes.get(p.symbol)?.mark : underlyingPrices.get(p.symbol);
      if (mark !== null && mark !== undefined) marks.set(p.symbol, mark);
    }
    return { account, positions, quotes, marks, underlyingPrices, now: clock.now(), positionQuotes: quotes };
  }

  /**
   * Day P&L's baseline: the equity at the close before the current session (dayPnlSessionOf), that is the
   * positions held then at that close's marks. Recorded on the account by the session's first change (an order,
   * an exercise, a settlement: withSessionStart), so later changes do not disturb it; until then the positions
   * are the ones held at that close, valued at its marks: the current marks where the quotes are from that close
   * (during the session, with end-of-day data), else each contract's daily bar and each stock's close on that
   * date (after the evening ingestion has moved the marks to the session's own close). A position without a
   * close on record counts at its current mark, so its move is left out rather than guessed.
   */
  async function openingEquity(
    account: PaperAccount,
    positions: readonly Position[],
    marks: ReadonlyMap<string, number>,
    quotes: ReadonlyMap<string, Quote>,
  ): Promise<number> {
    const session = dayPnlSessionOf(clock.now());
    if (account.sessionStart?.date === session) return account.sessionStart.equity;
    const previous = tradingDayOnOrBefore(addDays(session, -1));
    const closeMarks = new Map(marks);
    await Promise.all(
      positions.map(async (p) => {
        if (p.kind === 'option') {
          const q = quotes.get(p.symbol);
          if (q && newYorkParts(new Date(q.asOf)).date === previous) return;
        }
        const close = p.kind === 'option' ? await deps.quotes.contractCloseOn(p.symbol, previous) : await deps.quotes.closeOn(p.symbol, previous);
        if (close !== undefined) closeMarks.set(p.symbol, close);
      }),
    );
    return valuation(account, positions, closeMarks, new Map()).equity;
  }

  /** The account with this session's Day P&L baseline recorded, before a change to its cash or positions. */
  async function withSessionStart(
    account: PaperAccount,
    positions: readonly Position[],
    known?: { marks: ReadonlyMap<string, number>; quotes: ReadonlyMap<string, Quote> },
  ): Promise<PaperAccount> {
    const session = dayPnlSessionOf(clock.now());
    if (account.sessionStart?.date === session) return account;
    const state = known ?? (await loadState(account, [], [...positions]));
    return { ...account, sessionStart: { date: session, equity: await openingEquity(account, positions, state.marks, state.quotes) } };
  }

  function complianceEntries(checks: readonly ComplianceCheck[]): ComplianceLogEntry[] {
    const now = clock.now();
    const action = allowed(checks) ? 'approved' : 'blocked';
    return checks.map((c) => ({
      compliance_type: c.type,
      check_result: c.severity === 'error' ? 'failed' : c.severity === 'warning' ? 'warning' : 'passed',
      details: { message: c.message, ...c.details },
      action_taken: action,
      trade_date: newYorkParts(now).date,
      created_at: now.toISOString(),
    }));
  }

  /** Writes the checks of an order that is not booked (blocked or invalid); a booked one carries them in its transaction. */
  function logChecks(userId: string, checks: readonly ComplianceCheck[]): void {
    // Spec part 3 §7: compliance-log failures are only logged.
    repo.logCompliance(userId, complianceEntries(checks)).catch((err: unknown) => warn('compliance log write failed', err));
  }

  async function publish(events: DomainEvent[]): Promise<void> {
    if (!events.length) return;
    try {
      await deps.events.publish(events);
    } catch (err) {
      // The trade is booked; a lost event costs XP, not money. Logged for replay from the archive.
      warn('event publish failed', err);
    }
  }

  function fillActivity(order: Order, decision: Extract<Decision, { kind: 'fill' }>, at: string): Activity {
    const parts = decision.fills.map((f) => `${f.side === 'buy' ? 'Bought' : 'Sold'} ${f.quantity} ${describe(f.contract)} at ${formatUsd(f.price)}`);
    const money = decision.totalCost >= 0 ? `paid ${formatUsd(decision.totalCost)}` : `received ${formatUsd(-decision.totalCost)}`;
    return {
      id: deps.newId(),
      at,
      kind: 'fill',
      orderId: order.orderId,
      cashDelta: decision.cashDelta,
      realizedPnl: decision.realizedPnl,
      text: `${order.strategy ? `${order.strategy}: ` : ''}${parts.join('; ')} (${money}, commission ${formatUsd(decision.commission)}).`,
    };
  }

  function fillEvents(userId: string, order: Order, decision: Extract<Decision, { kind: 'fill' }>, at: string): DomainEvent[] {
    const events: DomainEvent[] = [
      {
        type: 'OrderFilled',
        detail: {
          eventId: deps.newId(),
          userId,
          orderId: order.orderId,
          clientOrderId: order.clientOrderId,
          legs: decision.fills.map((f) => ({ contract: f.contract, side: f.side, quantity: f.quantity, price: f.price })),
          netAmount: decision.totalCost,
          filledAt: at,
        },
      },
    ];
    for (const c of decision.changes) {
      if (c.before && !c.after) {
        const fill = decision.fills.find((f) => f.contract === c.symbol);
        events.push({
          type: 'PositionClosed',
          detail: {
            eventId: deps.newId(),
            userId,
            contract: c.symbol,
            quantity: Math.abs(c.before.quantity),
            realizedPnl: fill?.realizedPnl ?? 0,
            closedAt: at,
          },
        });
      }
    }
    return events;
  }

  /** Decides and books an order; `existing` is a resting order being re-checked. */
  async function decideAndCommit(userId: string, request: OrderRequest, existing?: Order): Promise<Result<{ order: Order; checks: ComplianceCheck[] }>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // A retried request must return the first order even when the account has moved on since, so
      // any answer other than a fresh fill first looks for it; on the happy path the transaction's
      // client-order-id guard does that job without a read.
      const replayed = async () => (existing ? null : repo.getOrderByClientId(userId, request.clientOrderId));
      const { account, positions } = await repo.getAccountAndPositions(userId);
      if (!account) {
        const replay = await replayed();
        return replay ? { ok: true, value: { order: replay, checks: [] } } : failure('conflict', NO_ACCOUNT);
      }
      // A resting order's own hold is not counted against itself.
      const basis = existing ? { ...account, heldForOrders: Math.max(0, account.heldForOrders - existing.held) } : account;
      const state = await loadState(
        basis,
        request.legs.map((l) => l.contract),
        positions,
      );
      const evaluation = evaluateOrder(state, request);
      if (!evaluation.canProceed) {
        const replay = await replayed();
        if (replay) return { ok: true, value: { order: replay, checks: [] } };
      }
      if (!existing && (evaluation.invalid || !evaluation.canProceed || !evaluation.decision)) logChecks(userId, evaluation.checks);
      if (evaluation.invalid) return failure('bad_request', evaluation.checks.map((c) => c.message).join(' '), { checks: evaluation.checks });
      if (!evaluation.canProceed || !evaluation.decision) {
        const blocking = evaluation.checks.find((c) => c.severity === 'error');
        return failure('unprocessable', blocking?.message ?? 'The order was blocked by a compliance check.', { checks: evaluation.checks });
      }
      const decision = evaluation.decision;
      if (existing && decision.kind === 'rest') return { ok: true, value: { order: existing, checks: evaluation.checks } };

      const now = clock.now();
      const at = now.toISOString();
      const today = sessionOf(now);
      const started = await withSessionStart(account, state.positions, state);
      const base: Order = existing ?? {
        orderId: deps.newId(),
        clientOrderId: request.clientOrderId,
        type: request.type,
        limitPrice: request.type === 'limit' ? request.limitPrice! : null,
        timeInForce: 'day',
        legs: request.legs.map((l) => ({ ...l, contract: l.contract.toUpperCase() })),
        strategy: request.strategy ?? null,
        status: 'open',
        createdAt: at,
        session: today,
        filledAt: null,
        canceledAt: null,
        expiredAt: null,
        fills: [],
        netPrice: null,
        totalCost: null,
        commission: 0,
        held: 0,
        underlyings: [...new Set(request.legs.map((l) => parseOcc(l.contract)?.underlying ?? ''))].filter(Boolean),
        run: account.run,
        reason: null,
      };

      let commit: TradingCommit;
      let events: DomainEvent[] = [];
      let order: Order;
      if (decision.kind === 'fill') {
        order = {
          ...base,
          status: 'filled',
          filledAt: at,
          fills: decision.fills,
          netPrice: decision.netPrice,
          totalCost: decision.totalCost,
          commission: decision.commission,
          held: 0,
        };
        const next: PaperAccount = {
          ...started,
          cash: cents(account.cash + decision.cashDelta),
          realizedPnl: cents(account.realizedPnl + decision.realizedPnl),
          heldForOrders: cents(Math.max(0, account.heldForOrders - (existing?.held ?? 0))),
          dayTrades: decision.dayTrade ? pruneDayTrades([...account.dayTrades, today], today) : account.dayTrades,
          version: account.version + 1,
        };
        commit = {
          account: { expectedVersion: account.version, next },
          order: { next: order, expected: existing ? 'open' : 'new' },
          positions: decision.changes,
          activity: [fillActivity(order, decision, at)],
          counters: { paperTrades: 1, ...(order.legs.length > 1 || order.strategy ? { strategiesBuilt: 1 } : {}) },
          ...(existing ? {} : { compliance: complianceEntries(evaluation.checks) }),
        };
        events = fillEvents(userId, order, decision, at);
      } else {
        order = { ...base, held: decision.hold };
        commit = {
          account: {
            expectedVersion: account.version,
            next: { ...started, heldForOrders: cents(account.heldForOrders + decision.hold), version: account.version + 1 },
          },
          order: { next: order, expected: 'new' },
          compliance: complianceEntries(evaluation.checks),
        };
      }
      const result = await repo.commit(userId, commit);
      if (result === 'ok') {
        await publish(events);
        return { ok: true, value: { order, checks: evaluation.checks } };
      }
      if (result === 'duplicate') {
        if (existing) return { ok: true, value: { order: (await repo.getOrder(userId, existing.orderId)) ?? existing, checks: [] } };
        const replay = await replayed();
        if (replay) return { ok: true, value: { order: replay, checks: [] } };
      }
      // 'conflict' (the account moved): decide again from fresh state.
    }
    return failure('conflict', 'Your account changed while the order was being placed. Please try again.');
  }

  /** Expires yesterday's day orders, fills resting limits that became marketable, settles expired options. */
  async function maintain(userId: string): Promise<void> {
    const session = sessionOf(clock.now());
    for (const order of await repo.listOrders(userId, { status: 'open' })) {
      // A day order lives until its session's close: once the current session is a later one, it has expired.
      if (order.session < session) {
        await endOpenOrder(userId, order, 'expired', 'A day order that did not fill expires at the close.');
        continue;
      }
      const result = await decideAndCommit(
        userId,
        {
          clientOrderId: order.clientOrderId,
          type: 'limit',
          limitPrice: order.limitPrice ?? undefined,
          timeInForce: 'day',
          legs: order.legs,
          strategy: order.strategy ?? undefined,
        },
        order,
      );
      if (!result.ok) warn(`open order ${order.orderId} could not be re-checked: ${result.error.message}`);
    }
    await settleDue(userId);
  }

  async function endOpenOrder(userId: string, order: Order, status: 'canceled' | 'expired', reason: string): Promise<Result<Order>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const account = await repo.getAccount(userId);
      if (!account) return failure('conflict', NO_ACCOUNT);
      const at = clock.now().toISOString();
      const next: Order = { ...order, status, held: 0, reason, ...(status === 'canceled' ? { canceledAt: at } : { expiredAt: at }) };
      const result = await repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: { ...account, heldForOrders: cents(Math.max(0, account.heldForOrders - order.held)), version: account.version + 1 },
        },
        order: { next, expected: 'open' },
        activity: [
          {
            id: deps.newId(),
            at,
            kind: status === 'canceled' ? 'order_canceled' : 'order_expired',
            orderId: order.orderId,
            cashDelta: 0,
            realizedPnl: 0,
            text: `${status === 'canceled' ? 'Canceled' : 'Expired'}: ${describeOrder(order)}.`,
          },
        ],
      });
      if (result === 'ok') return { ok: true, value: next };
      if (result === 'duplicate') return failure('conflict', 'This order is no longer open.');
    }
    return failure('conflict', 'Your account changed while the order was being updated. Please try again.');
  }

  async function settleDue(userId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const account = await repo.getAccount(userId);
      if (!account) return;
      const positions = await repo.getPositions(userId);
      const now = clock.now();
      const due = positions.filter((p) => p.kind === 'option' && isExpired(p.expiration!, now));
      if (!due.length) return;
      const underlyings = [...new Set(due.map((p) => `${p.underlying}|${p.expiration}`))];
      const closes = new Map<string, number>();
      for (const key of underlyings) {
        const [u, d] = key.split('|') as [string, string];
        const close = await deps.quotes.closeOn(u, d);
        if (close !== undefined) closes.set(key, close);
      }
      const at = now.toISOString();
      const date = sessionOf(now);
      const { results, unpriced } = settleExpiries(
        positions,
        (p) => due.includes(p),
        (u) => {
          const p = due.find((x) => x.underlying === u);
          return p ? closes.get(`${u}|${p.expiration}`) : undefined;
        },
        { cash: account.cash, at, date, settlementOf },
      );
      if (unpriced.length) warn(`no settlement price yet for ${unpriced.join(', ')}`);
      if (!results.length) return;
      const cashDelta = results.reduce((s, r) => s + r.cashDelta, 0);
      const realized = results.reduce((s, r) => s + r.realizedPnl, 0);
      const started = await withSessionStart(account, positions);
      const result = await repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: { ...started, cash: cents(account.cash + cashDelta), realizedPnl: cents(account.realizedPnl + realized), version: account.version + 1 },
        },
        positions: collapse(results.flatMap((r) => r.changes)),
        activity: results.map((r) => ({ ...r.activity, id: deps.newId(), at })),
      });
      if (result === 'ok') {
        await publish(
          results.map((r) => ({
            type: 'OptionExpired',
            detail: {
              eventId: deps.newId(),
              userId,
              contract: r.symbol,
              quantity: Math.abs(r.changes[0]!.before!.quantity),
              outcome: r.outcome === 'auto_closed' ? 'cash_settled' : r.outcome,
              at,
            },
          })),
        );
        return;
      }
    }
  }

  async function portfolioView(userId: string) {
    const account = await repo.getAccount(userId);
    if (!account) return null;
    const state = await loadState(account);
    const v = valuation(account, state.positions, state.marks, state.underlyingPrices);
    const today = sessionOf(clock.now());
    const window = new Set(tradingDaysEnding(today, PDT_WINDOW_TRADING_DAYS));
    const dayTradeCount = account.dayTrades.filter((d) => window.has(d)).length;
    const positions = state.positions.map((p) => {
      const q = state.positionQuotes.get(p.symbol);
      const m = positionMultiplier(p);
      const mark = state.marks.get(p.symbol) ?? null;
      // Position Greeks: the contract's Greek × contracts × 100 shares, to 4 decimals.
      const greek = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x * p.quantity * m * 10_000) / 10_000);
      return {
        symbol: p.symbol,
        kind: p.kind,
        underlying: p.underlying,
        optionType: p.optionType ?? null,
        strike: p.strike ?? null,
        expiration: p.expiration ?? null,
        quantity: p.quantity,
        side: p.quantity > 0 ? 'long' : 'short',
        avgPrice: p.avgPrice,
        mark,
        bid: q?.bid ?? null,
        ask: q?.ask ?? null,
        marketValue: cents(marketValue(p, state.marks)),
        costBasis: cents(p.avgPrice * p.quantity * m),
        unrealizedPnl: cents(unrealizedPnl(p, state.marks)),
        openedAt: p.openedAt,
        underlyingPrice: state.underlyingPrices.get(p.underlying) ?? null,
        intrinsicValue:
          p.kind === 'option' && state.underlyingPrices.has(p.underlying)
            ? cents(Math.max(0, intrinsicOf(p, state.underlyingPrices.get(p.underlying)!)))
            : null,
        greeks:
          p.kind === 'stock'
            ? { delta: p.quantity, gamma: 0, theta: 0, vega: 0, rho: 0 }
            : { delta: greek(q?.delta), gamma: greek(q?.gamma), theta: greek(q?.theta), vega: greek(q?.vega), rho: greek(q?.rho) },
        quoteAsOf: q?.asOf ?? null,
      };
    });
    const sum = (k: 'delta' | 'gamma' | 'theta' | 'vega' | 'rho') => cents(positions.reduce((s, p) => s + (p.greeks[k] ?? 0), 0) * 100) / 100;
    const sessionEquity = await openingEquity(account, state.positions, state.marks, state.quotes);
    return {
      account: {
        name: 'Paper Trading',
        mode: 'paper' as const,
        currency: 'USD' as const,
        startingCapital: account.startingCapital,
        run: account.run,
        createdAt: account.createdAt,
        cash: v.cash,
        buyingPower: v.buyingPower,
        optionsBuyingPower: v.buyingPower,
        equity: v.equity,
        positionsValue: v.positionsValue,
        reservedForShortOptions: v.requirement,
        heldForOrders: cents(account.heldForOrders),
        realizedPnl: cents(account.realizedPnl),
        unrealizedPnl: v.unrealizedPnl,
        totalPnl: cents(v.equity - account.startingCapital),
        dayPnl: cents(v.equity - sessionEquity),
        settings: account.settings,
        optionsLevelName: levelName(account.settings.optionsLevel),
        pdt: pdtStatus(dayTradeCount, v.equity),
      },
      positions,
      greeks: { delta: sum('delta'), gamma: sum('gamma'), theta: sum('theta'), vega: sum('vega'), rho: sum('rho') },
      activity: await repo.listActivity(userId, 50),
    };
  }

  return {
    async openAccount(userId: string, startingCapital: number): Promise<Result<NonNullable<Awaited<ReturnType<typeof portfolioView>>>>> {
      if (!STARTING_CAPITALS.includes(startingCapital as (typeof STARTING_CAPITALS)[number])) {
        return failure('bad_request', `Starting capital must be one of ${STARTING_CAPITALS.map((c) => formatUsd(c)).join(', ')}.`);
      }
      const at = clock.now().toISOString();
      const account: PaperAccount = {
        userId,
        startingCapital,
        cash: startingCapital,
        realizedPnl: 0,
        heldForOrders: 0,
        run: 1,
        createdAt: at,
        settings: DEFAULT_SETTINGS,
        dayTrades: [],
        sessionStart: null,
        version: 1,
      };
      const created = await repo.createAccount(account, {
        id: deps.newId(),
        at,
        kind: 'account_opened',
        cashDelta: startingCapital,
        realizedPnl: 0,
        text: `Paper account opened with ${formatUsd(startingCapital)} of virtual money.`,
      });
      if (!created) return failure('conflict', 'Your paper account is already open. Reset it to start again with new capital.');
      return { ok: true, value: (await portfolioView(userId))! };
    },

    async resetAccount(userId: string, startingCapital: number): Promise<Result<NonNullable<Awaited<ReturnType<typeof portfolioView>>>>> {
      if (!STARTING_CAPITALS.includes(startingCapital as (typeof STARTING_CAPITALS)[number])) {
        return failure('bad_request', `Starting capital must be one of ${STARTING_CAPITALS.map((c) => formatUsd(c)).join(', ')}.`);
      }
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const account = await repo.getAccount(userId);
        if (!account) return failure('conflict', NO_ACCOUNT);
        for (const o of await repo.listOrders(userId, { status: 'open' })) await endOpenOrder(userId, o, 'canceled', 'Canceled by an account reset.');
        const fresh = (await repo.getAccount(userId))!;
        const positions = await repo.getPositions(userId);
        const at = clock.now().toISOString();
        const next: PaperAccount = {
          ...fresh,
          startingCapital,
          cash: startingCapital,
          realizedPnl: 0,
          heldForOrders: 0,
          run: fresh.run + 1,
          dayTrades: [],
          sessionStart: null,
          version: fresh.version + 1,
        };
        const result = await repo.reset(userId, {
          expectedVersion: fresh.version,
          next,
          clear: positions,
          activity: {
            id: deps.newId(),
            at,
            kind: 'account_reset',
            cashDelta: 0,
            realizedPnl: 0,
            text: `Account reset: run ${fresh.run} ended with ${positions.length} open position${positions.length === 1 ? '' : 's'}; run ${next.run} starts with ${formatUsd(startingCapital)}.`,
          },
        });
        if (result === 'ok') return { ok: true, value: (await portfolioView(userId))! };
      }
      return failure('conflict', 'Your account changed during the reset. Please try again.');
    },

    async updateSettings(userId: string, patch: Partial<AccountSettings>): Promise<Result<AccountSettings>> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const account = await repo.getAccount(userId);
        if (!account) return failure('conflict', NO_ACCOUNT);
        const settings = { ...account.settings, ...patch };
        const result = await repo.commit(userId, {
          account: { expectedVersion: account.version, next: { ...account, settings, version: account.version + 1 } },
        });
        if (result === 'ok') return { ok: true, value: settings };
      }
      return failure('conflict', 'Your account changed while the settings were saved. Please try again.');
    },

    async portfolio(userId: string) {
      await maintain(userId);
      const view = await portfolioView(userId);
      return view ? { ok: true as const, value: view } : failure('not_found', NO_ACCOUNT);
    },

    placeOrder: (userId: string, request: OrderRequest) => decideAndCommit(userId, request),

    async preTrade(userId: string, request: OrderRequest): Promise<Result<{ canProceed: boolean; checks: ComplianceCheck[] }>> {
      const account = await repo.getAccount(userId);
      if (!account) return failure('conflict', NO_ACCOUNT);
      const evaluation = evaluateOrder(
        await loadState(
          account,
          request.legs.map((l) => l.contract),
        ),
        request,
      );
      // A dry run is not logged: the trade ticket re-checks after every edit, and the log records what was done with
      // orders (action_taken approved or blocked), not every preview of one.
      return { ok: true, value: { canProceed: evaluation.canProceed, checks: evaluation.checks } };
    },

    async listOrders(userId: string, status?: Order['status']) {
      await maintain(userId);
      return repo.listOrders(userId, { status, limit: 200 });
    },

    async cancelOrder(userId: string, orderId: string): Promise<Result<Order>> {
      const order = await repo.getOrder(userId, orderId);
      if (!order) return failure('not_found', 'No such order.');
      if (order.status !== 'open') return failure('conflict', `This order is ${order.status}; only open orders can be canceled.`);
      return endOpenOrder(userId, order, 'canceled', 'Canceled by you.');
    },

    async closePosition(
      userId: string,
      symbol: string,
      opts: { quantity?: number; clientOrderId?: string },
    ): Promise<Result<{ order: Order | null; checks: ComplianceCheck[] }>> {
      const positions = await repo.getPositions(userId);
      const p = positions.find((x) => x.symbol === symbol.toUpperCase());
      if (!p) return failure('not_found', `You hold no ${symbol.toUpperCase()} position.`);
      const quantity = opts.quantity ?? Math.abs(p.quantity);
      if (!Number.isInteger(quantity) || quantity <= 0 || quantity > Math.abs(p.quantity))
        return failure('bad_request', `Quantity must be a whole number from 1 to ${Math.abs(p.quantity)}.`);
      if (p.kind === 'stock') return closeShares(userId, p, quantity);
      return decideAndCommit(userId, {
        clientOrderId: opts.clientOrderId ?? `close-${p.symbol}-${p.version}-${quantity}`,
        type: 'market',
        timeInForce: 'day',
        legs: [{ contract: p.symbol, side: p.quantity > 0 ? 'sell' : 'buy', quantity }],
      });
    },

    async exercise(userId: string, symbol: string, quantity?: number): Promise<Result<{ activity: Activity }>> {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const account = await repo.getAccount(userId);
        if (!account) return failure('conflict', NO_ACCOUNT);
        const positions = await repo.getPositions(userId);
        const p = positions.find((x) => x.symbol === symbol.toUpperCase() && x.kind === 'option');
        if (!p) return failure('not_found', `You hold no ${symbol.toUpperCase()} option.`);
        if (p.quantity < 0) return failure('unprocessable', 'Only a long option can be exercised; a short one may be assigned to you instead.');
        const n = quantity ?? p.quantity;
        if (!Number.isInteger(n) || n <= 0 || n > p.quantity) return failure('bad_request', `Quantity must be a whole number from 1 to ${p.quantity}.`);
        const now = clock.now();
        if (isExpired(p.expiration!, now)) return failure('unprocessable', 'This option has expired; it is settled automatically.');
        const price = (await deps.quotes.underlyingPrices([p.underlying])).get(p.underlying);
        if (price === undefined) return failure('unprocessable', `No price for ${p.underlying} right now, so the option cannot be exercised.`);
        if (intrinsicOf(p, price) < 0.01)
          return failure(
            'unprocessable',
            `${describe(p.symbol)} is out of the money: exercising it would cost more than the shares are worth. Sell it instead.`,
          );
        const stock = positions.find((x) => x.kind === 'stock' && x.symbol === p.underlying) ?? null;
        const shares = n * 100;
        if (settlementOf(p.underlying) === 'physical') {
          if (p.optionType === 'call' && account.cash < p.strike! * shares) {
            return failure(
              'unprocessable',
              `Exercising buys ${shares} ${p.underlying} shares for ${formatUsd(p.strike! * shares)}, and you have ${formatUsd(account.cash)} in cash. Sell the option instead, or exercise fewer contracts.`,
            );
          }
          if (p.optionType === 'put' && (stock?.quantity ?? 0) < shares) {
            return failure(
              'unprocessable',
              `Exercising a put delivers ${shares} ${p.underlying} shares, and you hold ${Math.max(0, stock?.quantity ?? 0)}. Sell the option instead.`,
            );
          }
        }
        const at = now.toISOString();
        const r = settleOption(p, price, {
          settlement: settlementOf(p.underlying),
          stock,
          cash: account.cash,
          at,
          date: sessionOf(now),
          early: true,
          quantity: n,
        });
        const activity = { ...r.activity, id: deps.newId(), at };
        const started = await withSessionStart(account, positions);
        const result = await repo.commit(userId, {
          account: {
            expectedVersion: account.version,
            next: {
              ...started,
              cash: cents(account.cash + r.cashDelta),
              realizedPnl: cents(account.realizedPnl + r.realizedPnl),
              version: account.version + 1,
            },
          },
          positions: r.changes,
          activity: [activity],
        });
        if (result === 'ok') {
          if (!r.changes[0]!.after)
            await publish([
              { type: 'PositionClosed', detail: { eventId: deps.newId(), userId, contract: p.symbol, quantity: n, realizedPnl: r.realizedPnl, closedAt: at } },
            ]);
          return { ok: true, value: { activity } };
        }
      }
      return failure('conflict', 'Your account changed during the exercise. Please try again.');
    },

    async complianceSummary(userId: string, days: number) {
      const from = addDays(newYorkParts(clock.now()).date, -days);
      const log = (await repo.complianceLog(userId, from)).sort((a, b) => b.created_at.localeCompare(a.created_at));
      return {
        totalChecks: log.length,
        passed: log.filter((e) => e.check_result === 'passed').length,
        failed: log.filter((e) => e.check_result === 'failed').length,
        warnings: log.filter((e) => e.check_result === 'warning').length,
        recentChecks: log.slice(0, 10),
      };
    },

    maintain,
    levels: TRADING_LEVELS,
  };

  async function closeShares(userId: string, p: Position, quantity: number): Promise<Result<{ order: Order | null; checks: ComplianceCheck[] }>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const account = await repo.getAccount(userId);
      if (!account) return failure('conflict', NO_ACCOUNT);
      const price = (await deps.quotes.underlyingPrices([p.symbol])).get(p.symbol);
      if (price === undefined) return failure('unprocessable', `No price for ${p.symbol} right now.`);
      const positions = await repo.getPositions(userId);
      const current = positions.find((x) => x.symbol === p.symbol) ?? null;
      if (!current) return failure('not_found', `You hold no ${p.symbol} shares.`);
      const now = clock.now();
      const side = current.quantity > 0 ? 'sell' : 'buy';
      const outcome = applyFill(current, { symbol: p.symbol, side, quantity, price, at: now.toISOString(), date: sessionOf(now), kind: 'stock' });
      const cashDelta = cents((side === 'sell' ? 1 : -1) * price * quantity);
      const result = await repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: {
            ...(await withSessionStart(account, positions)),
            cash: cents(account.cash + cashDelta),
            realizedPnl: cents(account.realizedPnl + outcome.realizedPnl),
            version: account.version + 1,
          },
        },
        positions: [{ symbol: p.symbol, before: current, after: outcome.position }],
        activity: [
          {
            id: deps.newId(),
            at: now.toISOString(),
            kind: 'fill',
            symbol: p.symbol,
            cashDelta,
            realizedPnl: outcome.realizedPnl,
            text: `${side === 'sell' ? 'Sold' : 'Bought'} ${quantity} ${p.symbol} shares at ${formatUsd(price)}.`,
          },
        ],
      });
      if (result === 'ok') return { ok: true, value: { order: null, checks: [] } };
    }
    return failure('conflict', 'Your account changed while the shares were being sold. Please try again.');
  }
}

/** Several settlements may move the same share position: keep the first before and the last after. */
function collapse(changes: readonly PositionChange[]): PositionChange[] {
  const out = new Map<string, PositionChange>();
  for (const c of changes) {
    const prev = out.get(c.symbol);
    out.set(c.symbol, prev ? { symbol: c.symbol, before: prev.before, after: c.after } : c);
  }
  return [...out.values()];
}

function pruneDayTrades(days: string[], today: string): string[] {
  const keep = new Set(tradingDaysEnding(today, 10));
  return days.filter((d) => keep.has(d));
}

/** "SPY 2026-11-27 600 call" for an OCC symbol. */
export function describe(symbol: string): string {
  const o = parseOcc(symbol);
  return o ? `${o.underlying} ${o.expiration} ${o.strike} ${o.type}` : symbol;
}

export function describeOrder(order: Pick<Order, 'legs' | 'type' | 'limitPrice' | 'strategy'>): string {
  const legs = order.legs.map((l) => `${l.side} ${l.quantity} ${describe(l.contract)}`).join(', ');
  return `${order.strategy ? `${order.strategy} (${legs})` : legs}, ${order.type}${order.limitPrice !== null ? ` at ${formatUsd(Math.abs(order.limitPrice))}${order.legs.length > 1 ? (order.limitPrice >= 0 ? ' debit' : ' credit') : ''}` : ''}`;
}

export type TradingService = ReturnType<typeof tradingService>;
