import { basicStrategies } from './modules/basic-strategies';
import { optionsBasics } from './modules/options-basics';
import { optionsGreeks } from './modules/options-greeks';
import { advancedStrategies } from './modules/advanced-strategies';
import { marketAnalysis } from './modules/market-analysis';
import { riskAdjustment } from './modules/risk-adjustment';
import { riskManagement } from './modules/risk-management';
import type { LearningModule } from './types';

/**
 * The course in path order (basics → greeks → basic_strategies → market_analysis → advanced_strategies →
 * risk_adjustment → risk_management): the spec's seven modules; the spec fixes only greeks after basics.
 */
export const COURSE: readonly LearningModule[] = [
  optionsBasics,
  optionsGreeks,
  basicStrategies,
  marketAnalysis,
  advancedStrategies,
  riskAdjustment,
  riskManagement,
];
