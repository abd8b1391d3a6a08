import { daysBetween, newYorkParts } from '../market/dates';
import type { Position } from '../paper/types';
import type { Order, Quote } from '../trading/order';
import { analyzeAtExpiry, knownStrategy, templateById, validateStrategy, type StrategyLeg } from '../strategy';
import type { PracticalExercise, Requirement } from './content/types';

/**
 * Practical exercises judged against the learner's real paper account (issue 17), never a self-report. Pure: the use
 * case reads the positions, the orders of the current run and the quotes; this decides each requirement with the
 * strategy validator and the expiry analytics, and says why in the learner's words.
 */
export interface ExerciseState {
  /** False when the learner has no paper account yet. */
  hasAccount: boolean;
  positions: readonly Position[];
  /** The current run's orders, newest first. */
  orders: readonly Order[];
  /** Current stored quotes of the contracts of orders that did not fill when placed. */
  quotes: ReadonlyMap<string, Quote>;
  now: Date;
  /**
   * Orders an earlier check judged at or better than the mid. Nothing records the quote a resting order was placed
   * against, so once its session's quotes are replaced it can no longer be judged; a judgment made while it rested stands.
   */
  judgedOrders?: ReadonlySet<string>;
  /** The learner's latest journal entries, as what a journal requirement reads of them. */
  journalEntries?: readonly JournalEntryFacts[];
}

/** What a journal requirement looks for in an entry (issue 18). */
export interface JournalEntryFacts {
  /** A setup tag or a thesis. */
  setup: boolean;
  /** A planned exit: a profit target, a stop or a time exit. */
  exitPlan: boolean;
  /** Written by the learner's agent token: it meets no requirement, since the course judges the learner's own work. */
  byAgent?: boolean;
}

const JOURNAL_WORDS = { setup: 'a setup (a setup tag or a thesis)', exitPlan: 'a planned exit (a profit target, a stop or a time exit)' } as const;

export interface RequirementCheck {
  description: string;
  met: boolean;
  detail: string;
  /** The order that met an order requirement judged against its mid (kept so the judgment stands). */
  orderId?: string;
}

export interface ExerciseCheck {
  passed: boolean;
  requirements: RequirementCheck[];
}

const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Cents: a limit "at the mid" is the mid rounded to the cent, so half a cent either way is at the mid. */
const HALF_CENT = 0.005 + 1e-9;

export function checkExercise(exercise: PracticalExercise, state: ExerciseState): ExerciseCheck {
  const requirements = exercise.requirements.map((r) => checkRequirement(r, state));
  return { passed: requirements.every((r) => r.met), requirements };
}

export function checkRequirement(req: Requirement, state: ExerciseState): RequirementCheck {
  const base = { description: req.description };
  if (req.type === 'journal') return { ...base, ...checkJournal(req.criteria, state) };
  if (!state.hasAccount) return { ...base, met: false, detail: 'Open a paper trading account first.' };
  return { ...base, ...(req.type === 'position' ? checkPosition(req.criteria, state) : checkOrder(req.criteria, state)) };
}

/** A journal requirement: an entry of the learner's that holds everything the exercise asks for. */
function checkJournal(criteria: Extract<Requirement, { type: 'journal' }>['criteria'], state: ExerciseState): { met: boolean; detail: string } {
  const entries = (state.journalEntries ?? []).filter((e) => !e.byAgent);
  const wanted = criteria.mustHave.map((m) => JOURNAL_WORDS[m]).join(' and ');
  if (entries.some((e) => criteria.mustHave.every((m) => e[m]))) return { met: true, detail: `Your journal has an entry with ${wanted}.` };
  return entries.length
    ? { met: false, detail: `None of your journal entries has ${wanted} yet.` }
    : { met: false, detail: `Write a journal entry with ${wanted}: open the journal and reflect on your trade.` };
}

/** A strategy as one lot times a multiplier: the legs' quantities divided by their greatest common divisor. */
export function legsOf(positions: readonly Position[]): { legs: StrategyLeg[]; lots: number } {
  const lots = positions.reduce((g, p) => gcd(g, Math.abs(p.quantity)), 0) || 1;
  const legs = positions.map((p) => ({
    action: p.quantity > 0 ? ('buy' as const) : ('sell' as const),
    optionType: p.optionType!,
    strike: p.strike!,
    premium: p.avgPrice,
    quantity: Math.abs(p.quantity) / lots,
    expiration: p.expiration!,
    underlying: p.underlying,
    contractTicker: p.symbol,
  }));
  return { legs, lots };
}

