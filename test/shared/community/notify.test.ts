import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { NOTIFY_CONSENT_TEXT, NOTIFY_MESSAGES, NotifyBody, subscribeToLaunch } from '@shared/community/notify';
import { memoryNotify } from './memory-community';

describe('the notify-me list', () => {
  it("takes consent and nothing else: the address is never the caller's to give", () => {
    expect(NotifyBody.parse({ consent: true })).toEqual({ consent: true });
    expect(NotifyBody.safeParse({ consent: false }).error?.issues[0]?.message).toBe(NOTIFY_MESSAGES.consentRequired);
    expect(NotifyBody.safeParse({ email: 'someone@example.com', consent: true }).success).toBe(false);
  });

  it("stores the learner's verified address once, lower-cased, with the wording agreed to and the first time given", async () => {
    const notify = memoryNotify();
    const ada = { userId: 'u1', email: ' Ada@Example.COM ', emailVerified: true };
    expect(await subscribeToLaunch({ notify, clock: fixedClock('2026-11-20T10:00:00.000Z') }, ada)).toEqual({ ok: true, value: { email: 'ada@example.com' } });
    await subscribeToLaunch({ notify, clock: fixedClock('2026-11-21T10:00:00.000Z') }, ada);
    expect([...notify.items.values()]).toEqual([
      {
        list: 'INDIA',
        email: 'ada@example.com',
        userId: 'u1',
        consentText: NOTIFY_CONSENT_TEXT,
        consentedAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    ]);
  });

  it('stores nothing for an address the learner has not verified, or none', async () => {
    const notify = memoryNotify();
    const deps = { notify, clock: fixedClock('2026-11-20T10:00:00.000Z') };
    const refused = { ok: false, error: { code: 'unprocessable', message: NOTIFY_MESSAGES.noVerifiedEmail } };
    expect(await subscribeToLaunch(deps, { userId: 'u1', email: 'ada@example.com', emailVerified: false })).toEqual(refused);
    expect(await subscribeToLaunch(deps, { userId: 'u1', emailVerified: true })).toEqual(refused);
    expect(notify.items.size).toBe(0);
  });
});
