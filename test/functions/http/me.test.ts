import { describe, expect, it } from 'vitest';
import { makeMeHandler } from '../../../functions/http/me';
import { fixedClock } from '@shared/ports/clock.port';
import { initialState } from '@shared/gamification/state';
import { defaultProgress } from '@shared/learning/progress';
import type { PeopleDeps } from '@shared/users/people';
import { PROFILE_KEPT_MS, profileCache, type ProfileCache, type ProfileRepository, type UserProfile } from '@shared/users/profile';
import type { Clock } from '@shared/ports/clock.port';
import { defaultSettings } from '@shared/users/profile-settings';
import type { Event } from '../../../functions/commons/http';

function memoryProfiles(): ProfileRepository & { items: Map<string, UserProfile>; calls: { get: number; upsert: number } } {
  const items = new Map<string, UserProfile>();
  const calls = { get: 0, upsert: 0 };
  let n = 0;
  return {
    items,
    calls,
    async get(userId) {
      calls.get++;
      return items.get(userId) ?? null;
    },
    async upsert({ userId, email, name, at }) {
      calls.upsert++;
      const prev = items.get(userId);
      const publicId = prev?.publicId ?? `pub${String(++n).padStart(9, '0')}`;
      const next: UserProfile = {
        ...(prev ?? defaultSettings(publicId)),
        userId,
        publicId,
        email: email || prev?.email || '',
        name: name || prev?.name || '',
        createdAt: prev?.createdAt ?? at,
        updatedAt: at,
      };
      items.set(userId, next);
      return next;
    },
    async saveSettings(userId, s, expected, at) {
      const prev = items.get(userId);
      if (!prev || prev.updatedAt !== expected) return null;
      const next = { ...prev, ...s, updatedAt: at };
      items.set(userId, next);
      return next;
    },
    async byPublicId(publicId) {
      return [...items.values()].find((p) => p.publicId === publicId) ?? null;
    },
    async many(ids) {
      return ids.flatMap((id) => (items.has(id) ? [items.get(id)!] : []));
    },
  };
}

const clock = fixedClock('2026-11-20T15:00:00.000Z');

function setup(opts: { clock?: Clock; cache?: ProfileCache } = {}) {
  const profiles = memoryProfiles();
  const game = { ...initialState('u-1', clock.now()), level: 3, unlockedAchievements: ['first-trade'] };
  const people: PeopleDeps = {
    profiles,
    learning: async () => ({ ...defaultProgress(), completedModules: ['options_basics'], level: 1, experience: 100 }),
    game: async () => game,
    globalRank: async () => 4,
    moduleTitle: (id) => (id === 'options_basics' ? 'Options Basics' : id),
  };
  return { profiles, handler: makeMeHandler({ profiles, clock: opts.clock ?? clock, cache: opts.cache, people }) };
}

const claimsOf = (sub: string) => ({ sub, email: `${sub}@example.com`, name: sub === 'u-1' ? 'Grace Hopper' : 'Alan Turing' });
const event = (routeKey: string, claims: Record<string, string>, extra: Record<string, unknown> = {}) =>
  ({ routeKey, headers: {}, requestContext: { requestId: 'r', authorizer: { jwt: { claims, scopes: [] } } }, ...extra }) as unknown as Event;