/** The ways the learner's option positions may form a strategy: each strategy group, each position, and the ungrouped ones of one expiry together. */
export function candidates(positions: readonly Position[]): Position[][] {
  // A position the learner's agent token opened is not the learner's own work, so it never meets an exercise.
  const options = positions.filter((p) => p.kind === 'option' && !p.agent && p.quantity !== 0 && p.optionType && p.strike && p.expiration);
  const out: Position[][] = [];
  const groups = new Map<string, Position[]>();
  for (const p of options) if (p.group) groups.set(p.group.id, [...(groups.get(p.group.id) ?? []), p]);
  out.push(...groups.values());
  const loose = options.filter((p) => !p.group);
  for (const p of options) out.push([p]);
  const byExpiry = new Map<string, Position[]>();
  for (const p of loose) byExpiry.set(`${p.underlying}|${p.expiration}`, [...(byExpiry.get(`${p.underlying}|${p.expiration}`) ?? []), p]);
  for (const set of byExpiry.values()) if (set.length > 1 && set.length <= 4) out.push(set);
  return out;
}

function describeLegs(positions: readonly Position[]): string {
  return positions
    .map(
      (p) =>
        `${p.quantity > 0 ? 'long' : 'short'} ${Math.abs(p.quantity)} ${p.underlying} ${p.expiration} $${p.strike} ${p.optionType}${Math.abs(p.quantity) === 1 ? '' : 's'}`,
    )
    .join(' + ');
}

type PositionCriteria = Extract<Requirement, { type: 'position' }>['criteria'];
type OrderCriteria = Extract<Requirement, { type: 'order' }>['criteria'];

function strategyNames(criteria: PositionCriteria): string[] {
  const ids = Array.isArray(criteria.strategy) ? criteria.strategy : [criteria.strategy];
  return ids.map((id) => {
    const name = templateById(id)?.name ?? id;
    const known = knownStrategy(name);
    if (!known) throw new Error(`exercise names a strategy the validator does not know: ${id}`);
    return known;
  });
}

function checkPosition(criteria: PositionCriteria, state: ExerciseState): { met: boolean; detail: string } {
  const names = strategyNames(criteria);
  const wanted = names.join(' or ');
  const today = newYorkParts(state.now).date;
  let best: { problems: string[]; positions: Position[] } | null = null;
  for (const set of candidates(state.positions)) {
    const { legs, lots } = legsOf(set);
    const problems: string[] = [];
    const validations = names.map((n) => validateStrategy(n, legs));
    const valid = validations.find((v) => v.valid);
    if (!valid) problems.push(`it is not a ${wanted} (${validations[0]!.errors[0] ?? 'the legs do not match'})`);
    if (criteria.underlying && legs.some((l) => l.underlying !== criteria.underlying))
      problems.push(`it is on ${legs[0]!.underlying}, not ${criteria.underlying}`);
    const dte = Math.min(...legs.map((l) => daysBetween(today, l.expiration)));
    if (criteria.minDaysToExpiry !== undefined && dte < criteria.minDaysToExpiry)
      problems.push(`it expires in ${dte} days, fewer than ${criteria.minDaysToExpiry}`);
    if (criteria.maxDaysToExpiry !== undefined && dte > criteria.maxDaysToExpiry)
      problems.push(`it expires in ${dte} days, more than ${criteria.maxDaysToExpiry}`);
    const loss = -analyzeAtExpiry(legs, { multiplier: lots }).maxLoss;
    if (criteria.maxLoss !== undefined && loss > criteria.maxLoss + 1e-9)
      problems.push(Number.isFinite(loss) ? `its max loss is ${usd(loss)}, more than ${usd(criteria.maxLoss)}` : 'its loss is unlimited');
    if (problems.length === 0) {
      const lossText = Number.isFinite(loss) ? `max loss ${usd(loss)}` : 'unlimited loss';
      return { met: true, detail: `You hold ${describeLegs(set)}: a ${names[validations.indexOf(valid!)]}, ${dte} days to expiry, ${lossText}.` };
    }
    if (!best || problems.length < best.problems.length) best = { problems, positions: set };
  }
  if (!best) {
    const byAgent = state.positions.some((p) => p.kind === 'option' && p.agent);
    return {
      met: false,
      detail: byAgent
        ? `You hold no option positions of your own (one your agent token opened does not count). Open a ${wanted} to meet this.`
        : `You hold no option positions. Open a ${wanted} to meet this.`,
    };
  }
  return { met: false, detail: `Your closest position, ${describeLegs(best.positions)}, does not qualify: ${best.problems.join('; ')}.` };
}

