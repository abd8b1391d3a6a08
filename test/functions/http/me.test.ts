import { describe, expect, it } from 'vitest';
import { makeMeHandler } from '../../../functions/http/me';
import { fixedClock } from '@shared/ports/clock.port';
import type { ProfileRepository, UserProfile } from '@shared/users/profile';
import type { Event } from '../../../functions/commons/http';

function memoryProfiles(): ProfileRepository & { items: Map<string, UserProfile> } {
  const items = new Map<string, UserProfile>();
  return {
    items,
    async upsert({ userId, email, name, at }) {
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
});
