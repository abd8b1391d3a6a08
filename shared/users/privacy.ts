import type { Clock } from '../ports/clock.port';
import type { DomainEvent } from '../events/domain-events';
import type { StoredAgentToken } from '../agent/agent-tokens.port';
import { agentTokenSummary } from '../agent/stored-token';

/**
 * The learner's rights over their data (issue 20; the privacy policy at /privacy promises them): download everything
 * the product keeps about them as one JSON file, and delete the account.
 *
 * Deletion is a job that can stop at any step and resume from the start, each step idempotent, in an order that
 * never leaves a usable half-deleted account:
 *   1. the tombstone (`DELETED#<sub>`), written first and kept: from then on every request made with the learner's
 *      tokens is refused (functions/commons/http.ts), so nothing new can be written while the rest goes;
 *   2. sign-out everywhere (the user pool revokes the refresh tokens);
 *   3. the broker key pairs in Secrets Manager;
 *   4. what the learner has outside their partition: the notify-me entry, their shared strategy posts (with everything
 *      on them), their comments, useful votes (taken back, so the counts stay true), reports on other posts, and their
 *      personal access tokens' lookups by hash, so none of their tokens is accepted again (leaderboard entries and the
 *      community story are items of their partition, on indexes, and go with it; the partition's own copies of posts
 *      and comments, and its token items, are how this step finds them, so it runs before step 5);
 *   5. every `USER#<sub>` item, in pages, until a read finds none;
 *   6. the user in the user pool;
 *   7. the tombstone says `deleted` — only once the partition was found empty at least SETTLE_MS after the tombstone,
 *      so an event consumer still working on an event published before the deletion cannot leave an item behind.
 *
 * The request runs the steps at once; the last pass, due once the settle is over, is run by the consumer of the
 * AccountDeletionRequested event the request publishes (functions/events/finish-deletion.ts), which waits out the
 * settle. Then the tombstone becomes a marker that keeps only what refusing the old tokens needs (the sub and the times,
 * no e-mail) and expires DELETED_MARKER_KEPT_MS after the deletion finished.
 */
export const SETTLE_MS = 30_000;

/**
 * How long the finished deletion's marker is kept: 20 minutes after it finished. It exists only to refuse the tokens
 * issued before the deletion. Access and ID tokens live 15 minutes (functions/sessions.ts), refresh tokens were revoked
 * by the sign-out step, and from the user pool step on no token can be issued for the sub at all (and Cognito never
 * reuses a sub); the pool step comes before the deletion finishes, so 15 minutes after `completedAt` no token of the
 * account can be valid. Five minutes more cover clock skew between the user pool and the function.
 */
export const DELETED_MARKER_KEPT_MS = 20 * 60_000;
export const DELETION_CONFIRMATION = 'DELETE MY ACCOUNT';

export type DeletionStatus = 'deleting' | 'deleted';

export interface Tombstone {
  userId: string;
  email: string;
  requestedAt: string;
  status: DeletionStatus;
  completedAt: string | null;
  /** Items removed so far (all runs). */
  itemsDeleted: number;
  /** Steps finished at least once, for the status the settings page shows. */
  steps: DeletionStep[];
  /** When the finished deletion's marker expires (DELETED_MARKER_KEPT_MS after `completedAt`); null while deleting. */
  keptUntil?: string | null;
}

export type DeletionStep = 'signed_out' | 'broker_keys' | 'outside_items' | 'items' | 'user_pool';

/** An item of the learner's partition: its sort key and what it holds. */
export interface UserItem {
  SK: string;
  [field: string]: unknown;
}

export interface PrivacyStore {
  tombstone(userId: string): Promise<Tombstone | null>;
  /** Writes the tombstone, with its events' outbox items in the same transaction, unless one exists; answers the one that is there. */
  createTombstone(t: Tombstone, events?: readonly DomainEvent[]): Promise<Tombstone>;
  saveTombstone(t: Tombstone): Promise<void>;
  /** A page of the learner's partition (at most `limit` items). */
  userItems(userId: string, limit: number, cursor?: string): Promise<{ items: UserItem[]; cursor?: string }>;
  deleteUserItems(userId: string, sortKeys: readonly string[]): Promise<void>;
  /** Removes the learner's entries kept outside their partition (the notify-me list); an entry already gone is fine. */
  deleteOutsideItems(userId: string, email: string): Promise<void>;
  /** The learner's entries outside their partition, for the export. */
  outsideItems(userId: string, email: string): Promise<Record<string, unknown>[]>;
}

export interface UserPoolAdmin {
  signOutEverywhere(userId: string): Promise<void>;
  /** Deletes the user; a user already gone is fine. */
  deleteUser(userId: string): Promise<void>;
}

export interface BrokerKeyRemover {
  removeAll(userId: string): Promise<void>;
}

