import { levelForOpening } from '../compliance/levels';
import {
  canProceed,
  checkBuyingPower,
  checkMargin,
  checkNakedCalls,
  checkOrderRules,
  checkPdt,
  checkTradingLevel,
  pdtStatus,
  PDT_WINDOW_TRADING_DAYS,
  type ComplianceCheck,
} from '../compliance/checks';
import { tradingDaysEnding, tradingSessionAt } from '../market/calendar';
import { newYorkParts } from '../market/dates';
import { isExpired } from '../market/expiry-status';
import { parseOcc } from '../market/occ';
import { fillPrice, isMarketable, netUnitPrice, orderUnits, signedLimit } from './fills';
import { cents } from '../kernel/money';
import { valuation, type Marks } from './portfolio';
import { applyFill } from './positions';
import { requirement } from './buying-power';
import { describe } from './describe';
import { CONTRACT_MULTIPLIER, type PaperAccount, type Position } from './types';
import type { Fill, OrderRequest, Quote } from '../trading/order';

/**
 * Decides an order against the account (issue 6): the compliance checks, and whether it fills now
 * (a market order, or a marketable limit) or rests (a limit that is not marketable), with every
 * consequence computed here, purely, for the repository to write in one transaction.
 */
export interface TradingState {
  account: PaperAccount;
  positions: readonly Position[];
  quotes: ReadonlyMap<string, Quote>;
  marks: Marks;
  underlyingPrices: ReadonlyMap<string, number>;
  now: Date;
}

export interface PositionChange {
  symbol: string;
  before: Position | null;
  after: Position | null;
}

export type Decision =
  | {
      kind: 'fill';
      fills: Fill[];
      changes: PositionChange[];
      cashDelta: number;
      realizedPnl: number;
      commission: number;
      netPrice: number;
      /** Cash paid, positive; received, negative; commission included. */
      totalCost: number;
      dayTrade: boolean;
    }
  | { kind: 'rest'; hold: number };

export interface Evaluation {
  checks: ComplianceCheck[];
  canProceed: boolean;
  /** True when the order itself is malformed (a 400 rather than a compliance block). */
  invalid: boolean;
  decision: Decision | null;
}

const fail = (message: string): ComplianceCheck => ({ passed: false, type: 'order_validation', severity: 'error', message });

/**
 * `queue`: the market is closed and the order waits for the next session (market-hours.ts), so it does not fill now
 * whatever the quotes: it holds the buying power it would need (a market order: its cost at the current quotes, the
 * best estimate there is; a limit: its worst case at the limit) and is decided again at that session's quotes.
 */
