import type { Context } from 'aws-lambda';
import { z } from 'zod';
import { DomainEvent, type DomainEventType, type EventOf } from '@shared/events/domain-events';
import { deletedCheckFromEnv, type DeletedCheck } from './deleted-accounts';
import { instrumented, logger as sharedLogger } from './powertools';

/**
 * The consumer helper, the twin of functions/commons/http.ts for EventBridge targets (docs/architecture.md, "Events"):
 * it parses the envelope and validates the detail with the event's zod schema, puts the event id, detail-type and
 * consumer on every log line, and makes the consumer idempotent by `detail.eventId`, since EventBridge delivers at least
 * once and may deliver the same event twice, even at the same moment.
 *
 * Idempotency is a receipt item per consumer and event, written with a condition (not Powertools' idempotency utility:
 * an award-style consumer must write its receipt in the same transaction as its state, docs/architecture.md "Events", which a record
 * kept around the handler cannot give; and @aws-lambda-powertools/idempotency lags the other Powertools packages by a
 * version and would bring a second copy of their commons). Two ways:
 * - `claim` (default, for jobs that write many items, such as an ingestion run): the first delivery claims the receipt
 *   for as long as its invocation may run, runs the consumer and marks the receipt done; a failure releases the claim and
 *   rethrows, so the event is retried. A second delivery finds the receipt done, or claimed by a run still in time, and
 *   returns: the claiming invocation answers for the event (its failure is retried by Lambda with the same request id,
 *   which may take its own claim back; a claim whose time is up can be taken by any delivery). Failing the twin instead
 *   would only spend its retries while the first run works and park a consumed event in the dead-letter queue.
 * - `transaction` (award-style consumers): the consumer puts `ctx.receipt` (or its own award item at `receiptKey`) in the
 *   TransactWriteItems that changes its state, conditional on not existing; of two deliveries at once one commits and
 *   the other's transaction is cancelled, which the helper recognises by the receipt now existing.
 * A malformed event is logged with its issues and fails: it is retried a bounded number of times (CONSUMER_RETRY) and
 * then kept in the rule's dead-letter queue, where it can be redriven once the producer or the schema is fixed.
 */
export interface ReceiptKey {
  PK: string;
  SK: string;
}

export interface ReceiptInfo {
  eventId: string;
  consumer: string;
  detailType: string;
}

/** A Put for a TransactWriteItems (lib-dynamodb's shape). */
export interface TransactPut {
  Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string };
}

/** Where consumers record what they consumed (functions/adapters/dynamo/event-receipts.ts). */
export interface EventReceipts {
  /** A strongly consistent read: `done`, `in_progress` (claimed), or null. Any item at the key but a claim counts as done. */
  state(key: ReceiptKey): Promise<'done' | 'in_progress' | null>;
  /** Claims the event for one run: `claimed`, or why not (`done`, or `busy`: another run holds a claim that has not lapsed). */
  claim(key: ReceiptKey, info: ReceiptInfo & { owner: string; leaseUntil: number; now: number }): Promise<'claimed' | 'done' | 'busy'>;
  complete(key: ReceiptKey, owner: string, now: number): Promise<void>;
  release(key: ReceiptKey, owner: string): Promise<void>;
  /** The receipt as a Put of the consumer's own transaction, conditional on not existing. */
  receiptPut(key: ReceiptKey, info: ReceiptInfo, now: number): TransactPut;
}

export const receiptKeyOf = (consumer: string, eventId: string): ReceiptKey => ({ PK: `EVENT#${eventId}`, SK: `CONSUMED#${consumer}` });

export interface ConsumerContext {
  eventId: string;
  /** The envelope's id (EventBridge's own, different on each put of the same event). */
  busEventId: string;
  /** For `transaction` consumers: put this in the transaction that changes the state. */
  receipt: TransactPut;
  lambda?: Partial<Context>;
}

type Log = Pick<typeof sharedLogger, 'appendKeys' | 'removeKeys' | 'info' | 'warn' | 'error'>;

export interface EventHandlerOptions<T extends DomainEventType> {
  /** The consumer's id, as in functions/events/rules.ts; receipts are per consumer. */
  consumer: string;
  types: readonly T[];
  receipts: EventReceipts;
  idempotency?: 'claim' | 'transaction';
  /** Where the receipt (or the award item) lives; defaults to `EVENT#<eventId>` / `CONSUMED#<consumer>`. */
  receiptKey?: (event: EventOf<T>) => ReceiptKey;
  logger?: Log;
  now?: () => number;
  /**
   * Whether a learner's account is deleted: an event about a deleted learner (detail.userId) is skipped, so a late or
   * retried delivery cannot write into an account the deletion job is emptying (shared/users/privacy.ts). Defaults to
   * the table's tombstones when there is a table.
   */
  deleted?: DeletedCheck | null;
}

/** `in_progress`: another delivery of the event holds the claim and answers for it. */
export type ConsumeOutcome = { status: 'consumed' | 'duplicate' | 'in_progress' | 'account_deleted'; eventId: string };

