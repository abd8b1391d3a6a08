import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@shared/events/domain-events';
import {
  DELETED_MARKER_KEPT_MS,
  exportData,
  exportedItem,
  requestDeletion,
  runDeletion,
  sectionOf,
  SETTLE_MS,
  type PrivacyDeps,
  type Tombstone,
  type UserItem,
} from '@shared/users/privacy';

/** An in-memory store with the adapter's rules, and a log of every step in order. */
function world(start = '2026-11-25T15:00:00.000Z') {
  let now = new Date(start).getTime();
  const log: string[] = [];
  const published: DomainEvent[] = [];
  const items = new Map<string, UserItem[]>([
    ['a', Array.from({ length: 250 }, (_, i) => ({ SK: `ORDER#${String(i).padStart(4, '0')}`, legs: [] }))],
    ['b', [{ SK: 'PROFILE', name: 'B' }]],
  ]);
  let tombstones = new Map<string, Tombstone>();
  const outside = new Map<string, Record<string, unknown>>([['a@example.com', { userId: 'a', email: 'a@example.com' }]]);
  let failDeleteAfter = Infinity;
  const deps: PrivacyDeps = {
    clock: { now: () => new Date(now) },
    pool: { signOutEverywhere: async (u) => void log.push(`signout ${u}`), deleteUser: async (u) => void log.push(`pool-delete ${u}`) },
    brokerKeys: { removeAll: async (u) => void log.push(`keys ${u}`) },
    store: {
      tombstone: async (u) => tombstones.get(u) ?? null,
      createTombstone: async (t, events = []) => {
        if (!tombstones.has(t.userId)) {
          tombstones.set(t.userId, t);
          log.push(`tombstone ${t.userId}`);
          published.push(...events);
        }
        return tombstones.get(t.userId)!;
      },
      saveTombstone: async (t) => void (tombstones = new Map(tombstones).set(t.userId, { ...t, steps: [...t.steps] })),
      userItems: async (u, limit, cursor) => {
        const all = items.get(u) ?? [];
        const from = cursor ? all.findIndex((i) => i.SK === cursor) + 1 : 0;
        const page = all.slice(from, from + limit);
        return { items: page, cursor: from + limit < all.length ? page.at(-1)!.SK : undefined };
      },
      deleteUserItems: async (u, sks) => {
        if (failDeleteAfter-- <= 0) throw new Error('DynamoDB is throttling');
        items.set(
          u,
          (items.get(u) ?? []).filter((i) => !sks.includes(i.SK)),
        );
        log.push(`items ${u} -${sks.length}`);
      },
      outsideItems: async (u, email) => (outside.get(email)?.userId === u ? [outside.get(email)!] : []),
      deleteOutsideItems: async (u, email) => {
        if (outside.get(email)?.userId === u) outside.delete(email);
        log.push(`outside ${u}`);
      },
    },
  };
  return {
    deps,
    log,
    published,
    items,
    advance: (ms: number) => (now += ms),
    failDeletesAfter: (n: number) => (failDeleteAfter = n),
  };
}

