import { Logger } from '@aws-lambda-powertools/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { MalformedEventError, eventHandler, receiptKeyOf } from '../../../functions/commons/event-handler';
import { metrics } from '../../../functions/commons/powertools';
import { domainEvent, type EventOf } from '@shared/events/domain-events';
import { memoryEventReceipts } from '../../support/memory-event-receipts';

const EVENT_ID = '01JD0000000000000000000042';
const lesson = domainEvent('LessonCompleted', { userId: 'user-1', moduleId: 'greeks-101', at: '2026-11-23T15:00:00.000Z' }, EVENT_ID);
/** The envelope EventBridge hands a Lambda target; each put of the same event gets a new envelope id. */
const envelope = (detail: unknown = lesson.detail, detailType = 'LessonCompleted', id = crypto.randomUUID()) => ({
  version: '0',
  id,
  'detail-type': detailType,
  source: 'options-academy',
  account: '000000000000',
  time: '2026-11-23T15:00:01Z',
  region: 'us-east-1',
  resources: [],
  detail,
});
const silent = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
const lambda = (awsRequestId: string, remainingMs = 30_000) => ({ awsRequestId, getRemainingTimeInMillis: () => remainingMs });

function consumer(opts: { idempotency?: 'claim' | 'transaction'; work?: (e: EventOf<'LessonCompleted'>) => Promise<void> } = {}) {
  const receipts = memoryEventReceipts();
  const runs: EventOf<'LessonCompleted'>[] = [];
  const handler = eventHandler({ consumer: 'awardXp', types: ['LessonCompleted'], receipts, logger: silent, idempotency: opts.idempotency }, async (event) => {
    runs.push(event);
    await opts.work?.(event);
  });
  return { handler, receipts, runs };
}

afterEach(() => vi.restoreAllMocks());

