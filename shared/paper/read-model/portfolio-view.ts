import { pdtStatus, PDT_WINDOW_TRADING_DAYS } from '../../compliance/checks';
import { levelName } from '../../compliance/levels';
import { tradingDaysEnding } from '../../market/calendar';
import { intrinsicOf } from '../expiration';
import { cents } from '../../kernel/money';
import type { PortfolioView } from '../paper.api';
import { marketValue, positionMultiplier, unrealizedPnl, valuation } from '../portfolio';
import { sessionOf } from '../session';
import type { PaperDeps } from '../use-cases/deps';
import { loadState, openingEquity } from '../use-cases/market-state';
import { strategyGroups } from '../strategy-groups';
import { pendingWork } from './pending-work';

/**
 * The portfolio as the learner reads it: balances, positions at their marks with position Greeks, Day P&L, the PDT
 * status, recent activity, and work the settle job has yet to do. A read: it changes nothing.
 */
const ACTIVITY_SHOWN = 50;

/**
 * The account, its positions and its recent activity. Without a cache: two Queries at once (the account with its
 * positions, which sort together, and the activity). With the warm function's cache (portfolio-cache.ts): the account
 * first (one strongly consistent GetItem), then the positions and activity kept for that version, or read (strongly
 * consistent, after the GetItem, so never older than that version) and kept.
 */
async function accountWithHoldings(deps: Pick<PaperDeps, 'repo' | 'portfolioCache'>, userId: string) {
  const { repo, portfolioCache: cache } = deps;
  if (!cache) {
    const [{ account, positions }, activity] = await Promise.all([repo.getAccountAndPositions(userId), repo.listActivity(userId, ACTIVITY_SHOWN)]);
    return account ? { account, positions, activity } : null;
  }
  const account = await repo.getAccount(userId);
  if (!account) return null;
  let kept = cache.get(userId, account.version);
  if (!kept) {
    const [positions, activity] = await Promise.all([repo.getPositions(userId), repo.listActivity(userId, ACTIVITY_SHOWN)]);
    kept = { positions, activity };
    cache.set(userId, account.version, kept);
  }
  return { account, ...kept };
}

export async function portfolioView(deps: Pick<PaperDeps, 'repo' | 'quotes' | 'clock' | 'portfolioCache'>, userId: string): Promise<PortfolioView | null> {
  const { clock } = deps;
  const read = await accountWithHoldings(deps, userId);
  if (!read) return null;
  const { account, positions: held, activity } = read;
  const state = await loadState(deps, account, [], held);
  const now = clock.now();
  const v = valuation(account, state.positions, state.marks, state.underlyingPrices);
  const window = new Set(tradingDaysEnding(sessionOf(now), PDT_WINDOW_TRADING_DAYS));
  const dayTradeCount = account.dayTrades.filter((d) => window.has(d)).length;
  const positions = state.positions.map((p) => {
    const q = state.positionQuotes.get(p.symbol);
    const m = positionMultiplier(p);
    const mark = state.marks.get(p.symbol) ?? null;
    // Position Greeks: the contract's Greek × contracts × 100 shares, to 4 decimals.
    const greek = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x * p.quantity * m * 10_000) / 10_000);
    const underlyingPrice = state.underlyingPrices.get(p.underlying);
    return {
      symbol: p.symbol,
      kind: p.kind,
      underlying: p.underlying,
      optionType: p.optionType ?? null,
      strike: p.strike ?? null,
      expiration: p.expiration ?? null,
      quantity: p.quantity,
      side: p.quantity > 0 ? ('long' as const) : ('short' as const),
      avgPrice: p.avgPrice,
      mark,
      bid: q?.bid ?? null,
      ask: q?.ask ?? null,
      marketValue: cents(marketValue(p, state.marks)),
      costBasis: cents(p.avgPrice * p.quantity * m),
      unrealizedPnl: cents(unrealizedPnl(p, state.marks)),
      openedAt: p.openedAt,
      underlyingPrice: underlyingPrice ?? null,
      intrinsicValue: p.kind === 'option' && underlyingPrice !== undefined ? cents(Math.max(0, intrinsicOf(p, underlyingPrice))) : null,
      greeks:
        p.kind === 'stock'
          ? { delta: p.quantity, gamma: 0, theta: 0, vega: 0, rho: 0 }
          : { delta: greek(q?.delta), gamma: greek(q?.gamma), theta: greek(q?.theta), vega: greek(q?.vega), rho: greek(q?.rho) },
      quoteAsOf: q?.asOf ?? null,
      group: p.group ?? null,
      ...(p.agent ? { agent: p.agent } : {}),
    };
  });
  const strategies = strategyGroups(state.positions).map((g) => {
    const legs = positions.filter((p) => g.symbols.includes(p.symbol));
    const total = (k: 'marketValue' | 'costBasis' | 'unrealizedPnl') => cents(legs.reduce((s, p) => s + p[k], 0));
    return { ...g, marketValue: total('marketValue'), costBasis: total('costBasis'), unrealizedPnl: total('unrealizedPnl') };
  });
  const sum = (k: 'delta' | 'gamma' | 'theta' | 'vega' | 'rho') => cents(positions.reduce((s, p) => s + (p.greeks[k] ?? 0), 0) * 100) / 100;
  const sessionEquity = await openingEquity(deps, account, state.positions, state.marks, state.quotes);
  return {
    account: {
      name: 'Paper Trading',
      mode: 'paper',
      currency: 'USD',
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
      // Realized P&L before fees, and the fees apart (issue 24 §5): opening a trade realizes nothing. Total P&L = realized + unrealized − fees.
      realizedPnl: cents(account.realizedPnl + (account.feesPaid ?? 0)),
      fees: cents(account.feesPaid ?? 0),
      unrealizedPnl: v.unrealizedPnl,
      totalPnl: cents(v.equity - account.startingCapital),
      dayPnl: cents(v.equity - sessionEquity),
      settings: account.settings,
      optionsLevelName: levelName(account.settings.optionsLevel),
      pdt: pdtStatus(dayTradeCount, v.equity),
    },
    positions,
    strategies,
    greeks: { delta: sum('delta'), gamma: sum('gamma'), theta: sum('theta'), vega: sum('vega'), rho: sum('rho') },
    activity,
    pending: pendingWork(account, state.positions, now),
  };
}

/**
 * The paper account's equity for the account selector, from the quotes the portfolio would use, without the Day P&L
 * baseline the selector does not show. With the warm function's cache: the account (one strongly consistent GetItem)
 * and the positions kept for its version, as the portfolio reads them; without: one Query of the account and its
 * positions.
 */
export async function paperEquity(deps: Pick<PaperDeps, 'repo' | 'quotes' | 'clock' | 'portfolioCache'>, userId: string): Promise<number | null> {
  const { account, positions } = deps.portfolioCache
    ? ((await accountWithHoldings(deps, userId)) ?? { account: null, positions: [] })
    : await deps.repo.getAccountAndPositions(userId);
  if (!account) return null;
  const state = await loadState(deps, account, [], positions);
  return valuation(account, state.positions, state.marks, state.underlyingPrices).equity;
}
