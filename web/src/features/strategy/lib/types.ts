import type { ComplianceCheck } from '@shared/compliance/checks';
import type { Draft } from '@shared/drafts/drafts';
import type { ExpirySummary } from '@shared/market/chain';
import type { ChainView } from '@shared/market/market-reader';
import type { AccountSettings, Order } from '@shared/paper/types';
import type { StoredTicker } from '@shared/market/market-store.port';

/** The answers of the APIs the builder reads, as far as it reads them. */
export interface TickersResponse {
  source: 'live' | 'demo';
  tickers: StoredTicker[];
}

export interface ExpiriesResponse {
  underlying: string;
  source: 'live' | 'demo';
  expiries: ExpirySummary[];
}

export type { ChainView, ComplianceCheck, Draft, Order };

/** GET /api/portfolio, the fields the builder shows (the same answer the portfolio page reads). */
export interface Portfolio {
  account: {
    name: string;
    cash: number;
    buyingPower: number;
    equity: number;
    settings: AccountSettings;
    optionsLevelName: string;
  };
  positions: { symbol: string; kind: 'option' | 'stock'; underlying: string; quantity: number }[];
}

export interface PreTradeAnswer {
  canProceed: boolean;
  checks: ComplianceCheck[];
}
