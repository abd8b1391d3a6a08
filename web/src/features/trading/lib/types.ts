import type { ComplianceCheck } from '@shared/compliance/checks';
import type { AccountSettings, Activity, Order } from '@shared/paper/types';

/** The answers of the paper-trading API (functions/http/trading.ts), as the pages read them. */
export interface AccountSummary {
  id: string;
  name: string;
  displayName: string;
  description: string;
  mode: string;
  broker: string | null;
  balance: number;
  currency: string;
  isConnected: boolean;
}

export interface AccountsAnswer {
  accounts: AccountSummary[];
  needsSetup: boolean;
  startingCapitals: number[];
}

export interface PortfolioPosition {
  symbol: string;
  kind: 'option' | 'stock';
  underlying: string;
  optionType: 'call' | 'put' | null;
  strike: number | null;
  expiration: string | null;
  quantity: number;
  side: 'long' | 'short';
  avgPrice: number;
  mark: number | null;
  bid: number | null;
  ask: number | null;
  marketValue: number;
  costBasis: number;
  unrealizedPnl: number;
  underlyingPrice: number | null;
  intrinsicValue: number | null;
  greeks: { delta: number | null; gamma: number | null; theta: number | null; vega: number | null; rho: number | null };
  quoteAsOf: string | null;
}

export interface Portfolio {
  account: {
    name: string;
    mode: 'paper';
    currency: string;
    startingCapital: number;
    run: number;
    cash: number;
    buyingPower: number;
    equity: number;
    positionsValue: number;
    reservedForShortOptions: number;
    heldForOrders: number;
    realizedPnl: number;
    unrealizedPnl: number;
    totalPnl: number;
    dayPnl: number;
    settings: AccountSettings;
    optionsLevelName: string;
    pdt: { isPatternDayTrader: boolean; dayTradeCount: number; dayTradesRemaining: number };
  };
  positions: PortfolioPosition[];
  greeks: { delta: number; gamma: number; theta: number; vega: number; rho: number };
  activity: Activity[];
}

export type { Order, ComplianceCheck, AccountSettings };