export interface PrivacyDeps {
  store: PrivacyStore;
  pool: UserPoolAdmin;
  brokerKeys: BrokerKeyRemover;
  clock: Clock;
  /** SETTLE_MS unless a local stack was started with a shorter one (functions/commons/deleted-accounts.ts). */
  settleMs?: number;
  /** The id of the event whose consumer finishes the deletion once the settle is over (the request cannot wait that long). */
  newEventId?: () => string;
  /** Told each step's duration, for the job's log. */
  onStep?: (step: DeletionStep | 'settled' | 'items_page', ms: number, t: Tombstone) => void;
}

// Export

/**
 * Which part of the export an item belongs to, by its sort key (the data model in docs/architecture.md). Unknown kinds
 * go to `other`, so a kind added later is still exported.
 */
const SECTIONS: readonly [prefix: string, section: string][] = [
  ['PROFILE', 'profile'],
  ['PAPER#ACCOUNT', 'paperAccount'],
  ['PAPER#POS#', 'positions'],
  ['ORDER#', 'orders'],
  ['ORDERCID#', 'orderRequests'],
  ['ACT#', 'activity'],
  ['COMPL#', 'complianceLog'],
  ['DISCL#', 'disclosures'],
  ['JTRADE#', 'journalTrades'],
  ['JOURNAL#', 'journalEntries'],
  ['JLEDGER#', 'journalLedger'],
  ['JBOOK', 'journalBook'],
  ['JAWARD#', 'journalAwards'],
  ['LEARN', 'learning'],
  ['GAME', 'gamification'],
  ['AWARD#', 'gamificationAwards'],
  ['BOARD#', 'leaderboardEntries'],
  ['DRAFT#', 'drafts'],
  ['DRAFTS', 'draftCount'],
  ['BROKER#', 'brokerConnections'],
  ['BROKERSYNC#', 'brokerSync'],
  ['BROKERLOG#', 'brokerActivity'],
  ['BORDERKEY#', 'brokerOrderRequests'],
  ['BFILL#', 'brokerFills'],
  ['TESTIMONIAL', 'communityStory'],
  ['CPOST#', 'communityPosts'],
  ['CCOMMENT#', 'communityComments'],
  ['CVOTE#', 'communityVotes'],
  ['CREPORT#', 'communityReports'],
  ['CRATE#', 'communityDailyCounts'],
  ['COUNTED#', 'counted'],
  ['SESSIONS', 'sessions'],
  ['AGENT_TOKEN#', 'agentTokens'],
  ['AGENT_TOKENS', 'agentTokenCount'],
  ['PREDICT#ACCOUNT', 'predictionAccount'],
  ['PREDICT#ACCOUNT#POS#', 'predictionPositions'],
  ['PREDICT#ORDER#', 'predictionOrders'],
  ['PREDICT#OCID#', 'predictionOrderRequests'],
  ['PREDICT#SETTLE#', 'predictionSettlements'],
  ['WATCH#', 'watchlist'],
  ['WATCHLIST', 'watchlistCount'],
  ['ALERT#A#', 'alerts'],
  ['ALERT#COUNT', 'alertCount'],
  ['ALERT#FIRED#', 'alertFirings'],
  ['ALERT#SETTINGS', 'alertSettings'],
  ['NOTE#', 'notifications'],
  // A competition account's items (issue 39): account, positions, orders, activity, compliance log, trade plans.
  ['COMP#', 'competitionAccounts'],
  ['COMPENTRY#', 'competitionEntries'],
  ['COMPEQ#', 'competitionEquity'],
  ['COMPDEBRIEF#', 'competitionDebriefs'],
  ['BACKTEST#', 'backtestRuns'],
  ['BACKTESTSUM#', 'backtestRunSummaries'],
  ['BACKTESTCID#', 'backtestRunRequests'],
  ['BACKTESTS', 'backtestRunCount'],
];

export const sectionOf = (sk: string): string => SECTIONS.find(([p]) => sk === p || (p.endsWith('#') && sk.startsWith(p)))?.[1] ?? 'other';

/** Field names that could hold a credential: never exported, whatever item they appear in. */
const SECRET_FIELD = /secret|password|apikey|api_key|token|credential/i;

/** An item as the learner downloads it: the table's keys and index attributes out, and nothing that looks like a secret. */
export function exportedItem(item: UserItem): Record<string, unknown> {
  // A personal access token as its owner lists it: its name, scopes, last four and times, never its hash.
  if (sectionOf(item.SK) === 'agentTokens') return { ...agentTokenSummary(item as unknown as StoredAgentToken) };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'PK' || k === 'SK' || /^GSI\d+(PK|SK)$/.test(k) || k === 'expiresAt') continue;
    if (SECRET_FIELD.test(k)) continue;
    out[k] = v;
  }
  return out;
}

