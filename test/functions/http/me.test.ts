import { describe, expect, it } from 'vitest';
import { makeMeHandler } from '../../../functions/http/me';
import { fixedClock } from '@shared/ports/clock.port';
import { PROFILE_KEPT_MS, profileCache, type ProfileRepository, type UserProfile } from '@shared/users/profile';
import type { Event } from '../../../functions/commons/http';

function memoryProfiles(): ProfileRepository & { items: Map<string, UserProfile>; calls: { get: number; upsert: number } } {
  const items = new Map<string, UserProfile>();
  const calls = { get: 0, upsert: 0 };
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
      const next = { userId, email: email || prev?.email || '', name: name || prev?.name || '', createdAt: prev?.createdAt ?? at, updatedAt: at };
      items.set(userId, next);
      return next;
    },
  };
}

const meEvent = (claims: Record<string, string>) =>
  ({ routeKey: 'GET /api/me', headers: {}, requestContext: { requestId: 'r', authorizer: { jwt: { claims, scopes: [] } } } }) as unknown as Event;

describe('GET /api/me', () => {
  it('returns the user from the token and creates the profile on the first call', async () => {
    const profiles = memoryProfiles();
    const handler = makeMeHandler({ profiles, clock: fixedClock('2026-11-20T15:00:00.000Z') });
    const res = await handler(meEvent({ sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper', 'cognito:groups': '[admin]' }));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({
      user: { id: 'u-1', email: 'grace@example.com', name: 'Grace Hopper', displayName: 'Grace Hopper', groups: ['admin'], isAdmin: true },
      profile: {
        userId: 'u-1',
        email: 'grace@example.com',
        name: 'Grace Hopper',
        createdAt: '2026-11-20T15:00:00.000Z',
        updatedAt: '2026-11-20T15:00:00.000Z',
      },
    });
    expect(profiles.items.size).toBe(1);
  });

  it('is refused without a verified user', async () => {
    const handler = makeMeHandler({ profiles: memoryProfiles(), clock: fixedClock('2026-11-20T15:00:00.000Z') });
    const res = await handler({ routeKey: 'GET /api/me', headers: {}, requestContext: {} } as unknown as Event);
    expect(res.statusCode).toBe(401);
  });

  it('writes the profile only when it is missing or the token says something new', async () => {
    const profiles = memoryProfiles();
    let at = new Date('2026-11-20T15:00:00.000Z').getTime();
    const clock = { now: () => new Date(at) };
    const handler = makeMeHandler({ profiles, clock });
    const grace = { sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' };
    await handler(meEvent(grace));
    expect(profiles.calls).toEqual({ get: 1, upsert: 1 });
    at += 60_000;
    const again = JSON.parse((await handler(meEvent(grace))).body!);
    expect(profiles.calls).toEqual({ get: 2, upsert: 1 });
    expect(again.profile.updatedAt).toBe('2026-11-20T15:00:00.000Z');
    // An access token carries no email or name: nothing to change.
    await handler(meEvent({ sub: 'u-1' }));
    expect(profiles.calls.upsert).toBe(1);
    const renamed = JSON.parse((await handler(meEvent({ ...grace, name: 'Rear Admiral Hopper' }))).body!);
    expect(profiles.calls.upsert).toBe(2);
    expect(renamed.profile).toMatchObject({ name: 'Rear Admiral Hopper', createdAt: '2026-11-20T15:00:00.000Z', updatedAt: '2026-11-20T15:01:00.000Z' });
  });

  it('answers from the warm cache while the token agrees with the kept profile, and reads again after PROFILE_KEPT_MS', async () => {
    const profiles = memoryProfiles();
    let at = new Date('2026-11-20T15:00:00.000Z').getTime();
    const clock = { now: () => new Date(at) };
    const handler = makeMeHandler({ profiles, clock, cache: profileCache(clock) });
    const grace = { sub: 'u-1', email: 'grace@example.com', name: 'Grace Hopper' };
    await handler(meEvent(grace));
    await handler(meEvent(grace));
    expect(profiles.calls).toEqual({ get: 1, upsert: 1 });
    // Another name in the token: read and written again, whatever the cache holds.
    const renamed = JSON.parse((await handler(meEvent({ ...grace, name: 'Amazing Grace' }))).body!);
    expect(renamed.user.displayName).toBe('Amazing Grace');
    expect(profiles.calls).toEqual({ get: 2, upsert: 2 });
    at += PROFILE_KEPT_MS;
    await handler(meEvent({ ...grace, name: 'Amazing Grace' }));
    expect(profiles.calls).toEqual({ get: 3, upsert: 2 });
  });
});
