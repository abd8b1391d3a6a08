import { dashboardSuite } from './dashboard';
import { analysisSuite } from './analysis';
import { communitySuite } from './community';
import { journalSuite } from './journal';
import { gamificationSuite } from './gamification';
import { brokerSuite } from './broker';
import { learningSuite } from './learning';
import { learningWidgetSuite } from './learning-widget';
import { marketSuite } from './market';
import { ordersSuite } from './orders';
import { pricingSuite } from './pricing';
import { screenerSuite } from './screener';

export interface BenchSuite {
  name: string;
  title: string;
  run: () => Promise<void>;
}

export const suites: BenchSuite[] = [
  pricingSuite,
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
];