describe('the consumer helper', () => {
  it('hands the consumer the event with its detail validated by the zod schema', async () => {
    const { handler, runs } = consumer();
    expect(await handler(envelope(), lambda('req-1'))).toEqual({ status: 'consumed', eventId: EVENT_ID });
    expect(runs).toEqual([lesson]);
  });

  it('refuses a malformed event without running the consumer, and says what is wrong', async () => {
    const { handler, runs, receipts } = consumer();
    await expect(handler(envelope({ ...lesson.detail, eventId: 'not-a-ulid' }))).rejects.toThrow(MalformedEventError);
    await expect(handler(envelope({ userId: 'user-1' }))).rejects.toThrow(/moduleId/);
    await expect(handler(envelope(lesson.detail, 'QuizPassed'))).rejects.toThrow('awardXp cannot consume this QuizPassed: it takes LessonCompleted');
    await expect(handler({ hello: 'world' })).rejects.toThrow(MalformedEventError);
    expect(runs).toEqual([]);
    expect(receipts.items.size).toBe(0);
  });

  it('flushes the metrics a consumer adds after each event, when it fails too, as an HTTP route does', async () => {
    const published: string[] = [];
    vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      published.push('flush');
      metrics.clearMetrics();
      return metrics;
    });
    const { handler } = consumer({ work: async () => void metrics.addMetric('LessonsCounted', MetricUnit.Count, 1) });
    await handler(envelope(), lambda('req-1'));
    expect(published).toEqual(['flush']);
    expect(metrics.hasStoredMetrics()).toBe(false);
    const second = consumer({
      work: async () => {
        metrics.addMetric('LessonsCounted', MetricUnit.Count, 1);
        throw new Error('table down');
      },
    });
    await expect(second.handler(envelope(), lambda('req-3'))).rejects.toThrow('table down');
    expect(published).toEqual(['flush', 'flush']);
    expect(metrics.hasStoredMetrics()).toBe(false);
  });

  it("puts the event id, detail-type and consumer on the consumer's log lines, and takes them off afterwards", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const logger = new Logger({ serviceName: 'test', logLevel: 'INFO' });
    const handler = eventHandler({ consumer: 'awardXp', types: ['LessonCompleted'], receipts: memoryEventReceipts(), logger }, async () => {
      logger.info('awarding');
    });
    await handler(envelope(), lambda('req-1'));
    logger.info('after');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.find((e) => e.message === 'awarding')).toMatchObject({ eventId: EVENT_ID, detailType: 'LessonCompleted', consumer: 'awardXp' });
    expect(entries.find((e) => e.message === 'Event consumed')).toMatchObject({ eventId: EVENT_ID });
    expect(entries.find((e) => e.message === 'after')).not.toHaveProperty('eventId');
  });

  it('names the event on its own lines even when another invocation in the same process took the keys off meanwhile', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const logger = new Logger({ serviceName: 'test', logLevel: 'INFO' });
    let release!: () => void;
    const slow = eventHandler(
      { consumer: 'slow', types: ['LessonCompleted'], receipts: memoryEventReceipts(), logger },
      () => new Promise<void>((r) => (release = r)),
    );
    const quick = eventHandler({ consumer: 'quick', types: ['LessonCompleted'], receipts: memoryEventReceipts(), logger }, async () => undefined);
    const running = slow(envelope(), lambda('req-1'));
    await new Promise((r) => setTimeout(r, 10));
    await quick(envelope(), lambda('req-2'));
    release();
    await running;
    const consumed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.message === 'Event consumed');
    expect(consumed.map((e) => e.consumer).sort()).toEqual(['quick', 'slow']);
    expect(consumed.every((e) => e.eventId === EVENT_ID)).toBe(true);
  });

  it('logs a malformed event as an error with its issues', async () => {
    const lines: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        lines.push(String(chunk));
        return true;
      });
    }
    const logger = new Logger({ serviceName: 'test', logLevel: 'INFO' });
    const handler = eventHandler({ consumer: 'awardXp', types: ['LessonCompleted'], receipts: memoryEventReceipts(), logger }, async () => undefined);
    await expect(handler(envelope({ userId: 'user-1' }))).rejects.toThrow();
    const entry = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.message === 'Malformed event: not consumed');
    expect(entry).toMatchObject({ level: 'ERROR', consumer: 'awardXp', detailType: 'LessonCompleted' });
    expect(String(entry?.issues)).toContain('moduleId');
  });

  it('consumes the same event delivered twice once (a second put on the bus has a new envelope id, the same event id)', async () => {
    const { handler, runs } = consumer();
    expect((await handler(envelope(), lambda('req-1'))).status).toBe('consumed');
    expect((await handler(envelope(), lambda('req-2'))).status).toBe('duplicate');
    expect(runs).toHaveLength(1);
  });

  it('runs one of two deliveries that arrive at once; the other leaves the event to it', async () => {
    let finish!: () => void;
    const { handler, runs } = consumer({ work: () => new Promise<void>((r) => (finish = r)) });
    const first = handler(envelope(), lambda('req-1'));
    const second = handler(envelope(), lambda('req-2'));
    expect(await second).toEqual({ status: 'in_progress', eventId: EVENT_ID });
    finish();
    expect((await first).status).toBe('consumed');
    expect((await handler(envelope(), lambda('req-3'))).status).toBe('duplicate');
    expect(runs).toHaveLength(1);
  });

  it('lets the run that holds the claim answer for the event: when it fails, its retry runs the consumer again', async () => {
    let attempt = 0;
    let release!: () => void;
    const { handler, runs } = consumer({
      work: async () => {
        if (++attempt === 1) {
          await new Promise<void>((r) => (release = r));
          throw new Error('timed out talking to the provider');
        }
      },
    });
    const first = handler(envelope(), lambda('req-1'));
    expect((await handler(envelope(), lambda('req-2'))).status).toBe('in_progress');
    release();
    await expect(first).rejects.toThrow('timed out');
    // Lambda retries the failed invocation (same request id); EventBridge would also redeliver it after a failed target.
    expect((await handler(envelope(), lambda('req-1'))).status).toBe('consumed');
    expect(runs).toHaveLength(2);
  });

  it('does not mark a failed run done: the retry runs the consumer again', async () => {
    let fail = true;
    const { handler, runs, receipts } = consumer({
      work: async () => {
        if (fail) throw new Error('DynamoDB throttled');
      },
    });
    await expect(handler(envelope(), lambda('req-1'))).rejects.toThrow('DynamoDB throttled');
    expect(receipts.items.size).toBe(0);
    fail = false;
    expect((await handler(envelope(), lambda('req-1'))).status).toBe('consumed');
    expect(runs).toHaveLength(2);
  });

  it('takes over the claim of a run that died (its time is up), and a Lambda retry of the same invocation takes over its own', async () => {
    const { handler, receipts, runs } = consumer();
    const key = receiptKeyOf('awardXp', EVENT_ID);
    const info = { eventId: EVENT_ID, consumer: 'awardXp', detailType: 'LessonCompleted' };
    await receipts.claim(key, { ...info, owner: 'crashed', leaseUntil: Date.now() - 1, now: Date.now() - 60_000 });
    expect((await handler(envelope(), lambda('req-9'))).status).toBe('consumed');

    const again = consumer();
    await again.receipts.claim(key, { ...info, owner: 'req-3', leaseUntil: Date.now() + 60_000, now: Date.now() });
    expect((await again.handler(envelope(), lambda('req-4'))).status).toBe('in_progress');
    expect((await again.handler(envelope(), lambda('req-3'))).status).toBe('consumed');
    expect(runs.length + again.runs.length).toBe(2);
  });

  it('lets an award-style consumer write its receipt in its own transaction: of two at once, one commits and both succeed', async () => {
    const receipts = memoryEventReceipts();
    let xp = 0;
    const handler = eventHandler(
      { consumer: 'awardXp', types: ['LessonCompleted'], receipts, logger: silent, idempotency: 'transaction' },
      async (_event, ctx) => {
        // The state change and the receipt in one TransactWriteItems, as an XP consumer's repository would write them.
        await receipts.transact([ctx.receipt], () => {
          xp += 50;
        });
      },
    );
    const outcomes = await Promise.all([handler(envelope(), lambda('req-1')), handler(envelope(), lambda('req-2'))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['consumed', 'duplicate']);
    expect(xp).toBe(50);
    expect((await handler(envelope(), lambda('req-3'))).status).toBe('duplicate');
  });

  it('still fails a transaction consumer whose error is not a lost race', async () => {
    const receipts = memoryEventReceipts();
    const handler = eventHandler({ consumer: 'awardXp', types: ['LessonCompleted'], receipts, logger: silent, idempotency: 'transaction' }, async () => {
      throw new Error('version conflict');
    });
    await expect(handler(envelope(), lambda('req-1'))).rejects.toThrow('version conflict');
  });
});

describe("events of a deleted learner's account", () => {
  it('are skipped without running the consumer, so a late delivery writes nothing into an account being emptied', async () => {
    const receipts = memoryEventReceipts();
    const runs: unknown[] = [];
    const handler = eventHandler(
      { consumer: 'awardXp', types: ['LessonCompleted'], receipts, logger: silent, deleted: async (userId) => userId === 'user-1' },
      async (e) => void runs.push(e),
    );
    expect(await handler(envelope(), lambda('req-1'))).toEqual({ status: 'account_deleted', eventId: EVENT_ID });
    expect(runs).toEqual([]);
  });
});
