import type { LearningModule } from './types';
import { optionsGreeks } from './modules/options-greeks';

/** The course in path order (docs: research order basics → greeks → basic_strategies → …), the modules that have content. */
export const COURSE: readonly LearningModule[] = [optionsGreeks];
