import { describe, expect, it } from 'vitest';
import { matchesPattern } from '../../local/event-pattern';

const event = { source: 'options-academy', 'detail-type': 'OrderFilled', detail: { userId: 'u', legs: 2, tags: ['a', 'b'] } };

describe('EventBridge pattern matching', () => {
  it('matches on listed values of source and detail-type', () => {
    expect(matchesPattern({ source: ['options-academy'], 'detail-type': ['OrderFilled', 'PositionClosed'] }, event)).toBe(true);
    expect(matchesPattern({ 'detail-type': ['QuizPassed'] }, event)).toBe(false);
  });

  it('recurses into detail and matches arrays by any element', () => {
    expect(matchesPattern({ detail: { userId: ['u'] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { tags: ['b'] } }, event)).toBe(true);
    expect(matchesPattern({ detail: { userId: ['v'] } }, event)).toBe(false);
    expect(matchesPattern({ detail: { missing: ['x'] } }, event)).toBe(false);
  });
});
