import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '@shared/users/privacy';
import { BoundedMap } from '@shared/bounded-map';
import { issuedBeforeSignOut } from '@shared/users/sessions';
import {
  ALIVE_FOR_MS,
  aliveForMs,
  deletionSettleMs,
  noteDeleted,
  noteSignedOut,
  rememberDeleted,
  rememberSignedOut,
  SIGNED_OUT_TRUSTED_MS,
} from '../../../functions/commons/deleted-accounts';

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

describe('the signed-out check of signed-in requests', () => {
  it('refuses a token issued before the last sign-out everywhere (its own second included), and accepts a later one', () => {
    const at = Date.parse('2026-11-25T15:00:00.500Z');
    expect(issuedBeforeSignOut(at / 1000 - 60, at)).toBe(true);
    expect(issuedBeforeSignOut(Math.floor(at / 1000), at)).toBe(true);
    expect(issuedBeforeSignOut(Math.floor(at / 1000) + 1, at)).toBe(false);
    expect(issuedBeforeSignOut(undefined, at)).toBe(true);
    expect(issuedBeforeSignOut(1, null)).toBe(false);
  });

  it('reads the sign-out time once per SIGNED_OUT_TRUSTED_MS, so an older token is refused within 15 s of a sign-out elsewhere', async () => {
    let clock = 0;
    let signedOutAt: number | null = null;
    let reads = 0;
    const check = rememberSignedOut(
      async () => {
        reads++;
        return signedOutAt;
      },
      () => clock,
      SIGNED_OUT_TRUSTED_MS,
      new BoundedMap(10),
    );
    const iat = 1_000;
    expect(await check('a', iat)).toBe(false);
    signedOutAt = 2_000_000; // another function served the sign-out
    clock = SIGNED_OUT_TRUSTED_MS - 1;
    expect(await check('a', iat)).toBe(false);
    clock = SIGNED_OUT_TRUSTED_MS;
    expect(await check('a', iat)).toBe(true);
    expect(await check('a', 2_001)).toBe(false); // signed in again afterwards
    expect(reads).toBe(2);
    expect(SIGNED_OUT_TRUSTED_MS).toBeLessThanOrEqual(15_000 - 5_000); // and a request's own time to spare
  });

  it('refuses at once in the function that recorded the sign-out', async () => {
    const check = rememberSignedOut(async () => null, Date.now);
    expect(await check('b', 1_000)).toBe(false);
    noteSignedOut('b', 1_500_000);
    expect(await check('b', 1_000)).toBe(true);
    expect(await check('b', 1_501)).toBe(false);
  });
});
