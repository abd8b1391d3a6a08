import { agentApi } from '@shared/agent/agent.api';
import { alertsApi } from '@shared/alerts/alerts.api';
import { screenerApi } from '@shared/analysis/screener.api';
import { analysisApi } from '@shared/analysis/analysis.api';
import { backtestApi } from '@shared/backtest/backtest.api';
import { brokerApi } from '@shared/broker/broker.api';
import { dataBrowserApi } from '@shared/data-browser/data-browser.api';
import { communityApi } from '@shared/community/community.api';
import { postsApi } from '@shared/community/posts.api';
import { draftsApi } from '@shared/drafts/drafts.api';
import { journalApi } from '@shared/journal/journal.api';
import { gamificationApi } from '@shared/gamification/gamification.api';
import { learningApi } from '@shared/learning/learning.api';
import { indiaApi } from '@shared/market/india/india.api';
import { marketApi } from '@shared/market/market.api';
import { kiteLoginApi } from '@shared/market/india/kite-login.api';
import { mcpApi } from '@shared/agent/mcp.api';
import { operationsApi } from '@shared/operations/operations.api';
import { paperApi } from '@shared/paper/paper.api';
import { predictionApi } from '@shared/prediction/prediction.api';
import { usersApi } from '@shared/users/users.api';
import type { RouteContract, RouteKey } from '@shared/api/contract';
import { serviceApi } from '@shared/api/service.api';
import { uploadsApi } from '@shared/uploads/uploads.api';
import { watchlistApi } from '@shared/watchlist/watchlist.api';

/**
 * Every area's contract in one place, so the API document (functions/openapi/document.ts) and the tests see every route.
 * An area's key is its tag in the document. A new area adds its `<area>.api.ts` here.
 */
export const apiAreas = {
  service: serviceApi,
  users: usersApi,
  paper: paperApi,
  drafts: draftsApi,
  market: marketApi,
  community: communityApi,
  communityPosts: postsApi,
  learning: learningApi,
  journal: journalApi,
  gamification: gamificationApi,
  broker: brokerApi,
  screener: screenerApi,
  analysis: analysisApi,
  agent: agentApi,
  mcp: mcpApi,
  dataBrowser: dataBrowserApi,
  operations: operationsApi,
  uploads: uploadsApi,
  // The demo prediction markets: the markets' read routes and the demo account's trading routes.
  prediction: predictionApi,
  // The learner's watchlist.
  watchlist: watchlistApi,
  // The learner's alerts, checked after each end-of-day ingestion, and the notifications they write.
  alerts: alertsApi,
  // The operator's daily Zerodha Kite Connect login (issue 38).
  kiteLogin: kiteLoginApi,
  // Indian markets: the view-only NSE chain and its underlyings, with the feed's badge.
  india: indiaApi,
  // The strategy backtester (issue 39): the stored history, saved runs and sharing a run to the feed.
  backtest: backtestApi,
} as const;

export type ApiArea = keyof typeof apiAreas;

export interface ContractEntry {
  routeKey: RouteKey;
  area: ApiArea;
  contract: RouteContract;
}

/** Every route's contract with its area, in the order of the areas above. */
export const apiContracts: readonly ContractEntry[] = Object.entries(apiAreas).flatMap(([area, api]) =>
  Object.entries(api as Record<RouteKey, RouteContract>).map(([routeKey, contract]) => ({ routeKey: routeKey as RouteKey, area: area as ApiArea, contract })),
);

/** The contract of one route, or undefined when no area declares it. */
export const contractOf = (routeKey: string): RouteContract | undefined => apiContracts.find((c) => c.routeKey === routeKey)?.contract;
