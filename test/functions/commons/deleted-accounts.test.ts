import { describe, expect, it } from 'vitest';
import { SETTLE_MS } from '@shared/users/privacy';
import { BoundedMap } from '@shared/bounded-map';
import { issuedBeforeSignOut } from '@shared/users/sessions';
import type { AccountStanding, StandingRead } from '../../../functions/adapters/dynamo/account-standing';
import { LAST_USED_EVERY_MS } from '../../../functions/adapters/dynamo/agent-tokens';
import {
  AGENT_REVOCATION_SECONDS,
  ALIVE_FOR_MS,
  aliveForMs,
  deletionSettleMs,
  noteAgentTokenRevoked,
  noteDeleted,
  noteSignedOut,
  rememberStanding,
  rememberTokenUse,
  SIGNED_OUT_TRUSTED_MS,
  trustedForMs,
  type KnownStanding,
} from '../../../functions/commons/deleted-accounts';

const fresh = (): KnownStanding => ({ deleted: new Set(), signOuts: new BoundedMap(10) });

/** A table of standings that counts its reads, and a clock the test moves. */
function world() {
  const table = new Map<string, AccountStanding>();
  const reads: string[] = [];
  const time = { now: 0 };
  const read = async (id: string) => {
    reads.push(id);
    return table.get(id) ?? { deleted: false, signedOutAt: null };
  };
  return { table, reads, time, read, clock: () => time.now };
}

describe("the per-request check of a learner's standing (deleted, signed out everywhere)", () => {
  it('reads both in one read per learner per trusted time, refuses from the first read that finds a deletion, and forgets nothing deleted', async () => {
    const w = world();
    const check = rememberStanding(w.read, w.clock, ALIVE_FOR_MS, fresh());
    expect(await check('a')).toEqual({ deleted: false, signedOutAt: null });
    expect(await check('a')).toEqual({ deleted: false, signedOutAt: null });
    expect(w.reads).toEqual(['a']);
    w.table.set('a', { deleted: true, signedOutAt: null });
    w.time.now = ALIVE_FOR_MS - 1;
    expect((await check('a')).deleted).toBe(false); // still trusted: the deletion keeps emptying the partition for SETTLE_MS
    w.time.now = ALIVE_FOR_MS;
    expect((await check('a')).deleted).toBe(true);
    w.table.delete('a');
    w.time.now += 10 * ALIVE_FOR_MS;
    expect((await check('a')).deleted).toBe(true);
    expect(w.reads).toEqual(['a', 'a']);
    // A write let through while trusted lands before the deletion's last pass (at least SETTLE_MS after the tombstone).
    expect(ALIVE_FOR_MS).toBeLessThan(SETTLE_MS);
  });

  it('answers a sign-out elsewhere within the trusted time, so an older token is refused within 15 s', async () => {
    const w = world();
    const check = rememberStanding(w.read, w.clock, SIGNED_OUT_TRUSTED_MS, fresh());
    const iat = 1_000;
    expect(issuedBeforeSignOut(iat, (await check('a')).signedOutAt)).toBe(false);
    w.table.set('a', { deleted: false, signedOutAt: 2_000_000 }); // another function served the sign-out
    w.time.now = SIGNED_OUT_TRUSTED_MS - 1;
    expect(issuedBeforeSignOut(iat, (await check('a')).signedOutAt)).toBe(false);
    w.time.now = SIGNED_OUT_TRUSTED_MS;
    expect(issuedBeforeSignOut(iat, (await check('a')).signedOutAt)).toBe(true);
    expect(issuedBeforeSignOut(2_001, (await check('a')).signedOutAt)).toBe(false); // signed in again afterwards
    expect(w.reads).toEqual(['a', 'a']);
    expect(SIGNED_OUT_TRUSTED_MS).toBeLessThanOrEqual(15_000 - 5_000); // and a request's own time to spare
  });

  it('refuses at once an account whose deletion this process served, even while it trusted it', async () => {
    const check = rememberStanding(async () => ({ deleted: false, signedOutAt: null }));
    expect((await check('gone')).deleted).toBe(false);
    noteDeleted('gone');
    expect((await check('gone')).deleted).toBe(true);
  });

  it('refuses at once in the function that recorded the sign-out', async () => {
    const check = rememberStanding(async () => ({ deleted: false, signedOutAt: null }));
    expect(issuedBeforeSignOut(1_000, (await check('b')).signedOutAt)).toBe(false);
    noteSignedOut('b', 1_500_000);
    expect(issuedBeforeSignOut(1_000, (await check('b')).signedOutAt)).toBe(true);
    expect(issuedBeforeSignOut(1_501, (await check('b')).signedOutAt)).toBe(false);
  });

  it('trusts a read only as long as it is told', async () => {
    const w = world();
    const check = rememberStanding(w.read, w.clock, 2000, fresh());
    await check('a');
    w.time.now = 1999;
    await check('a');
    expect(w.reads).toHaveLength(1);
    w.time.now = 2000;
    await check('a');
    expect(w.reads).toHaveLength(2);
  });

  it('settles a deletion for 30 s unless a local stack was started with less, and trusts a read for at most a third of it and never over 10 s', () => {
    expect(deletionSettleMs({})).toBe(SETTLE_MS);
    expect(deletionSettleMs({ DELETION_SETTLE_SECONDS: '8' })).toBe(8000);
    expect(deletionSettleMs({ DELETION_SETTLE_SECONDS: '300' })).toBe(SETTLE_MS);
    expect(aliveForMs(SETTLE_MS)).toBe(ALIVE_FOR_MS);
    expect(aliveForMs(8000)).toBe(2666);
    expect(trustedForMs(SETTLE_MS)).toBe(Math.min(ALIVE_FOR_MS, SIGNED_OUT_TRUSTED_MS));
    expect(trustedForMs(8000)).toBe(2666);
  });
});

