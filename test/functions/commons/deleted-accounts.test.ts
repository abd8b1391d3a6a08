import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '@shared/users/privacy';
import { ALIVE_FOR_MS, aliveForMs, deletionSettleMs, noteDeleted, rememberDeleted } from '../../../functions/commons/deleted-accounts';

describe('the deleted-account check of signed-in requests', () => {
  it('reads the tombstone once per learner per ALIVE_FOR_MS, refuses from the first read that finds it, and forgets nothing deleted', async () => {
    let clock = 0;
    const tombstones = new Set<string>();
    const reads: string[] = [];
    const check = rememberDeleted(
      async (id) => {
        reads.push(id);
        return tombstones.has(id);
      },
      () => clock,
      new Set(),
    );
    expect(await check('a')).toBe(false);
    expect(await check('a')).toBe(false);
    expect(reads).toEqual(['a']);
    tombstones.add('a');
    clock = ALIVE_FOR_MS - 1;
    expect(await check('a')).toBe(false); // still trusted: the deletion keeps emptying the partition for SETTLE_MS
    clock = ALIVE_FOR_MS;
    expect(await check('a')).toBe(true);
    tombstones.delete('a');
    clock += 10 * ALIVE_FOR_MS;
    expect(await check('a')).toBe(true);
    expect(reads).toEqual(['a', 'a']);
    // A write let through while trusted lands before the deletion's last pass (at least SETTLE_MS after the tombstone).
    expect(ALIVE_FOR_MS).toBeLessThan(SETTLE_MS);
  });

  it('refuses at once an account whose deletion this process served, even while it trusted it', async () => {
    const check = rememberDeleted(async () => false);
    expect(await check('gone')).toBe(false);
    noteDeleted('gone');
    expect(await check('gone')).toBe(true);
  });

  it('settles a deletion for 30 s unless a local stack was started with less, and trusts a live account for at most a third of it', () => {
    expect(deletionSettleMs({})).toBe(SETTLE_MS);
    expect(deletionSettleMs({ DELETION_SETTLE_SECONDS: '8' })).toBe(8000);
    expect(deletionSettleMs({ DELETION_SETTLE_SECONDS: '300' })).toBe(SETTLE_MS);
    expect(aliveForMs(SETTLE_MS)).toBe(ALIVE_FOR_MS);
    expect(aliveForMs(8000)).toBe(2666);
  });

  it('trusts a live account only as long as it is told', async () => {
    let clock = 0;
    let reads = 0;
    const check = rememberDeleted(
      async () => {
        reads++;
        return false;
      },
      () => clock,
      new Set(),
      2000,
    );
    await check('a');
    clock = 1999;
    await check('a');
    expect(reads).toBe(1);
    clock = 2000;
    await check('a');
    expect(reads).toBe(2);
  });
});
