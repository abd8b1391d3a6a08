import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { NOTIFY_CONSENT_TEXT, NotifyBody, subscribeToLaunch } from '@shared/community/notify';
import { memoryNotify } from './memory-community';

describe('the notify-me list', () => {
  it('normalises the address and requires consent', () => {
    expect(NotifyBody.parse({ email: '  Ada@Example.COM ', consent: true })).toEqual({ email: 'ada@example.com', consent: true });
    expect(NotifyBody.safeParse({ email: 'ada@example.com', consent: false }).error?.issues[0]?.message).toBe(
      'Tick the consent box so we may keep your address.',
    );
    expect(NotifyBody.safeParse({ email: 'not-an-address', consent: true }).error?.issues[0]?.message).toBe('Please enter a valid email address.');
    expect(NotifyBody.safeParse({ email: `${'a'.repeat(250)}@example.com`, consent: true }).success).toBe(false);
  });

  it('stores one entry per address with the wording agreed to and the first time given', async () => {
    const notify = memoryNotify();
    await subscribeToLaunch({ notify, clock: fixedClock('2026-11-20T10:00:00.000Z') }, { email: 'ada@example.com', consent: true });
    await subscribeToLaunch({ notify, clock: fixedClock('2026-11-21T10:00:00.000Z') }, { email: 'ada@example.com', consent: true });
    expect([...notify.items.values()]).toEqual([
      {
        list: 'INDIA',
        email: 'ada@example.com',
        consentText: NOTIFY_CONSENT_TEXT,
        consentedAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
  });
});
