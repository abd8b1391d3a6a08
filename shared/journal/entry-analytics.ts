import { daysBetween } from '../market/dates';
import { parseOcc } from '../market/occ';
import { cents, gcd } from '../kernel/money';
import { CONTRACT_MULTIPLIER } from '../paper/types';
import type { Quote } from '../trading/order';
import { strategySummary, validateStrategy, type KnownStrategy, type StrategyLeg } from '../strategy';
import { newYorkDate, sign, type EntryAnalytics, type OpenLeg } from './trades';

/**
 * The order the journal tries the validator's strategies in when the order did not name one (spec part 3 §5's
 * requirements table, shared/strategy/validate.ts): the plain shapes first, so a short put is a Cash-Secured Put
 * rather than a leg of something larger. The first whose rules the legs meet names the trade; else 'Custom'.
 */
const RECOGNITION_ORDER: readonly KnownStrategy[] = [
  'Long Call',
  'Long Put',
  'Sell Call',
  'Cash-Secured Put',
  'Bull Call Spread',
  'Bear Call Spread',
  'Bull Put Spread',
  'Bear Put Spread',
  'Long Straddle',
  'Long Strangle',
  'Straddle',
  'Strangle',
  'Iron Condor',
  'Long Iron Condor',
  'Long Iron Butterfly',
  'Butterfly Spread',
  'Bear Butterfly',
  'Long Calendar with Calls',
  'Long Calendar with Puts',
  'Risk Reversal',
  'Call Ratio Spread',
  'Put Ratio Spread',
  'Put Ratio Back Spread',
  'Strip',
  'Strap',
  'Short Synthetic Future',
  'Bear Condor',
];

/** One lot of the legs (quantities divided by their greatest common divisor) and the number of lots. */
export function lotsOf(legs: readonly OpenLeg[]): { legs: StrategyLeg[]; lots: number } {
  const lots = legs.reduce((g, l) => gcd(g, l.quantity), 0) || 1;
  return {
    lots,
    legs: legs.map((l) => {
      const occ = parseOcc(l.contract)!;
      return {
        action: l.side,
        optionType: occ.type,
        strike: occ.strike,
        premium: l.price,
        quantity: l.quantity / lots,
        expiration: occ.expiration,
        underlying: occ.underlying,
        contractTicker: l.contract,
        iv: l.iv,
      };
    }),
  };
}

/** The strategy a set of legs forms, by the validator's rules; 'Custom' when none fits. */
export function recogniseStrategy(legs: readonly OpenLeg[]): string {
  const one = lotsOf(legs).legs;
  return RECOGNITION_ORDER.find((name) => validateStrategy(name, one).valid) ?? 'Custom';
}

/**
 * The entry analytics of a trade (issue 18): from the strategy analytics for the whole position (one lot × lots) at the
 * fill's underlying price and date: max profit, max loss, breakevens and probability of profit; net premium and
 * commissions paid; mean IV of the legs; position Greeks from the quotes the legs filled against (Σ ±qty × 100 × Greek);
 * days to the first expiration.
 */
export function entryAnalytics(
  legs: readonly OpenLeg[],
  ctx: { filledAt: string; quotes: ReadonlyMap<string, Pick<Quote, 'underlyingPrice' | 'delta' | 'gamma' | 'theta' | 'vega'>> },
): EntryAnalytics {
  const { legs: one, lots } = lotsOf(legs);
  const asOf = newYorkDate(ctx.filledAt);
  const spot = legs.map((l) => ctx.quotes.get(l.contract)?.underlyingPrice).find((p): p is number => typeof p === 'number' && p > 0) ?? null;
  const ivs = legs.map((l) => l.iv).filter((v): v is number => typeof v === 'number' && v > 0);
  const iv = ivs.length ? ivs.reduce((s, v) => s + v, 0) / ivs.length : null;
  const firstExpiry = one.map((l) => l.expiration).sort()[0]!;
  const netPremium = cents(legs.reduce((s, l) => s - sign(l.side) * l.price * l.quantity * CONTRACT_MULTIPLIER, 0));
  const commissions = cents(legs.reduce((s, l) => s + l.commission, 0));

  let greeks: EntryAnalytics['greeks'] = { delta: 0, gamma: 0, theta: 0, vega: 0 };
  for (const l of legs) {
    const q = ctx.quotes.get(l.contract);
    if (!q || [q.delta, q.gamma, q.theta, q.vega].some((g) => typeof g !== 'number')) {
      greeks = null;
      break;
    }
    const w = sign(l.side) * l.quantity * CONTRACT_MULTIPLIER;
    greeks = { delta: greeks.delta + w * q.delta!, gamma: greeks.gamma + w * q.gamma!, theta: greeks.theta + w * q.theta!, vega: greeks.vega + w * q.vega! };
  }
  if (greeks) greeks = { delta: round(greeks.delta, 2), gamma: round(greeks.gamma, 4), theta: round(greeks.theta, 2), vega: round(greeks.vega, 2) };

  let maxProfit: number | null = null;
  let maxLoss: number | null = null;
  let breakevens: number[] = [];
  let pop: number | null = null;
  if (spot !== null) {
    const s = strategySummary(one, { spot, asOf, multiplier: lots, ...(iv !== null ? { iv } : {}) });
    maxProfit = Number.isFinite(s.maxProfit) ? cents(s.maxProfit) : null;
    maxLoss = Number.isFinite(s.maxLoss) ? cents(Math.max(0, -s.maxLoss)) : null;
    breakevens = s.breakevens.map((b) => round(b, 2));
    pop = s.pop;
  }
  return {
    netPremium,
    commissions,
    underlyingPrice: spot,
    iv,
    greeks,
    maxProfit,
    maxLoss,
    breakevens,
    pop,
    dte: Math.max(0, daysBetween(asOf, firstExpiry)),
    lots,
  };
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