export interface DataExport {
  exportedAt: string;
  userId: string;
  about: string;
  sections: Record<string, Record<string, unknown>[]>;
}

/** Everything kept about the learner, one JSON document grouped by kind. */
export async function exportData(deps: Pick<PrivacyDeps, 'store' | 'clock'>, who: { userId: string; email: string }): Promise<DataExport> {
  const sections: Record<string, Record<string, unknown>[]> = {};
  let cursor: string | undefined;
  do {
    const page = await deps.store.userItems(who.userId, 500, cursor);
    for (const item of page.items) (sections[sectionOf(item.SK)] ??= []).push(exportedItem(item));
    cursor = page.cursor;
  } while (cursor);
  const outside = await deps.store.outsideItems(who.userId, who.email);
  if (outside.length) sections.notifyMe = outside.map((i) => exportedItem({ SK: '', ...i }));
  return {
    exportedAt: deps.clock.now().toISOString(),
    userId: who.userId,
    about:
      'Everything Options Academy keeps about you. Broker key pairs are not included: they live in a secret store and are never sent back. Events older than a day and the anonymous site counters are not kept per learner.',
    sections,
  };
}

// Deletion

/** Starts the deletion (idempotent: a second request answers the first one's tombstone) and runs it as far as it goes. */
export async function requestDeletion(deps: PrivacyDeps, who: { userId: string; email: string }, opts: { budgetMs?: number } = {}): Promise<Tombstone> {
  const requestedAt = deps.clock.now().toISOString();
  const finish: DomainEvent[] = deps.newEventId
    ? [{ type: 'AccountDeletionRequested', detail: { eventId: deps.newEventId(), account: who.userId, requestedAt } }]
    : [];
  const tombstone = await deps.store.createTombstone(
    { userId: who.userId, email: who.email, requestedAt, status: 'deleting', completedAt: null, itemsDeleted: 0, steps: [] },
    finish,
  );
  return runDeletion(deps, tombstone, opts);
}

/** Resumes a deletion from the start of its steps; each step is idempotent. Answers the tombstone as it now is. */
export async function runDeletion(deps: PrivacyDeps, start: Tombstone, opts: { budgetMs?: number } = {}): Promise<Tombstone> {
  if (start.status === 'deleted') return start;
  const now = () => deps.clock.now().getTime();
  const began = now();
  const t: Tombstone = { ...start, steps: [...start.steps] };
  let stepStarted = began;
  const timed = (step: DeletionStep | 'settled' | 'items_page') => {
    const at = now();
    deps.onStep?.(step, at - stepStarted, t);
    stepStarted = at;
  };
  const done = async (step: DeletionStep) => {
    if (!t.steps.includes(step)) t.steps.push(step);
    await deps.store.saveTombstone(t);
    timed(step);
  };
  await deps.pool.signOutEverywhere(t.userId);
  await done('signed_out');
  await deps.brokerKeys.removeAll(t.userId);
  await done('broker_keys');
  await deps.store.deleteOutsideItems(t.userId, t.email);
  await done('outside_items');
  for (;;) {
    const page = await deps.store.userItems(t.userId, 100);
    if (!page.items.length) break;
    await deps.store.deleteUserItems(
      t.userId,
      page.items.map((i) => i.SK),
    );
    t.itemsDeleted += page.items.length;
    await deps.store.saveTombstone(t);
    if (opts.budgetMs !== undefined && now() - began > opts.budgetMs) {
      timed('items_page');
      return t;
    }
  }
  await done('items');
  await deps.pool.deleteUser(t.userId);
  await done('user_pool');
  const settled = now() - new Date(t.requestedAt).getTime() >= (deps.settleMs ?? SETTLE_MS);
  if (settled) {
    const completed = now();
    t.status = 'deleted';
    t.completedAt = new Date(completed).toISOString();
    // What is kept from here on: the sub and the times, for refusing old tokens; no e-mail.
    t.email = '';
    t.keptUntil = new Date(completed + DELETED_MARKER_KEPT_MS).toISOString();
    await deps.store.saveTombstone(t);
    timed('settled');
  }
  return t;
}

/** When the deletion may be marked done: SETTLE_MS (or the stack's shorter settle) after the tombstone. */
export const settlesAt = (t: Pick<Tombstone, 'requestedAt'>, settleMs = SETTLE_MS): number => new Date(t.requestedAt).getTime() + settleMs;

/** What the settings page shows while it waits. */
export function deletionView(t: Tombstone) {
  return {
    status: t.status,
    requestedAt: t.requestedAt,
    completedAt: t.completedAt,
    itemsDeleted: t.itemsDeleted,
    steps: t.steps,
    message:
      t.status === 'deleted'
        ? 'Your account and all its data have been deleted.'
        : 'Your account is being deleted. You have been signed out everywhere; this page says when every item is gone.',
  };
}
