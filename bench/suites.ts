import { agentSuite } from './agent';
import { dashboardSuite } from './dashboard';
import { analysisSuite } from './analysis';
import { communitySuite } from './community';
import { journalSuite } from './journal';
import { landingSuite } from './landing';
import { gamificationSuite } from './gamification';
import { brokerSuite } from './broker';
import { learningSuite } from './learning';
import { learningWidgetSuite } from './learning-widget';
import { marketSuite } from './market';
import { ordersSuite } from './orders';
import { americanSuite, pricingSuite } from './pricing';
import { predictionSuite } from './prediction';
import { watchlistSuite } from './watchlist';
import { alertsSuite } from './alerts';
import { screenerSuite } from './screener';
import { uploadSuite } from './upload';
import { indiaSuite } from './india';
import { backtestSuite } from './backtest';
import { competitionsSuite } from './competitions';

export interface BenchSuite {
  name: string;
  title: string;
  run: () => Promise<void>;
  /** Runs only when named (`npm run bench <name>`): a part of another suite, for measuring it alone. */
  explicit?: boolean;
}

export const suites: BenchSuite[] = [
  pricingSuite,
  americanSuite,
  marketSuite,
  ordersSuite,
  learningSuite,
  learningWidgetSuite,
  journalSuite,
  gamificationSuite,
  brokerSuite,
  dashboardSuite,
  screenerSuite,
  analysisSuite,
  communitySuite,
  landingSuite,
  agentSuite,
  uploadSuite,
  predictionSuite,
  watchlistSuite,
  alertsSuite,
  indiaSuite,
  backtestSuite,
  competitionsSuite,
];
