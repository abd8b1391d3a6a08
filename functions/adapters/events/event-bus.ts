import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DomainEvent, EVENT_SOURCE } from '@shared/events/domain-events';
import type { EventPublisher } from '@shared/ports/events.port';

const MAX_ENTRIES_PER_CALL = 10;

/** EventBridge behind the EventPublisher port; locally AWS_ENDPOINT_URL_EVENTBRIDGE points at the stand-in. */
export function eventBridgePublisher(
  client: EventBridgeClient = new EventBridgeClient({}),
  busName: string = process.env.EVENT_BUS_NAME ?? 'default',
): EventPublisher {
  return {
    async publish(events) {
      const valid = events.map((e) => DomainEvent.parse(e));
      for (let i = 0; i < valid.length; i += MAX_ENTRIES_PER_CALL) {
        const batch = valid.slice(i, i + MAX_ENTRIES_PER_CALL);
        const out = await client.send(
          new PutEventsCommand({
            Entries: batch.map((e) => ({ EventBusName: busName, Source: EVENT_SOURCE, DetailType: e.type, Detail: JSON.stringify(e.detail) })),
          }),
        );
        if (out.FailedEntryCount) {
          const reasons = (out.Entries ?? []).filter((x) => x.ErrorCode).map((x) => `${x.ErrorCode}: ${x.ErrorMessage}`);
          throw new Error(`EventBridge refused ${out.FailedEntryCount} event(s): ${reasons.join('; ')}`);
        }
      }
    },
  };
}