describe('the signed-out rule', () => {
  it('refuses a token issued before the last sign-out everywhere (its own second included), and accepts a later one', () => {
    const at = Date.parse('2026-11-25T15:00:00.500Z');
    expect(issuedBeforeSignOut(at / 1000 - 60, at)).toBe(true);
    expect(issuedBeforeSignOut(Math.floor(at / 1000), at)).toBe(true);
    expect(issuedBeforeSignOut(Math.floor(at / 1000) + 1, at)).toBe(false);
    expect(issuedBeforeSignOut(undefined, at)).toBe(true);
    expect(issuedBeforeSignOut(1, null)).toBe(false);
  });
});

describe("a personal access token's standing", () => {
  /** Token items by id (their expiry), read with the learner's standing. */
  function tokens() {
    const items = new Map<string, number>();
    const reads: [string, readonly string[] | undefined][] = [];
    const time = { now: 0 };
    const read = async (id: string, tokenIds?: readonly string[]): Promise<StandingRead> => {
      reads.push([id, tokenIds]);
      return { deleted: false, signedOutAt: null, ...(tokenIds ? { agentTokens: Object.fromEntries(tokenIds.map((t) => [t, items.get(t) ?? null])) } : {}) };
    };
    return { items, reads, time, read, clock: () => time.now };
  }

  it('is read with the learner in one read per token per trusted time, and a revocation elsewhere is refused within AGENT_REVOCATION_SECONDS', async () => {
    const w = tokens();
    const check = rememberStanding(w.read, w.clock, trustedForMs(SETTLE_MS), { ...fresh(), revokedTokens: new BoundedMap(10) });
    w.items.set('t1', 5_000_000);
    expect(await check('a', 't1')).toEqual({ deleted: false, signedOutAt: null, agentTokenExpiresAt: 5_000_000 });
    expect(await check('a', 't1')).toMatchObject({ agentTokenExpiresAt: 5_000_000 });
    // The browser's requests share the learner's read; another token is read with the learner's tokens asked lately.
    expect(await check('a')).toEqual({ deleted: false, signedOutAt: null });
    w.items.set('t2', 6_000_000);
    expect((await check('a', 't2')).agentTokenExpiresAt).toBe(6_000_000);
    expect(await check('a', 't1')).toMatchObject({ agentTokenExpiresAt: 5_000_000 });
    expect(w.reads).toEqual([
      ['a', ['t1']],
      ['a', ['t1', 't2']],
    ]);
    w.items.delete('t1'); // revoked by another function
    w.time.now = AGENT_REVOCATION_SECONDS * 1000 - 1;
    // A Cognito request's read, too, covers the tokens, so whichever request reads next, the revocation is seen.
    await check('a');
    w.time.now = AGENT_REVOCATION_SECONDS * 1000;
    expect((await check('a', 't1')).agentTokenExpiresAt).toBeNull();
    expect((await check('a', 't2')).agentTokenExpiresAt).toBe(6_000_000);
    expect(w.reads).toHaveLength(3);
    expect(trustedForMs(SETTLE_MS)).toBeLessThanOrEqual(AGENT_REVOCATION_SECONDS * 1000);
  });

  it('is refused at once by the process that served the revocation, without waiting for the trusted time', async () => {
    const w = tokens();
    // The process's own record (what noteAgentTokenRevoked writes to); token ids are never reused.
    const check = rememberStanding(w.read, w.clock, ALIVE_FOR_MS);
    w.items.set('01JREVOKEDHERE', 5_000_000);
    expect((await check('a', '01JREVOKEDHERE')).agentTokenExpiresAt).toBe(5_000_000);
    noteAgentTokenRevoked('01JREVOKEDHERE');
    expect((await check('a', '01JREVOKEDHERE')).agentTokenExpiresAt).toBeNull();
    expect(w.reads).toHaveLength(1);
  });
});

describe("a personal access token's use", () => {
  it('is recorded at most once a minute per token from one process, each token on its own', async () => {
    const time = { now: 0 };
    const writes: [string, string, string][] = [];
    const record = rememberTokenUse(
      async (userId, tokenId, at) => {
        writes.push([userId, tokenId, at.toISOString()]);
      },
      () => time.now,
    );
    await record('a', 't1');
    time.now = LAST_USED_EVERY_MS - 1;
    await record('a', 't1');
    await record('a', 't2');
    time.now = LAST_USED_EVERY_MS;
    await record('a', 't1');
    expect(writes).toEqual([
      ['a', 't1', new Date(0).toISOString()],
      ['a', 't2', new Date(LAST_USED_EVERY_MS - 1).toISOString()],
      ['a', 't1', new Date(LAST_USED_EVERY_MS).toISOString()],
    ]);
  });
});
