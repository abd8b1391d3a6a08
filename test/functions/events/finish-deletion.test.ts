import { describe, expect, it } from 'vitest';
import { SETTLE_MS, type PrivacyDeps, type Tombstone } from '@shared/users/privacy';
import { makeFinishDeletion } from '../../../functions/events/finish-deletion';

/** A learner with a few items and a tombstone written at `requestedAt`, on a clock the consumer's sleep moves. */
function world() {
  let now = new Date('2026-11-25T15:00:00.000Z').getTime();
  const tombstones = new Map<string, Tombstone>([
    ['a', { userId: 'a', email: 'a@example.com', requestedAt: new Date(now).toISOString(), status: 'deleting', completedAt: null, itemsDeleted: 0, steps: [] }],
  ]);
  const items = new Map([['a', [{ SK: 'PROFILE' }, { SK: 'DRAFT#1' }]]]);
  const slept: number[] = [];
  const deps: PrivacyDeps = {
    clock: { now: () => new Date(now) },
    pool: { signOutEverywhere: async () => undefined, deleteUser: async () => undefined },
    brokerKeys: { removeAll: async () => undefined },
    store: {
      tombstone: async (u) => tombstones.get(u) ?? null,
      createTombstone: async (t) => t,
      saveTombstone: async (t) => void tombstones.set(t.userId, { ...t }),
      userItems: async (u) => ({ items: items.get(u) ?? [] }),
      deleteUserItems: async (u, sks) =>
        void items.set(
          u,
          (items.get(u) ?? []).filter((i) => !sks.includes(i.SK)),
        ),
      deleteOutsideItems: async () => undefined,
      outsideItems: async () => [],
    },
  };
  const sleep = async (ms: number) => {
    slept.push(ms);
    // A late consumer writes an item while the deletion settles: the last pass must take it too.
    items.set('a', [{ SK: 'GAME' }]);
    now += ms;
  };
  return { deps, sleep, slept, tombstones, items, advance: (ms: number) => (now += ms) };
}

const event = (account: string) => ({
  'detail-type': 'AccountDeletionRequested',
  detail: { eventId: '01JDXXXXXXXXXXXXXXXXXXXXXA', account, requestedAt: '2026-11-25T15:00:00.000Z' },
});

describe('the consumer that finishes an account deletion', () => {
  it('runs the steps, waits out the rest of the settle, and marks the deletion done with whatever arrived meanwhile gone', async () => {
    const w = world();
    w.advance(400); // the event's way through the outbox
    const out = await makeFinishDeletion(w.deps, w.sleep)(event('a'));
    expect(out).toEqual({ status: 'deleted', userId: 'a' });
    expect(w.slept).toHaveLength(1);
    expect(w.slept[0]).toBeLessThanOrEqual(SETTLE_MS);
    expect(w.items.get('a')).toEqual([]);
    expect(w.tombstones.get('a')).toMatchObject({ status: 'deleted', email: '', itemsDeleted: 3 });
  });

  it('does not wait when the settle is already over, and refuses a malformed event', async () => {
    const w = world();
    w.advance(SETTLE_MS + 1);
    expect(await makeFinishDeletion(w.deps, w.sleep)(event('a'))).toEqual({ status: 'deleted', userId: 'a' });
    expect(w.slept).toEqual([]);
    await expect(makeFinishDeletion(w.deps, w.sleep)({ detail: { account: 'a' } })).rejects.toThrow();
  });
});