export class MalformedEventError extends Error {
  override name = 'MalformedEventError';
}

/** Lambda's longest run: how long a claim lasts when the invocation does not say how much time it has. */
const DEFAULT_LEASE_MS = 15 * 60_000;

const Envelope = z.object({ id: z.string().min(1), 'detail-type': z.string().min(1), detail: z.unknown() });

export function eventHandler<T extends DomainEventType>(
  opts: EventHandlerOptions<T>,
  consume: (event: EventOf<T>, ctx: ConsumerContext) => Promise<void>,
): (envelope: unknown, context?: Partial<Context>) => Promise<ConsumeOutcome> {
  const log = opts.logger ?? sharedLogger;
  const now = opts.now ?? Date.now;
  const mode = opts.idempotency ?? 'claim';
  const deleted = opts.deleted === undefined ? deletedCheckFromEnv() : opts.deleted;
  // Instrumented as an HTTP route is (functions/commons/http.ts): its own trace subsegment, and the metrics the consumer
  // added flushed after each event, whatever its outcome.
  return (input, context) => instrumented(opts.consumer, () => handle(input, context));

  async function handle(input: unknown, context: Partial<Context> | undefined): Promise<ConsumeOutcome> {
    const event = parse(input);
    const eventId = event.detail.eventId;
    const tags = {
      eventId,
      detailType: event.type,
      consumer: opts.consumer,
      busEventId: (input as { id: string }).id,
      ...(context?.awsRequestId ? { requestId: context.awsRequestId } : {}),
    };
    // For the consumer's own log lines. The helper's lines name the event themselves: the local stack runs consumers
    // side by side in one process, where one invocation's removeKeys would strip another's.
    log.appendKeys(tags);
    try {
      const key = opts.receiptKey?.(event) ?? receiptKeyOf(opts.consumer, eventId);
      const info: ReceiptInfo = { eventId, consumer: opts.consumer, detailType: event.type };
      const duplicate = (): ConsumeOutcome => {
        log.info('Event already consumed; this delivery changes nothing', tags);
        return { status: 'duplicate', eventId };
      };
      if ((await opts.receipts.state(key)) === 'done') return duplicate();
      const userId = (event.detail as { userId?: unknown }).userId;
      if (deleted && typeof userId === 'string' && (await deleted(userId))) {
        log.info("Event of a deleted learner's account; skipped", tags);
        return { status: 'account_deleted', eventId };
      }
      const ctx: ConsumerContext = {
        eventId,
        busEventId: (input as { id: string }).id,
        receipt: opts.receipts.receiptPut(key, info, now()),
        lambda: context,
      };

      if (mode === 'transaction') {
        try {
          await consume(event, ctx);
        } catch (err) {
          // A twin delivery committed first: our transaction was cancelled on the receipt's condition.
          if ((await opts.receipts.state(key)) === 'done') return duplicate();
          throw err;
        }
        log.info('Event consumed', tags);
        return { status: 'consumed', eventId };
      }

      const owner = context?.awsRequestId ?? `${ctx.busEventId}-${now()}`;
      const lease = context?.getRemainingTimeInMillis?.() ?? DEFAULT_LEASE_MS;
      const claimed = await opts.receipts.claim(key, { ...info, owner, leaseUntil: now() + lease + 5_000, now: now() });
      if (claimed === 'done') return duplicate();
      if (claimed === 'busy') {
        log.info('Event is being consumed by another delivery, which answers for it; this one changes nothing', tags);
        return { status: 'in_progress', eventId };
      }
      try {
        await consume(event, ctx);
      } catch (err) {
        log.error('Consumer failed; the event will be retried', { ...tags, error: err as Error });
        await opts.receipts
          .release(key, owner)
          .catch((e: unknown) => log.warn('Could not release the claim; it lapses by itself', { ...tags, error: e as Error }));
        throw err;
      }
      await opts.receipts.complete(key, owner, now());
      log.info('Event consumed', tags);
      return { status: 'consumed', eventId };
    } finally {
      log.removeKeys(Object.keys(tags));
    }
  }

  function parse(input: unknown): EventOf<T> {
    const envelope = Envelope.safeParse(input);
    const detailType = envelope.success ? envelope.data['detail-type'] : undefined;
    const fail = (issues: string) => {
      log.error('Malformed event: not consumed', { consumer: opts.consumer, detailType, issues });
      return new MalformedEventError(`${opts.consumer} cannot consume this ${detailType ?? 'event'}: ${issues}`);
    };
    if (!envelope.success) throw fail(z.prettifyError(envelope.error));
    if (!opts.types.includes(detailType as T)) throw fail(`it takes ${opts.types.join(', ')}`);
    const parsed = DomainEvent.safeParse({ type: detailType, detail: envelope.data.detail });
    if (!parsed.success) throw fail(z.prettifyError(parsed.error));
    return parsed.data as EventOf<T>;
  }
}
