import { domainEvent } from '../../events/domain-events';
import type { OperationsDeps } from './deps';

/**
 * Queues one ingestion run through `IngestRequested` (the same path as the market tools' manual run): its consumer runs
 * the ingest job, which records the run with the trigger `manual`.
 */
export async function requestIngest(deps: Pick<OperationsDeps, 'outbox' | 'ids' | 'clock'>, by: string, underlyings?: readonly string[]): Promise<void> {
  await deps.outbox.enqueue([
    domainEvent(
      'IngestRequested',
      { requestedBy: by, reason: 'admin', underlyings: underlyings ? [...underlyings] : undefined, at: deps.clock.now().toISOString() },
      deps.ids.newId(),
    ),
  ]);
}
