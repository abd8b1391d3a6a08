import type { DomainEvent } from '../events/domain-events';

/** Publishes domain events: the EventBridge bus in AWS, the local PutEvents endpoint on a laptop. */
export interface EventPublisher {
  publish(events: readonly DomainEvent[]): Promise<void>;
}
