import { describe, expect, it } from 'vitest';
import { learnerOfToken, unsubscribeKey, unsubscribeLinks } from '../../../../functions/adapters/mail/unsubscribe-links';
import { makeUnsubscribeToken } from '../../../../functions/adapters/mail/unsubscribe-token';

const store = (value: string | null) => {
  let reads = 0;
  return { reads: () => reads, secrets: () => ({ get: async () => (reads++, value), put: async () => undefined, delete: async () => undefined }) };
};

describe('the unsubscribe links of alert e-mails', () => {
  it("sign the learner's id into the page link and the one-click route, and the token names that learner back", async () => {
    const s = store('k'.repeat(48));
    const key = unsubscribeKey({ secretName: 'options-academy/test/unsubscribe', secrets: s.secrets });
    const links = unsubscribeLinks({ key, siteUrl: () => 'https://academy.example/' });
    const { page, oneClick } = await links.unsubscribeUrls('sub-1');
    expect(links.siteUrl()).toBe('https://academy.example');
    expect(page).toMatch(/^https:\/\/academy\.example\/unsubscribe\?token=[\w-]+\.[\w-]+$/);
    expect(oneClick).toBe(page.replace('/unsubscribe?', '/api/unsubscribe?'));
    const token = decodeURIComponent(new URL(page).searchParams.get('token')!);
    expect(await learnerOfToken(key, token)).toBe('sub-1');
    expect(s.reads()).toBe(1);
  });

  it('a token signed with another key, or tampered with, names nobody', async () => {
    const key = unsubscribeKey({ secretName: 'n', secrets: store('right').secrets });
    expect(await learnerOfToken(key, makeUnsubscribeToken('wrong', 'sub-1'))).toBeNull();
    const good = makeUnsubscribeToken('right', 'sub-1');
    expect(await learnerOfToken(key, `${good}x`)).toBeNull();
    expect(await learnerOfToken(key, 'not-a-token')).toBeNull();
  });

  it('fails closed without its secret, and reads it again on the next call', async () => {
    await expect(unsubscribeKey({ secretName: undefined, secrets: store('x').secrets })()).rejects.toThrow('not configured');
    const missing = store(null);
    const key = unsubscribeKey({ secretName: 'n', secrets: missing.secrets });
    await expect(key()).rejects.toThrow('does not exist');
    await expect(key()).rejects.toThrow('does not exist');
    expect(missing.reads()).toBe(2);
  });
});
