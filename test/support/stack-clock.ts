import { EventBridgeClient, PutEventsCommand, type PutEventsCommandOutput } from '@aws-sdk/client-eventbridge';
import { ulid } from 'ulid';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import type { StackInfo } from './local-stack';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * The clock and the bus of a local stack of a test's own, for the tests that move time: the clock moved forward to an
 * instant (never back), an operator's ingestion asked for at the moved time (its close stored, its ChainIngested
 * announced, whose consumers run the settle job and make the prediction markets), events put on the bus and the
 * deliveries read back.
 */
export function stackClock(stack: Pick<StackInfo, 'endpoints'>) {
  const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
  const put = (detailType: string, detail: unknown): Promise<PutEventsCommandOutput> =>
    bus.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: 'options-academy-local', Source: 'options-academy', DetailType: detailType, Detail: JSON.stringify(detail) }],
      }),
    );

  /** Moves the stack's clock to `at` (or leaves it at the machine's time if `at` has passed); answers the offset in ms. */
  async function moveTo(at: Date): Promise<number> {
    const offsetMs = Math.max(0, at.getTime() - Date.now());
    const res = await fetch(`${stack.endpoints.aws}/_local/clock`, { method: 'POST', body: JSON.stringify({ offsetMs }) });
    if (res.status !== 200) throw new Error(`The stack's clock did not move: ${res.status} ${await res.text()}`);
    return offsetMs;
  }

  return {
    moveTo,
    put,
    /** Every event the stack's bus delivered, with each rule's delivery. */
    events: async () => (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[],
    /** Moves the clock to `at` and asks for an operator's ingestion of `underlyings` at that moment; answers the offset. */
    async ingestAt(at: Date, underlyings: readonly string[] = ['SPY']): Promise<number> {
      const offsetMs = await moveTo(at);
      const requested = { eventId: ulid(), requestedBy: 'integration-test', reason: 'admin', underlyings, at: new Date(Date.now() + offsetMs).toISOString() };
      const out = await put('IngestRequested', requested);
      if (out.FailedEntryCount) throw new Error(`The bus refused the ingestion request: ${JSON.stringify(out.Entries)}`);
      return offsetMs;
    },
  };
}
