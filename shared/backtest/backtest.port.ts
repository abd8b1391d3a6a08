import type { DailySummary } from '../metrics/daily-summary';
import type { Result } from '../result';
import type { BacktestPostPart, RunSummary, SavedRunJson } from './backtest.api';
import type { ConcreteLeg } from '../strategy/shape';

/** A saved run as stored: the run as answered, with the client's id for the run and the post it was shared as. */
export interface StoredRun extends SavedRunJson {
  clientRunId: string;
  /** The community post the run was last shared as; null until shared. */
  sharedPostId: string | null;
}

export type SaveOutcome =
  | { outcome: 'saved' }
  /** The same clientRunId was saved first (a retry, or the same run sent twice at once). */
  | { outcome: 'exists'; run: StoredRun }
  /** The learner keeps the most runs allowed. */
  | { outcome: 'full' }
  /** The run is larger than one stored item can hold. */
  | { outcome: 'too-large' };

/**
 * Where a learner's saved runs live (functions/adapters/dynamo/backtest-repository.ts): each run under the learner,
 * with the client's id for it and a count written in the same conditional transaction, so a retry never saves twice and
 * the limit holds when two runs are saved at once.
 */
export interface BacktestRunRepository {
  /** The run saved with this clientRunId, or null. */
  byClientRunId(userId: string, clientRunId: string): Promise<StoredRun | null>;
  /** How many runs the learner keeps. */
  count(userId: string): Promise<number>;
  /** Saves the run unless its clientRunId is saved already (`exists`) or the learner keeps `max` runs (`full`). */
  save(userId: string, run: StoredRun, max: number): Promise<SaveOutcome>;
  /** The learner's runs as summaries, newest first. */
  list(userId: string): Promise<RunSummary[]>;
  /** The learner's own run, or null (another learner's id is simply not under this learner). */
  get(userId: string, id: string): Promise<StoredRun | null>;
  /** Removes the run, its summary and its clientRunId, and counts it out: false when it was not there. */
  remove(userId: string, id: string): Promise<boolean>;
  /** Records the post the run was shared as. */
  markShared(userId: string, id: string, postId: string): Promise<void>;
}

/** What the stored history of one underlying spans. */
export interface StoredHistory {
  symbol: string;
  first: string;
  last: string;
  sessions: number;
}

/** The daily summaries the product stores (the ingestion's SUM# rows), read only. */
export interface SummaryHistorySource {
  /** Every underlying with at least one stored summary. */
  stored(): Promise<StoredHistory[]>;
  /** Every stored summary of the underlying, oldest first (the engine reads the sessions before the range for IV rank). */
  history(underlying: string): Promise<DailySummary[]>;
}

/** Who shares: the name and public profile other learners see. */
export interface ShareAuthor {
  userId: string;
  displayName: string;
  publicId: string | null;
}

export interface BacktestShare {
  title: string;
  thesis: string;
  tags: string[];
  underlying: string;
  strategyName: string;
  /** The underlying's close on the first trade's entry and that session: the legs are kept relative to them. */
  spot: number;
  refDate: string;
  /** Concrete strikes and expiry, the premium per share at the entry (the shape a post keeps them as is computed from these). */
  legs: ConcreteLeg[];
  backtest: BacktestPostPart;
}

/**
 * The community feed a run is shared to (the wiring calls shared/community's `shareBacktestPost`, an area above this
 * one): the post counts against the learner's daily limit (rate_limited past it).
 */
export interface RunSharer {
  share(author: ShareAuthor, input: BacktestShare): Promise<Result<{ postId: string }>>;
  /** Whether the post is still on the feed (its author has not withdrawn it, no operator hid it). */
  postShown(postId: string): Promise<boolean>;
}
