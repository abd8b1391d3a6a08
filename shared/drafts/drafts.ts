/**
 * Strategy drafts: the builder's "Add to Drafts" (spec part 3 §2 shows the button without behaviour;
 * issue 7 asks for the obvious one): a learner saves the legs they are building, per user, and
 * reopens them later. Quotes are not saved as truth: a reopened draft is re-priced from the chain.
 */
import type { StrategyLeg } from '../strategy/types';

/** A leg as a draft keeps it: what the builder needs to rebuild it, without the chain's live fields. */
export type DraftLeg = Pick<StrategyLeg, 'action' | 'optionType' | 'strike' | 'premium' | 'quantity' | 'expiration' | 'underlying' | 'contractTicker'>;

export interface Draft {
  draftId: string;
  name: string;
  underlying: string;
  strategy: string | null;
  multiplier: number;
  legs: DraftLeg[];
  createdAt: string;
  updatedAt: string;
}

export const MAX_DRAFTS = 50;
export const MAX_DRAFT_LEGS = 8;

/** Where drafts are kept. The count of a learner's drafts changes in the same write as the drafts themselves. */
export interface DraftRepository {
  list(userId: string): Promise<Draft[]>;
  get(userId: string, draftId: string): Promise<Draft | null>;
  /** Saves a new draft unless the learner already has `max`: false then (the check and the write are one). */
  create(userId: string, draft: Draft, max: number): Promise<boolean>;
  /** Replaces a draft that still exists: false when it was deleted meanwhile. */
  update(userId: string, draft: Draft): Promise<boolean>;
  delete(userId: string, draftId: string): Promise<boolean>;
}

/** "SPY Iron Condor" or "SPY custom strategy", for a draft saved without a name. */
export function defaultDraftName(underlying: string, strategy: string | null): string {
  return `${underlying} ${strategy || 'custom strategy'}`;
}