const patch = (sub: string, body: unknown) =>
  event('PATCH /api/me/profile', claimsOf(sub), { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const meEvent = (claims: Record<string, string>) => event('GET /api/me', claims);
const people = (sub: string, publicId: string) => event('GET /api/people/{publicId}', claimsOf(sub), { pathParameters: { publicId } });

const putMe = (claims: Record<string, string>) => event('PUT /api/me', claims);

describe('GET /api/me', () => {
  it('returns the user from the token and, before the profile is stored, the profile they would get, writing nothing', async () => {
    const { handler, profiles } = setup();
    const res = await handler(event('GET /api/me', { sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper', 'cognito:groups': '[admin]' }));
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body!);
    expect(body.user).toEqual({ id: 'u-1', email: 'grace@example.com', name: 'Grace Hopper', displayName: 'Grace Hopper', groups: ['admin'], isAdmin: true });
    expect(body.profile).toMatchObject({
      userId: 'u-1',
      publicId: '',
      displayName: '',
      visibility: { profile: true, learning: false, gamification: false, trading: false },
      display: { theme: 'system', motion: 'system', numberFormat: 'en-US' },
    });
    expect(profiles.items.size).toBe(0);
    expect(profiles.calls.upsert).toBe(0);
  });

  it('is refused without a verified user', async () => {
    const { handler } = setup();
    const res = await handler({ routeKey: 'GET /api/me', headers: {}, requestContext: {} } as unknown as Event);
    expect(res.statusCode).toBe(401);
  });

  it('never writes: a token with a new name shows it, and the stored profile keeps the old one until PUT /api/me', async () => {
    const { profiles, handler } = setup();
    const grace = { sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' };
    await handler(putMe(grace));
    const renamed = JSON.parse((await handler(meEvent({ ...grace, name: 'Rear Admiral Hopper' }))).body!);
    expect(renamed.user.displayName).toBe('Rear Admiral Hopper');
    expect(renamed.profile.publicId).toBe('pub000000001');
    expect(profiles.calls.upsert).toBe(1);
    expect(profiles.items.get('u-1')?.name).toBe('Grace Hopper');
  });

  it('answers from the warm cache while the token agrees with the kept profile, and reads again after PROFILE_KEPT_MS', async () => {
    let at = new Date('2026-11-20T15:00:00.000Z').getTime();
    const clock = { now: () => new Date(at) };
    const { profiles, handler } = setup({ clock, cache: profileCache(clock) });
    const grace = { sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' };
    await handler(putMe(grace));
    await handler(meEvent(grace));
    expect(profiles.calls).toEqual({ get: 1, upsert: 1 });
    // Another name in the token: read again, whatever the cache holds, and not written.
    const renamed = JSON.parse((await handler(meEvent({ ...grace, name: 'Amazing Grace' }))).body!);
    expect(renamed.user.displayName).toBe('Amazing Grace');
    expect(profiles.calls).toEqual({ get: 2, upsert: 1 });
    at += PROFILE_KEPT_MS;
    await handler(meEvent(grace));
    expect(profiles.calls).toEqual({ get: 3, upsert: 1 });
  });
});

describe('PUT /api/me', () => {
  it('stores the profile at sign-in, with a public id and private-by-default groups', async () => {
    const { handler, profiles } = setup();
    const res = await handler(putMe({ sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' }));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!).profile).toMatchObject({
      userId: 'u-1',
      publicId: 'pub000000001',
      createdAt: '2026-11-20T15:00:00.000Z',
      displayName: '',
      bio: '',
      visibility: { profile: true, learning: false, gamification: false, trading: false },
    });
    expect(profiles.items.size).toBe(1);
    const read = JSON.parse((await handler(meEvent({ sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' }))).body!);
    expect(read.profile.publicId).toBe('pub000000001');
  });

  it('writes only when the profile is missing or the token says something new (idempotent)', async () => {
    let at = new Date('2026-11-20T15:00:00.000Z').getTime();
    const { profiles, handler } = setup({ clock: { now: () => new Date(at) } });
    const grace = { sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' };
    await handler(putMe(grace));
    expect(profiles.calls).toEqual({ get: 1, upsert: 1 });
    at += 60_000;
    const again = JSON.parse((await handler(putMe(grace))).body!);
    expect(profiles.calls).toEqual({ get: 2, upsert: 1 });
    expect(again.profile.updatedAt).toBe('2026-11-20T15:00:00.000Z');
    // An access token carries no email or name: nothing to change.
    await handler(putMe({ sub: 'u-1' }));
    expect(profiles.calls.upsert).toBe(1);
    const renamed = JSON.parse((await handler(putMe({ ...grace, name: 'Rear Admiral Hopper' }))).body!);
    expect(profiles.calls.upsert).toBe(2);
    expect(renamed.profile).toMatchObject({ name: 'Rear Admiral Hopper', createdAt: '2026-11-20T15:00:00.000Z', updatedAt: '2026-11-20T15:01:00.000Z' });
  });
});

describe('PATCH /api/me/profile', () => {
  it('saves over a warm kept profile (the save is conditional on the stored one) and the next GET shows the change', async () => {
    let at = new Date('2026-11-20T15:00:00.000Z').getTime();
    const c = { now: () => new Date((at += 1000)) };
    const { handler } = setup({ clock: c, cache: profileCache(c) });
    await handler(event('GET /api/me', claimsOf('u-1')));
    expect((await handler(patch('u-1', { bio: 'first' }))).statusCode).toBe(200);
    // The kept copy is now the saved one; a second edit must not be refused as a lost race.
    expect((await handler(patch('u-1', { bio: 'second' }))).statusCode).toBe(200);
    const me = JSON.parse((await handler(event('GET /api/me', claimsOf('u-1')))).body!);
    expect(me.profile.bio).toBe('second');
  });

  it('saves the display name (the name others see), bio and display settings, cleaned', async () => {
    const { handler } = setup();
    const res = await handler(patch('u-1', { displayName: '  Amazing   Grace ', bio: 'Calls\r\n\r\n\r\n\r\nand puts', display: { theme: 'dark' } }));
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body!);
    expect(body.user.displayName).toBe('Amazing Grace');
    expect(body.profile).toMatchObject({
      displayName: 'Amazing Grace',
      bio: 'Calls\n\nand puts',
      display: { theme: 'dark', motion: 'system', numberFormat: 'en-US' },
    });
  });

  it.each([
    [{ bio: 'x'.repeat(281) }, 'at most 280'],
    [{ displayName: 'x'.repeat(41) }, 'at most 40'],
    [{ display: { theme: 'sepia' } }, 'display.theme'],
    [{ userId: 'u-2' }, 'userId'],
    [{ visibility: { everything: true } }, 'everything'],
    [{ avatar: { seed: '<svg>' } }, 'lower-case'],
    [{}, 'at least one'],
  ])('refuses %j with a 400 that says why, and saves nothing', async (body, words) => {
    const { handler, profiles } = setup();
    await handler(event('PUT /api/me', claimsOf('u-1')));
    const before = structuredClone(profiles.items.get('u-1'));
    expect(before).toBeDefined();
    const res = await handler(patch('u-1', body));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(words);
    expect(profiles.items.get('u-1')).toEqual(before);
  });
});

describe('GET /api/people/{publicId}', () => {
  it('shows name, avatar, bio and member since, and only the groups the learner turned on', async () => {
    const { handler } = setup();
    await handler(patch('u-1', { bio: 'Learning spreads', visibility: { gamification: true } }));
    await handler(event('PUT /api/me', claimsOf('u-2')));
    const res = await handler(people('u-2', 'pub000000001'));
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body!);
    expect(body).toMatchObject({
      displayName: 'Grace Hopper',
      bio: 'Learning spreads',
      isYou: false,
      shown: { learning: false, gamification: true, trading: false },
    });
    expect(body.gamification).toMatchObject({ level: 3, globalRank: 4 });
    expect(body.gamification.achievements.map((a: { id: string }) => a.id)).toEqual(['first-trade']);
    expect(body).not.toHaveProperty('learning');
    expect(body).not.toHaveProperty('trading');
    expect(JSON.stringify(body)).not.toContain('u-1');
    expect(JSON.stringify(body)).not.toContain('@example.com');
  });

  it('answers 404 to others for a private profile, as for an unknown id; the owner still previews it', async () => {
    const { handler } = setup();
    await handler(patch('u-1', { visibility: { profile: false, learning: true } }));
    const other = await handler(people('u-2', 'pub000000001'));
    expect(other.statusCode).toBe(404);
    expect(JSON.parse(other.body!).error).toBe('This learner has no public profile.');
    expect((await handler(people('u-2', 'pub000000099'))).statusCode).toBe(404);
    const own = await handler(people('u-1', 'pub000000001'));
    expect(own.statusCode).toBe(200);
    expect(JSON.parse(own.body!).learning.modulesCompleted).toEqual([{ id: 'options_basics', title: 'Options Basics' }]);
  });

  it('refuses an id that is not a public id (a Cognito sub) with a 400', async () => {
    const { handler } = setup();
    expect((await handler(people('u-2', 'u-1'))).statusCode).toBe(400);
  });
});