export function evaluateOrder(state: TradingState, order: OrderRequest, opts: { queue?: boolean } = {}): Evaluation {
  const rules = checkOrderRules(order);
  if (rules.length) return { checks: rules, canProceed: false, invalid: true, decision: null };

  const problems: ComplianceCheck[] = [];
  const contracts = order.legs.map((l) => l.contract.toUpperCase());
  if (new Set(contracts).size !== contracts.length) problems.push(fail('Each contract may appear in one leg only.'));
  for (const c of contracts) {
    const occ = parseOcc(c);
    if (!occ) problems.push(fail(`${c} is not an option symbol.`));
    else if (isExpired(occ.expiration, state.now)) problems.push(fail(`${c} has expired and can no longer be traded.`));
    else if (!state.quotes.has(c)) problems.push(fail(`There is no quote for ${c}: it is not a listed contract.`));
  }
  if (problems.length) return { checks: problems, canProceed: false, invalid: true, decision: null };

  const { account, now } = state;
  const ny = newYorkParts(now);
  // Day trades and day orders belong to a trading session: after the close, the next one.
  const today = tradingSessionAt(ny.date, ny.minutes);
  const at = now.toISOString();
  const legs = order.legs.map((l, i) => ({ ...l, contract: contracts[i]! }));
  const quotes = legs.map((l) => state.quotes.get(l.contract)!);
  const prices = legs.map((l, i) => fillPrice(quotes[i]!, l.side, account.settings));
  const units = orderUnits(legs);
  const missing = prices.findIndex((p) => p === null);

  let marketable: boolean;
  if (order.type === 'market') {
    if (missing >= 0) {
      const leg = legs[missing]!;
      return {
        checks: [fail(`There is no ${leg.side === 'buy' ? 'ask' : 'bid'} for ${leg.contract} right now, so a market order cannot fill. Use a limit order.`)],
        canProceed: false,
        invalid: false,
        decision: null,
      };
    }
    marketable = true;
  } else {
    marketable = missing < 0 && isMarketable(netUnitPrice(legs, prices as number[]), signedLimit(legs, order.limitPrice!));
  }

  // The positions after the order (the same whether it fills now or later).
  const bySymbol = new Map(state.positions.map((p) => [p.symbol, p]));
  const changes: PositionChange[] = [];
  const fills: Fill[] = [];
  let realized = 0;
  let dayTrade = false;
  const opening: { side: 'buy' | 'sell' }[] = [];
  const commissionPer = account.settings.commissionPerContract;
  legs.forEach((leg, i) => {
    const before = bySymbol.get(leg.contract) ?? null;
    const price = marketable ? prices[i]! : (quotes[i]!.mark ?? 0);
    const outcome = applyFill(before, { symbol: leg.contract, side: leg.side, quantity: leg.quantity, price, at, date: today });
    if (outcome.effect !== 'close') {
      opening.push({ side: leg.side });
    }
    if (outcome.closedQuantity > 0 && before?.openedDate === today) dayTrade = true;
    const commission = cents(leg.quantity * commissionPer);
    realized += outcome.realizedPnl;
    fills.push({
      contract: leg.contract,
      side: leg.side,
      quantity: leg.quantity,
      price,
      commission,
      effect: outcome.effect,
      realizedPnl: outcome.realizedPnl,
      quote: quotes[i]!,
    });
    changes.push({ symbol: leg.contract, before, after: outcome.position });
    bySymbol.set(leg.contract, outcome.position ?? { ...(before as Position), quantity: 0 });
  });
  const after = [...bySymbol.values()].filter((p) => p.quantity !== 0);
  const commission = cents(fills.reduce((s, f) => s + f.commission, 0));

  const reqBefore = requirement(state.positions, state.underlyingPrices);
  const reqAfter = requirement(after, state.underlyingPrices);
  const before = valuation(account, state.positions, state.marks, state.underlyingPrices);

  const checks: ComplianceCheck[] = [];
  const newlyNaked = reqAfter.nakedCalls.filter((n) => !reqBefore.nakedCalls.some((b) => b.symbol === n.symbol && b.quantity >= n.quantity));
  const naked = checkNakedCalls(newlyNaked);
  if (naked && opening.length === 0) {
    // Closing a leg that covered a short call (a condor's long call): say which leg to close first (issue 24).
    const closing = legs.filter((l) => l.side === 'sell').map((l) => describe(l.contract));
    checks.push({
      ...naked,
      message: `Closing ${closing.join(' and ') || 'this leg'} would leave your short ${newlyNaked.map((n) => describe(n.symbol)).join(' and ')} uncovered. Close the short call first, or close the whole strategy.`,
    });
  } else if (naked) checks.push(naked);

  // Level: closing only needs none (a learner who lowers the level, or whose level is 0, can still get out of a
  // position); one opening leg is a buy (2) or a covered call / cash-secured put (1); several opening legs are a
  // spread or combination (3).
  const requiredLevel = levelForOpening(opening);
  checks.push(checkTradingLevel(requiredLevel, account.settings.optionsLevel));

  let decision: Decision;
  let required: number;
  let cashAfter: number;
  if (marketable && !(opts.queue && order.type === 'limit')) {
    const cashDelta = cents(fills.reduce((s, f) => s + (f.side === 'buy' ? -1 : 1) * f.price * f.quantity * CONTRACT_MULTIPLIER, 0) - commission);
    required = cents(reqAfter.total - reqBefore.total - cashDelta);
    cashAfter = account.cash + cashDelta;
    decision = opts.queue
      ? { kind: 'rest', hold: cents(Math.max(0, required)) }
      : {
          kind: 'fill',
          fills,
          changes,
          cashDelta,
          realizedPnl: cents(realized - commission),
          commission,
          netPrice: netUnitPrice(legs, prices as number[]),
          totalCost: cents(-cashDelta),
          dayTrade,
        };
  } else {
    const worstCash = cents(signedLimit(legs, order.limitPrice!) * units * CONTRACT_MULTIPLIER + commission);
    required = cents(Math.max(0, reqAfter.total - reqBefore.total + worstCash));
    cashAfter = account.cash - worstCash;
    decision = { kind: 'rest', hold: required };
  }
  checks.push(checkBuyingPower(required, before.buyingPower));

  const window = new Set(tradingDaysEnding(today, PDT_WINDOW_TRADING_DAYS));
  const count = account.dayTrades.filter((d) => window.has(d)).length + (decision.kind === 'fill' && dayTrade ? 1 : 0);
  const afterMarks = new Map(state.marks);
  for (const [i, leg] of legs.entries()) if (quotes[i]!.mark !== null) afterMarks.set(leg.contract, quotes[i]!.mark!);
  const afterValuation = valuation({ cash: cashAfter, heldForOrders: account.heldForOrders }, after, afterMarks, state.underlyingPrices);
  checks.push(...checkPdt(pdtStatus(count, afterValuation.equity)));
  checks.push(checkMargin(afterValuation.grossPositionValue, afterValuation.equity, 1, afterValuation.grossPositionValue <= before.grossPositionValue + 1e-9));

  return { checks, canProceed: canProceed(checks), invalid: false, decision };
}
