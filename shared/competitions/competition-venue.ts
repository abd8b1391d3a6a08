import { newYorkParts } from '../market/dates';
import { parseOcc } from '../market/occ';
import { cancelOrder } from '../paper/use-cases/cancel-order';
import type { PaperDeps } from '../paper/use-cases/deps';
import { placeOrder } from '../paper/use-cases/place-order';
import { listOrders } from '../paper/read-model/orders-list';
import { paperEquity } from '../paper/read-model/portfolio-view';
import { fail, ok, type Result } from '../result';
import type { OrderRequest, PlacedOrder, Quote } from '../trading/order';
import type { OrderVenue } from '../trading/order-venue.port';
import { competitionAccountId } from './account';
import { formatSeasonDay } from './competitions.errors';
import { checkDefinedRisk, type RiskOrderLeg } from './defined-risk';
import { seasonById, seasonOnOrAfter, SEASON_KINDS, type Season } from './seasons';
import { seasonLabel } from './season-view';

/**
 * A competition account as an order venue (issue 39): the one order path (POST /api/orders, DELETE /api/orders/{id},
 * GET /api/orders with accountId `competition-<seasonId>`) reaches it as it reaches the paper account. An order is the
 * paper account's own, on the competition account's items (`deps`, a repository scoped to the season) and its fixed
 * settings (account.ts), once the season is running, the learner has an account in it, and the order leaves every
 * underlying it touches with a defined max loss (defined-risk.ts).
 */
export const COMPETITION_ACCOUNT_PREFIX = 'competition-';

/** The competition account's trading window: before its first trading day, open, or closed. */
export type TradingWindow = 'upcoming' | 'running' | 'closed';

/**
 * Orders are taken from the season's first trading day (New York) until its close (closesAt). Not the page's season
 * status (season-view.ts seasonStatus), which says joinable until the first trading day ends, while trading is open.
 */
export function tradingWindow(season: Season, now: Date): TradingWindow {
  if (now.getTime() >= Date.parse(season.closesAt)) return 'closed';
  return newYorkParts(now).date < season.firstDay ? 'upcoming' : 'running';
}

/** "Competition · Weekly · Nov 30 – Dec 4, 2026", "Competition · Monthly · December 2026": the season's own label. */
export const competitionAccountName = (season: Season): string => `Competition · ${seasonLabel(season)}`;

export const COMPETITION_TEXTS = {
  notStarted: (season: Season) =>
    `This season starts on ${formatSeasonDay(season.firstDay)}: its competition account takes orders from then until the season closes.`,
  closed: (season: Season) =>
    `This season closed on ${formatSeasonDay(season.lastDay)} and its results are frozen: its competition account takes no more orders.`,
  notJoined: (season: Season) => `You have not joined the ${seasonLabel(season)} season, so you have no competition account in it.`,
} as const;

/** The season a competition account id names, or null. */
export function seasonOfAccount(accountId: string | undefined): Season | null {
  return accountId?.startsWith(COMPETITION_ACCOUNT_PREFIX) ? seasonById(accountId.slice(COMPETITION_ACCOUNT_PREFIX.length)) : null;
}

/** The price the defined-risk check books a leg at: the far side the fill will take (the ask to buy, the bid to sell). */
function riskLegs(legs: OrderRequest['legs'], quotes: ReadonlyMap<string, Quote>): RiskOrderLeg[] {
  return legs.map((l) => {
    const q = quotes.get(l.contract.toUpperCase());
    const price = (l.side === 'buy' ? q?.ask : q?.bid) ?? q?.mark ?? 0;
    return { contract: l.contract.toUpperCase(), side: l.side, quantity: l.quantity, price };
  });
}

/**
 * The defined-risk check of an order against the account's positions as they are, and as they would be once every
 * order still resting fills too: either may come true, so both must keep a defined max loss (a resting short call
 * cannot outlive the long call sold after it, nor a resting buy-to-close that never fills leave one naked).
 */
async function definedRisk(deps: PaperDeps, userId: string, request: OrderRequest): Promise<Result<unknown>> {
  const [positions, resting] = await Promise.all([deps.repo.getPositions(userId), deps.repo.listOrders(userId, { status: 'open' })]);
  const restingLegs = resting.flatMap((o) => o.legs);
  const contracts = [...new Set([...restingLegs, ...request.legs].map((l) => l.contract.toUpperCase()))].filter((c) => parseOcc(c));
  const quotes = await deps.quotes.quotes(contracts);
  const ordered = riskLegs(request.legs, quotes);
  const now = checkDefinedRisk(positions, ordered);
  if (!now.ok || restingLegs.length === 0) return now;
  const later = checkDefinedRisk(positions, [...riskLegs(restingLegs, quotes), ...ordered]);
  if (later.ok) return later;
  // A refusal names an underlying this order touches, not one only a resting order does.
  const touched = new Set(ordered.map((l) => parseOcc(l.contract)?.underlying ?? l.contract));
  return touched.has(String(later.error.details?.underlying ?? '')) ? later : now;
}

/** The competition account of a season as a venue; `deps` keep the season's items (a scoped repository). */
export function competitionVenue(season: Season, deps: PaperDeps): OrderVenue {
  const accountId = competitionAccountId(season.id);
  const name = competitionAccountName(season);
  return {
    accountId,
    async summary(userId) {
      if (tradingWindow(season, deps.clock.now()) !== 'running') return null;
      const equity = await paperEquity(deps, userId);
      if (equity === null) return null;
      return {
        id: accountId,
        name,
        displayName: name,
        description: 'Competition account: the same starting capital for every entrant, defined-risk positions only',
        mode: 'paper',
        broker: null,
        balance: equity,
        currency: 'USD',
        isConnected: true,
      };
    },
    async placeOrder(userId, request): Promise<Result<PlacedOrder>> {
      const status = tradingWindow(season, deps.clock.now());
      if (status === 'upcoming') return fail('conflict', COMPETITION_TEXTS.notStarted(season));
      if (status === 'closed') return fail('conflict', COMPETITION_TEXTS.closed(season));
      if (!(await deps.repo.getAccount(userId))) return fail('not_found', COMPETITION_TEXTS.notJoined(season));
      const risk = await definedRisk(deps, userId, request);
      if (!risk.ok) {
        // A retry of an order already booked is answered with that order, as the paper account answers it.
        const booked = await deps.repo.getOrderByClientId(userId, request.clientOrderId);
        if (!booked) return risk;
      }
      // Never the practice shortcut: an order placed while the market is closed waits for the next session, as every
      // entrant's does, rather than filling at a last close that news since may have left behind.
      return placeOrder(deps, userId, { ...request, whenClosed: 'next-session' });
    },
    cancelOrder: (userId, orderId, agent) => cancelOrder(deps, userId, orderId, agent),
    listOrders: async (userId, status) => ok(await listOrders(deps, userId, status)),
  };
}

/**
 * The competition venues a request can use: the running seasons' (the account selector lists the learner's among
 * them), and the one its accountId names whatever its state (so an order on a closed season hears why, not "no such
 * account").
 */
export function competitionVenues(depsOf: (seasonId: string) => PaperDeps, now: Date, accountId?: string): OrderVenue[] {
  const { date } = newYorkParts(now);
  const seasons = new Map<string, Season>();
  for (const kind of SEASON_KINDS) {
    const season = seasonOnOrAfter(kind, date);
    if (tradingWindow(season, now) === 'running') seasons.set(season.id, season);
  }
  const named = seasonOfAccount(accountId);
  if (named) seasons.set(named.id, named);
  return [...seasons.values()].map((s) => competitionVenue(s, depsOf(s.id)));
}
