import type { Context } from 'aws-lambda';
import { AccountDeletionRequestedDetail } from '@shared/events/domain-events';
import { runDeletion, settlesAt, type PrivacyDeps } from '@shared/users/privacy';
import { logger } from '../commons/powertools';
import { privacyDeps } from '../wiring/users';

/**
 * Finishes an account deletion once its settle time is over (shared/users/privacy.ts). The request that starts a
 * deletion runs its steps at once, but may not mark it done before the settle (30 s) has passed, and an API request
 * cannot wait that long; before this consumer, nothing ran the last pass unless the settings page kept polling or the
 * nightly sweep came by, so a deletion stayed `deleting` for hours. This consumer runs the steps, sleeps until the settle
 * is over, and runs the last pass (every step is idempotent, so a redelivery or a concurrent poll is harmless). Its
 * function's timeout covers the settle plus the passes (functions/events/rules.ts). A failure is retried as every
 * consumer's is, and the nightly sweep stays the last resort.
 *
 * Not run through the consumer helper: that one skips events of deleted accounts, and this event is about one.
 */
export function makeFinishDeletion(deps: PrivacyDeps, sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))) {
  return async (event: { detail?: unknown }, _context?: Partial<Context>): Promise<{ status: string; userId: string }> => {
    const detail = AccountDeletionRequestedDetail.parse(event.detail);
    let tombstone = await deps.store.tombstone(detail.account);
    if (!tombstone) {
      logger.warn('No deletion to finish for this account', { eventId: detail.eventId, userId: detail.account });
      return { status: 'missing', userId: detail.account };
    }
    tombstone = await runDeletion(deps, tombstone);
    const wait = settlesAt(tombstone, deps.settleMs) - deps.clock.now().getTime();
    if (tombstone.status === 'deleting' && wait > 0) {
      logger.info('Account deletion waits out its settle time', { eventId: detail.eventId, userId: detail.account, waitMs: wait });
      await sleep(wait + 50);
      tombstone = await runDeletion(deps, tombstone);
    }
    logger.info('Account deletion pass finished', {
      eventId: detail.eventId,
      userId: detail.account,
      status: tombstone.status,
      itemsDeleted: tombstone.itemsDeleted,
      sinceRequestMs: deps.clock.now().getTime() - new Date(tombstone.requestedAt).getTime(),
    });
    // Still not done (a settle longer than this function may wait): fail, so the event is retried.
    if (tombstone.status !== 'deleted') throw new Error('The account deletion has not finished; the event is retried');
    return { status: tombstone.status, userId: detail.account };
  };
}

export const handler = makeFinishDeletion(privacyDeps());
