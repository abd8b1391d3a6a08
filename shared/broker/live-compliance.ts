import {
  canProceed,
  checkBuyingPower,
  checkMargin,
  checkNakedCalls,
  checkOrderRules,
  checkPdt,
  checkTradingLevel,
  pdtStatus,
  type ComplianceCheck,
} from '../compliance/checks';
import { levelForOpening } from '../compliance/levels';
import { parseOcc } from '../market/occ';
import { requirement } from '../paper/buying-power';
import { orderCost } from '../paper/order-cost';
import { CONTRACT_MULTIPLIER, type Position } from '../paper/types';
import type { OrderRequest, Quote } from '../trading/order';
import type { BrokerAccountInfo, BrokerPositionRecord } from './broker.port';

/**
 * The paper account's pre-trade compliance (spec part 3 §5 "Order compliance", §8), run on the broker's figures before
 * an order goes to Alpaca: the order rules (the spec's three messages), the level the opening legs need against the
 * learner's level, naked calls, the cost against the larger of buying power and options buying power, PDT, margin.
 * Alpaca removed `pattern_day_trader` and `daytrade_count` in July 2026 (Alpaca's Trading API OpenAPI document: deprecated
 * 2026-04-27, sunset 2026-07-06, after FINRA's intraday margin standards): when they are absent
 * the PDT check says so as info and never blocks.
 */
export const PDT_NOT_REPORTED =
  'Your broker no longer reports day trades (Alpaca removed pattern_day_trader and daytrade_count in July 2026), so day trades are not counted here.';

export interface LiveEvaluation {
  checks: ComplianceCheck[];
  canProceed: boolean;
  /** The order itself is malformed (a 400 rather than a compliance block). */
  invalid: boolean;
}

/** A broker position as the paper account's Position, for the buying-power rules (shares and option legs). */
function asPosition(p: Pick<BrokerPositionRecord, 'symbol' | 'quantity' | 'avg_entry_price'>): Position {
  const occ = parseOcc(p.symbol);
  return {
    symbol: p.symbol,
    kind: occ ? 'option' : 'stock',
    underlying: occ?.underlying ?? p.symbol,
    ...(occ ? { optionType: occ.type, strike: occ.strike, expiration: occ.expiration } : {}),
    quantity: p.quantity,
    avgPrice: p.avg_entry_price,
    openedAt: '',
    openedDate: '',
    version: 0,
  };
}

export function evaluateLiveOrder(
  order: OrderRequest,
  ctx: { account: BrokerAccountInfo; positions: readonly BrokerPositionRecord[]; quotes: ReadonlyMap<string, Quote> },
): LiveEvaluation {
  const rules = checkOrderRules(order);
  if (rules.length) return { checks: rules, canProceed: false, invalid: true };
  const { account } = ctx;
  const legs = order.legs.map((l) => ({ ...l, contract: l.contract.toUpperCase().replace(/^O:/, '') }));
  const before = ctx.positions.map(asPosition);
  const after = new Map(before.map((p) => [p.symbol, { ...p }]));
  const opening: { side: 'buy' | 'sell' }[] = [];
  for (const leg of legs) {
    const held = after.get(leg.contract);
    const delta = leg.side === 'buy' ? leg.quantity : -leg.quantity;
    const q0 = held?.quantity ?? 0;
    // A leg opens unless it only reduces a position held the other way.
    if (q0 === 0 || Math.sign(q0) === Math.sign(delta) || Math.abs(delta) > Math.abs(q0)) opening.push({ side: leg.side });
    after.set(leg.contract, { ...(held ?? asPosition({ symbol: leg.contract, quantity: 0, avg_entry_price: 0 })), quantity: q0 + delta });
  }
  const afterList = [...after.values()].filter((p) => p.quantity !== 0);
  const reqBefore = requirement(before);
  const reqAfter = requirement(afterList);

  const checks: ComplianceCheck[] = [];
  const naked = checkNakedCalls(reqAfter.nakedCalls.filter((n) => !reqBefore.nakedCalls.some((b) => b.symbol === n.symbol && b.quantity >= n.quantity)));
  if (naked) checks.push(naked);
  checks.push(checkTradingLevel(levelForOpening(opening), account.trading_level));

  // The debit of the order: at the limit (the worst it can cost), or at the market's quotes (buy at the ask, sell at the bid).
  const units = legs.length > 1 ? legs.map((l) => l.quantity).reduce((a, b) => gcd(a, b)) : legs[0]!.quantity;
  let debit: number | null;
  if (order.type === 'limit') {
    // A net limit of several legs is signed already (positive debit); a single leg's is the price of its side.
    const side = legs.length > 1 || legs[0]!.side === 'buy' ? ('buy' as const) : ('sell' as const);
    debit = orderCost([{ side, quantity: units, price: order.limitPrice! }], 0).premium;
  } else {
    const prices = legs.map((l) => {
      const q = ctx.quotes.get(l.contract);
      return l.side === 'buy' ? (q?.ask ?? null) : (q?.bid ?? null);
    });
    debit = prices.every((p) => p !== null)
      ? orderCost(
          legs.map((l, i) => ({ side: l.side, quantity: l.quantity, price: prices[i]! })),
          0,
        ).premium
      : null;
  }
  const marks = (list: readonly Position[]) =>
    list.reduce((s, p) => {
      const q = ctx.quotes.get(p.symbol);
      const held = ctx.positions.find((x) => x.symbol === p.symbol);
      const price = q?.mark ?? held?.current_price ?? p.avgPrice;
      return s + Math.abs(price * p.quantity * (p.kind === 'option' ? CONTRACT_MULTIPLIER : 1));
    }, 0);
  if (debit === null) {
    checks.push({
      passed: true,
      type: 'buying_power',
      severity: 'warning',
      message: 'There is no quote for every leg, so the cost could not be estimated here; Alpaca checks the buying power itself.',
    });
  } else {
    const required = Math.round(Math.max(0, reqAfter.total - reqBefore.total + debit) * 100) / 100;
    checks.push(checkBuyingPower(required, account.buying_power, account.options_buying_power));
  }

  if (account.pattern_day_trader === null && account.day_trade_count === null) {
    checks.push({ passed: true, type: 'pdt', severity: 'info', message: PDT_NOT_REPORTED });
  } else {
    checks.push(...checkPdt(pdtStatus(account.day_trade_count ?? 0, account.equity, account.pattern_day_trader ?? false)));
  }
  const grossBefore = marks(before);
  const grossAfter = marks(afterList);
  checks.push(checkMargin(grossAfter, account.equity, account.multiplier, grossAfter <= grossBefore + 1e-9));
  return { checks, canProceed: canProceed(checks), invalid: false };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