describe('the data export', () => {
  it('groups every item by kind, drops keys and index attributes and anything that looks like a secret', async () => {
    const w = world();
    w.items.set('a', [
      { SK: 'PROFILE', PK: 'USER#a', name: 'A' },
      { SK: 'BROKER#paper', PK: 'USER#a', keyId: 'PK…7QX2', apiSecret: 'never', accessToken: 'never' },
      { SK: 'BOARD#global', GSI2PK: 'BOARD#global', GSI2SK: 5, value: 5 },
      { SK: 'SOMETHING#NEW', x: 1 },
    ]);
    const out = await exportData(w.deps, { userId: 'a', email: 'a@example.com' });
    expect(out.sections).toEqual({
      profile: [{ name: 'A' }],
      brokerConnections: [{ keyId: 'PK…7QX2' }],
      leaderboardEntries: [{ value: 5 }],
      other: [{ x: 1 }],
      notifyMe: [{ userId: 'a', email: 'a@example.com' }],
    });
  });
  it('pages through a large partition', async () => {
    const w = world();
    const out = await exportData(w.deps, { userId: 'a', email: '' });
    expect(out.sections.orders).toHaveLength(250);
  });
  it('names each kind by its sort key, whole or by prefix', () => {
    expect([sectionOf('GAME'), sectionOf('GAMEX'), sectionOf('PAPER#POS#SPY'), sectionOf('JOURNAL#01J')]).toEqual([
      'gamification',
      'other',
      'positions',
      'journalEntries',
    ]);
    expect(exportedItem({ SK: 'X', password: 'p', secretArn: 's', ok: 1 })).toEqual({ ok: 1 });
  });
  it('exports the demo prediction account in sections of its own, without the holders index keys', () => {
    expect(
      [
        'PREDICT#ACCOUNT',
        'PREDICT#ACCOUNT#POS#SPY-2026-12-18-ABOVE-600#yes',
        'PREDICT#ORDER#01J',
        'PREDICT#OCID#client-1',
        'PREDICT#SETTLE#SPY-2026-12-18-ABOVE-600#yes',
      ].map(sectionOf),
    ).toEqual(['predictionAccount', 'predictionPositions', 'predictionOrders', 'predictionOrderRequests', 'predictionSettlements']);
    const position = {
      PK: 'USER#a',
      SK: 'PREDICT#ACCOUNT#POS#SPY-2026-12-18-ABOVE-600#yes',
      GSI1PK: 'PREDICT#HOLDERS#SPY#2026-12-18',
      GSI1SK: 'a#SPY-2026-12-18-ABOVE-600#yes',
      count: 3,
    };
    expect(exportedItem(position)).toEqual({ count: 3 });
  });
  it('exports saved backtests, their list lines, their request ids and their count in sections of their own', () => {
    expect(['BACKTEST#01J', 'BACKTESTSUM#01J', 'BACKTESTCID#abc-123', 'BACKTESTS'].map(sectionOf)).toEqual([
      'backtestRuns',
      'backtestRunSummaries',
      'backtestRunRequests',
      'backtestRunCount',
    ]);
  });

  it('exports the watchlist and its count in sections of their own', () => {
    expect(['WATCH#SPY', 'WATCH#SPY261218C00600000', 'WATCHLIST'].map(sectionOf)).toEqual(['watchlist', 'watchlist', 'watchlistCount']);
  });
  it("exports the learner's alerts, their firings, the e-mail choice and the notifications in sections of their own", () => {
    expect(['ALERT#A#01J', 'ALERT#COUNT', 'ALERT#FIRED#01J#2026-11-25', 'ALERT#SETTINGS', 'NOTE#01J'].map(sectionOf)).toEqual([
      'alerts',
      'alertCount',
      'alertFirings',
      'alertSettings',
      'notifications',
    ]);
  });
  it("exports the learner's competition entries, daily closing equity and debriefs in sections of their own", () => {
    expect(['COMPENTRY#weekly-2026-11-30', 'COMPEQ#weekly-2026-11-30#2026-11-30', 'COMPDEBRIEF#weekly-2026-11-30'].map(sectionOf)).toEqual([
      'competitionEntries',
      'competitionEquity',
      'competitionDebriefs',
    ]);
  });
  it('lists personal access tokens as their owner sees them, without their hash', () => {
    const stored = {
      PK: 'USER#a',
      SK: 'AGENT_TOKEN#01JDXKQ3M9R4T7V2W8Y5Z6A1B0',
      entity: 'agent-token',
      tokenId: '01JDXKQ3M9R4T7V2W8Y5Z6A1B0',
      name: 'my-bot',
      scopes: ['read'],
      lastFour: 'WxYz',
      hash: 'c'.repeat(64),
      createdAt: '2026-11-29T12:00:00.000Z',
      expiresAt: '2026-12-29T12:00:00.000Z',
    };
    expect([sectionOf(stored.SK), sectionOf('AGENT_TOKENS')]).toEqual(['agentTokens', 'agentTokenCount']);
    expect(exportedItem(stored)).toEqual({
      id: '01JDXKQ3M9R4T7V2W8Y5Z6A1B0',
      name: 'my-bot',
      scopes: ['read'],
      lastFour: 'WxYz',
      createdAt: '2026-11-29T12:00:00.000Z',
      expiresAt: '2026-12-29T12:00:00.000Z',
      lastUsedAt: null,
    });
  });
});

