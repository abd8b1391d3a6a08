import { brokerSuite } from './broker';
import { learningSuite } from './learning';
import { marketSuite } from './market';
import { ordersSuite } from './orders';
import { pricingSuite } from './pricing';

export interface BenchSuite {
  name: string;
  title: string;
  run: () => Promise<void>;
}

export const suites: BenchSuite[] = [pricingSuite, marketSuite, ordersSuite, learningSuite, brokerSuite];
