import type { CompetitionPlan } from './competition-account.api';

/** Where a competition account's trade plans are kept: beside the account, under the learner's own items. */
export interface CompetitionPlans {
  plans(userId: string, seasonId: string): Promise<Map<string, CompetitionPlan>>;
  put(userId: string, seasonId: string, tradeId: string, plan: CompetitionPlan): Promise<void>;
}
