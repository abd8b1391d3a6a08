import { TRADING_LEVELS } from '../compliance/levels';
import { ok } from '../result';
import { noAccountToRead } from './paper.errors';
import { complianceSummary } from './read-model/compliance-summary';
import { listOrders } from './read-model/orders-list';
import { portfolioView } from './read-model/portfolio-view';
import { cancelOrder } from './use-cases/cancel-order';
import { closePosition } from './use-cases/close-position';
import { closeStrategy, regroupPosition } from './use-cases/close-strategy';
import type { PaperDeps } from './use-cases/deps';
import { exercise } from './use-cases/exercise';
import { expireDayOrders, maintainAccount, recheckRestingOrder, restingOrders, settleDueExpiries } from './use-cases/maintain';
import { openAccount } from './use-cases/open-account';
import { placeOrder } from './use-cases/place-order';
import { preTrade } from './use-cases/pre-trade';
import { resetAccount } from './use-cases/reset-account';
import { updateSettings } from './use-cases/update-settings';
import type { AccountSettings, OptionsLevel } from './types';
import type { AgentOrderCount, Order, OrderRequest, WhenClosed } from '../trading/order';

/**
 * The paper account's use cases (one file each under use-cases/ and read-model/) bound to one set of ports: what
 * the trading handler, the settle job and the tests call. Writes are use cases; reads (portfolio, orders, compliance
 * summary) change nothing.
 */
export function paperAccount(deps: PaperDeps) {
  return {
    openAccount: (userId: string, startingCapital: number, optionsLevel?: OptionsLevel) => openAccount(deps, userId, startingCapital, optionsLevel),
    resetAccount: (userId: string, startingCapital: number) => resetAccount(deps, userId, startingCapital),
    updateSettings: (userId: string, patch: Partial<AccountSettings>) => updateSettings(deps, userId, patch),
    placeOrder: (userId: string, request: OrderRequest) => placeOrder(deps, userId, request),
    preTrade: (userId: string, request: OrderRequest) => preTrade(deps, userId, request),
    cancelOrder: (userId: string, orderId: string, agent?: string) => cancelOrder(deps, userId, orderId, agent),
    closePosition: (
      userId: string,
      symbol: string,
      opts: { quantity?: number; clientOrderId?: string; whenClosed?: WhenClosed; agent?: string; agentCount?: AgentOrderCount },
    ) => closePosition(deps, userId, symbol, opts),
    exercise: (userId: string, symbol: string, quantity?: number) => exercise(deps, userId, symbol, quantity),
    closeStrategy: (
      userId: string,
      groupId: string,
      opts: { clientOrderId: string; limitPrice?: number; whenClosed?: WhenClosed; agent?: string; agentCount?: AgentOrderCount },
    ) => closeStrategy(deps, userId, groupId, opts),
    regroupPosition: (userId: string, symbol: string, to: { groupId: string | null; name?: string }) => regroupPosition(deps, userId, symbol, to),
    /** The settle job's work for one account, all of it. */
    maintain: (userId: string) => maintainAccount(deps, userId),
    /** The settle job's steps, which it runs across all accounts in turn. */
    settleDueExpiries: (userId: string) => settleDueExpiries(deps, userId),
    expireDayOrders: (userId: string) => expireDayOrders(deps, userId),
    restingOrders: (userId: string) => restingOrders(deps, userId),
    recheckRestingOrder: (userId: string, order: Order) => recheckRestingOrder(deps, userId, order),
    async portfolio(userId: string) {
      const view = await portfolioView(deps, userId);
      return view ? ok(view) : noAccountToRead();
    },
    listOrders: (userId: string, status?: Order['status']) => listOrders(deps, userId, status),
    complianceSummary: (userId: string, days: number) => complianceSummary(deps, userId, days),
    levels: TRADING_LEVELS,
  };
}

export type PaperAccountService = ReturnType<typeof paperAccount>;
