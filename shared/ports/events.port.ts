import type { DomainEvent } from '../events/domain-events';

/**
 * How events leave (docs/architecture.md, "Events"): nothing publishes to the bus. A change writes its events as
 * outbox items inside its own transaction (the repositories take them with the change); the table's stream carries
 * them to the bus. This port is for an event that is itself the whole change, such as a request to ingest market
 * data: `enqueue` writes its outbox items and nothing else.
 */
export interface EventOutbox {
  enqueue(events: readonly DomainEvent[]): Promise<void>;
}
