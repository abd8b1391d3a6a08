import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventBridgePublisher } from '../../../../functions/adapters/events/event-bus';
import type { DomainEvent } from '@shared/events/domain-events';

const client = new EventBridgeClient({ region: 'us-east-1' });
const mock = mockClient(client);
const lesson = (i: number): DomainEvent => ({
  type: 'LessonCompleted',
  detail: { eventId: `01JAAAAAAAAAAAAAAAAAAAAA${String(i).padStart(2, '0')}`, userId: 'u', moduleId: `m${i}`, at: '2026-11-20T10:00:00Z' },
});

describe('eventBridgePublisher', () => {
  beforeEach(() => mock.reset());

  it('puts events on the bus with the product source and the type as detail-type, 10 per call', async () => {
    mock.on(PutEventsCommand).resolves({ FailedEntryCount: 0 });
    await eventBridgePublisher(client, 'bus').publish(Array.from({ length: 12 }, (_, i) => lesson(i)));
    const calls = mock.commandCalls(PutEventsCommand);
    expect(calls.map((c) => c.args[0].input.Entries!.length)).toEqual([10, 2]);
    expect(calls[0]!.args[0].input.Entries![0]).toEqual({
      EventBusName: 'bus',
      Source: 'options-academy',
      DetailType: 'LessonCompleted',
      Detail: JSON.stringify(lesson(0).detail),
    });
  });

  it('refuses a malformed event before it reaches the bus', async () => {
    await expect(
      eventBridgePublisher(client, 'bus').publish([{ type: 'QuizPassed', detail: { userId: 'u', quizId: 'q', score: 140, at: 'now' } } as DomainEvent]),
    ).rejects.toThrow();
    expect(mock.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('throws when EventBridge rejects an entry', async () => {
    mock.on(PutEventsCommand).resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] });
    await expect(eventBridgePublisher(client, 'bus').publish([lesson(1)])).rejects.toThrow('InternalFailure: try again');
  });
});
