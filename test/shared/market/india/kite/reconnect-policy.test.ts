import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectPolicy, Subscriptions, type ReconnectEvent } from '@shared/market/india/kite/reconnect-policy';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A policy whose connection attempts all fail at once, recording when each attempt was made. */
function failing() {
  const started = Date.now();
  const attemptsAt: number[] = [];
  const events: ReconnectEvent[] = [];
  const policy: ReconnectPolicy = new ReconnectPolicy({
    connect: () => {
      attemptsAt.push(Date.now() - started);
      policy.lost();
    },
    onEvent: (e) => events.push(e),
  });
  return { policy, attemptsAt, events };
}

describe('the Indian stream’s reconnect policy', () => {
  it('tries 5 times, 3000 ms times the attempt number after the previous one, then stays disconnected', () => {
    const { policy, attemptsAt, events } = failing();
    policy.connected();
    policy.lost();
    vi.advanceTimersByTime(2999);
    expect(attemptsAt).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(attemptsAt).toEqual([3000]);
    vi.advanceTimersByTime(60_000);
    // 3 s, then 6 s, 9 s, 12 s and 15 s after each failure.
    expect(attemptsAt).toEqual([3000, 9000, 18000, 30000, 45000]);
    expect(events.at(-1)).toEqual({ type: 'noreconnect', attempts: 5 });
    expect(events.filter((e) => e.type === 'reconnect').map((e) => e.type === 'reconnect' && e.delayMs)).toEqual([3000, 6000, 9000, 12000, 15000]);
    expect(policy.state).toBe('disconnected');
    vi.advanceTimersByTime(600_000);
    expect(attemptsAt).toHaveLength(5);
  });

  it('starts counting again once a connection opens', () => {
    const attemptsAt: number[] = [];
    const policy: ReconnectPolicy = new ReconnectPolicy({
      connect: () => {
        attemptsAt.push(Date.now());
        // The second attempt opens; every other fails.
        if (attemptsAt.length === 2) policy.connected();
        else policy.lost();
      },
    });
    const t0 = Date.now();
    policy.lost();
    vi.advanceTimersByTime(9000);
    expect(attemptsAt.map((t) => t - t0)).toEqual([3000, 9000]);
    expect(policy.state).toBe('connected');
    expect(policy.attempt).toBe(0);
    const t1 = Date.now();
    policy.lost();
    vi.advanceTimersByTime(3000);
    expect(attemptsAt.at(-1)! - t1).toBe(3000);
  });

  it('makes no attempt after a close on purpose, even one already waiting', () => {
    const { policy, attemptsAt } = failing();
    policy.lost();
    policy.stop();
    vi.advanceTimersByTime(60_000);
    expect(attemptsAt).toEqual([]);
    policy.lost();
    vi.advanceTimersByTime(60_000);
    expect(attemptsAt).toEqual([]);
  });
});

describe('the stream’s subscriptions', () => {
  it('asks a new connection for the previous tokens in their modes, an unsubscribed token left out', () => {
    const subs = new Subscriptions();
    subs.subscribe([256265, 12073986], 'full');
    subs.subscribe([12074242], 'ltp');
    subs.subscribe([12073986], 'quote');
    subs.unsubscribe([256265]);
    expect(subs.requests()).toEqual([
      '{"a":"subscribe","v":[12073986]}',
      '{"a":"mode","v":["quote",[12073986]]}',
      '{"a":"subscribe","v":[12074242]}',
      '{"a":"mode","v":["ltp",[12074242]]}',
    ]);
    expect(new Subscriptions().requests()).toEqual([]);
  });
});