describe('the account deletion job', () => {
  it('writes the tombstone first, then signs out, removes keys, outside entries, every item, and the user last', async () => {
    const w = world();
    const t = await requestDeletion(w.deps, { userId: 'a', email: 'a@example.com' });
    expect(w.log).toEqual(['tombstone a', 'signout a', 'keys a', 'outside a', 'items a -100', 'items a -100', 'items a -50', 'pool-delete a']);
    expect(w.items.get('a')).toEqual([]);
    expect(w.items.get('b')).toHaveLength(1);
    // Not done until the partition has stayed empty past the settling time (a late consumer could still write).
    expect(t).toMatchObject({ status: 'deleting', itemsDeleted: 250, steps: ['signed_out', 'broker_keys', 'outside_items', 'items', 'user_pool'] });
    w.advance(SETTLE_MS);
    const done = await runDeletion(w.deps, (await w.deps.store.tombstone('a'))!);
    expect(done).toMatchObject({ status: 'deleted', completedAt: '2026-11-25T15:00:30.000Z', itemsDeleted: 250 });
  });

  it('settles for the shorter time a local stack gives it', async () => {
    const w = world();
    const deps = { ...w.deps, settleMs: 8000 };
    await requestDeletion(deps, { userId: 'a', email: 'a@example.com' });
    w.advance(7999);
    expect(await runDeletion(deps, (await deps.store.tombstone('a'))!)).toMatchObject({ status: 'deleting' });
    w.advance(1);
    expect(await runDeletion(deps, (await deps.store.tombstone('a'))!)).toMatchObject({ status: 'deleted' });
  });

  it('resumes after a failure from the start, every step again, and finishes', async () => {
    const w = world();
    w.failDeletesAfter(1);
    await expect(requestDeletion(w.deps, { userId: 'a', email: 'a@example.com' })).rejects.toThrow('DynamoDB is throttling');
    expect(w.items.get('a')).toHaveLength(150);
    const saved = (await w.deps.store.tombstone('a'))!;
    expect(saved).toMatchObject({ status: 'deleting', itemsDeleted: 100 });
    w.failDeletesAfter(Infinity);
    w.advance(SETTLE_MS);
    expect(await runDeletion(w.deps, saved)).toMatchObject({ status: 'deleted', itemsDeleted: 250 });
    expect(w.log.filter((l) => l === 'signout a')).toHaveLength(2);
  });

  it('answers the first request’s tombstone to a second request, and a deleted account is left alone', async () => {
    const w = world();
    const first = await requestDeletion(w.deps, { userId: 'a', email: 'a@example.com' });
    w.advance(1000);
    const second = await requestDeletion(w.deps, { userId: 'a', email: 'a@example.com' });
    expect(second.requestedAt).toBe(first.requestedAt);
    w.advance(SETTLE_MS);
    const done = await runDeletion(w.deps, second);
    const before = w.log.length;
    expect(await runDeletion(w.deps, done)).toBe(done);
    expect(w.log.length).toBe(before);
  });

  it('stops within its time budget and says how far it got', async () => {
    const w = world();
    const slow = {
      ...w.deps,
      store: { ...w.deps.store, deleteUserItems: async (u: string, sks: readonly string[]) => (w.advance(10_000), w.deps.store.deleteUserItems(u, sks)) },
    };
    const t = await requestDeletion(slow, { userId: 'a', email: 'a@example.com' }, { budgetMs: 15_000 });
    expect(t).toMatchObject({ status: 'deleting', itemsDeleted: 200 });
    expect(t.steps).not.toContain('items');
  });

  it('keeps, once finished, only the sub and the times (no e-mail), until no token issued before the deletion can be valid', async () => {
    const w = world();
    await requestDeletion(w.deps, { userId: 'a', email: 'a@example.com' });
    w.advance(SETTLE_MS);
    const done = await runDeletion(w.deps, (await w.deps.store.tombstone('a'))!);
    expect(done).toMatchObject({ status: 'deleted', email: '', completedAt: '2026-11-25T15:00:30.000Z', keptUntil: '2026-11-25T15:20:30.000Z' });
    expect(JSON.stringify(await w.deps.store.tombstone('a'))).not.toContain('a@example.com');
    // Tokens live 15 minutes (functions/sessions.ts) and none can be issued once the user is gone from the pool.
    expect(DELETED_MARKER_KEPT_MS).toBeGreaterThanOrEqual(15 * 60_000);
  });

  it('publishes, with the tombstone and once, the event whose consumer finishes the deletion after the settle, and times each step', async () => {
    const w = world();
    const steps: string[] = [];
    let ids = 0;
    const deps: PrivacyDeps = {
      ...w.deps,
      newEventId: () => `01JDXXXXXXXXXXXXXXXXXXXX0${ids++}`,
      onStep: (step, ms) => steps.push(`${step}:${ms >= 0}`),
    };
    await requestDeletion(deps, { userId: 'a', email: 'a@example.com' });
    w.advance(1000);
    await requestDeletion(deps, { userId: 'a', email: 'a@example.com' }); // a second request publishes nothing more
    expect(w.published).toEqual([
      { type: 'AccountDeletionRequested', detail: { eventId: '01JDXXXXXXXXXXXXXXXXXXXX00', account: 'a', requestedAt: '2026-11-25T15:00:00.000Z' } },
    ]);
    expect(steps.slice(0, 5)).toEqual(['signed_out:true', 'broker_keys:true', 'outside_items:true', 'items:true', 'user_pool:true']);
    w.advance(SETTLE_MS);
    await runDeletion(deps, (await deps.store.tombstone('a'))!);
    expect(steps.at(-1)).toBe('settled:true');
  });
});