const mid = (q: Quote | undefined) => (q && q.bid !== null && q.ask !== null ? (q.bid + q.ask) / 2 : null);

/**
 * The mid of an order's quote when it was placed. An order that filled when placed records the quotes it filled
 * against (its fills); nothing records the quote a resting order was placed against, so it is judged against the
 * stored quote if that quote is older than the order (the same end-of-day quote it was placed on), else not judged.
 */
function midAtPlacement(order: Order, quotes: ReadonlyMap<string, Quote>): { mid: number } | { why: string } {
  const filledAtOnce = order.status === 'filled' && order.filledAt === order.createdAt && order.fills.length > 0;
  const quoteOf = (contract: string) => (filledAtOnce ? order.fills.find((f) => f.contract === contract)?.quote : quotes.get(contract));
  const units = order.legs.reduce((g, l) => gcd(g, l.quantity), 0) || 1;
  let net = 0;
  for (const leg of order.legs) {
    const q = quoteOf(leg.contract);
    if (!filledAtOnce && q && q.asOf > order.createdAt) return { why: 'the quotes it was placed against have since been replaced by a newer session' };
    const m = mid(q);
    if (m === null) return { why: `${leg.contract} had no two-sided quote` };
    net += (leg.side === 'buy' ? 1 : -1) * m * (leg.quantity / units);
  }
  return { mid: net };
}

function checkOrder(criteria: OrderCriteria, state: ExerciseState): { met: boolean; detail: string; orderId?: string } {
  // The learner's own orders only: one the learner's agent token placed earns no course progress.
  const placed = state.orders.filter((o) => (o.status === 'open' || o.status === 'filled') && !o.agent);
  const relevant = placed.filter((o) => !criteria.underlying || o.underlyings.includes(criteria.underlying));
  if (relevant.length === 0) return { met: false, detail: `You have placed no order${criteria.underlying ? ` on ${criteria.underlying}` : ''} yet.` };
  const ofType = relevant.filter((o) => o.type === criteria.orderType);
  if (ofType.length === 0) return { met: false, detail: `None of your orders is a ${criteria.orderType} order.` };
  if (!criteria.atOrBetterThanMid) return { met: true, detail: `Your ${criteria.orderType} order of ${ofType[0]!.createdAt.slice(0, 10)} meets this.` };
  let reason = '';
  for (const order of ofType) {
    if (order.limitPrice === null) continue;
    if (state.judgedOrders?.has(order.orderId))
      return { met: true, detail: `Your limit order at ${usd(order.limitPrice)} was judged at or better than the mid when placed.`, orderId: order.orderId };
    const at = midAtPlacement(order, state.quotes);
    if ('why' in at) {
      reason ||= `Your limit order at ${usd(order.limitPrice)} could not be judged: ${at.why}.`;
      continue;
    }
    const single = order.legs.length === 1;
    // One leg: the limit is a price to pay (buy) or take (sell). Several: a signed net price, debit positive, so lower is better.
    const buying = single ? order.legs[0]!.side === 'buy' : true;
    const limit = order.limitPrice;
    const m = single ? Math.abs(at.mid) : at.mid;
    const good = buying ? limit <= m + HALF_CENT : limit >= m - HALF_CENT;
    const words = `limit ${usd(limit)} against a mid of ${usd(m)} when placed`;
    if (good) return { met: true, detail: `Your limit order (${words}) is at or better than the mid.`, orderId: order.orderId };
    reason ||= `Your limit order (${words}) is worse than the mid: ${buying ? 'pay' : 'take'} ${usd(m)} or ${buying ? 'less' : 'more'}.`;
  }
  return { met: false, detail: reason || 'None of your limit orders has a limit price.' };
}
