import { afterEach, describe, expect, it } from 'vitest';
import { formatFixed, formatMoney, formatPnl, formatUsd } from '@shared/format/money';
import { localizeNumber, setNumberStyle } from '@shared/format/number-style';
import {
  applyPatch,
  cleanBio,
  cleanName,
  defaultSettings,
  normalizeSettings,
  resolveReducedMotion,
  resolveTheme,
  visibleGroups,
} from '@shared/users/profile-settings';
import { publicCard, publicName } from '@shared/users/profile';

describe('visibility rules', () => {
  it('starts with the profile public and every group, trading figures above all, off', () => {
    expect(defaultSettings('seed').visibility).toEqual({ profile: true, learning: false, gamification: false, trading: false });
  });

  it('shows others only the groups turned on, and nothing of a private profile', () => {
    const vis = { profile: true, learning: true, gamification: false, trading: false };
    expect(visibleGroups(vis, false)).toEqual({ learning: true, gamification: false, trading: false });
    expect(visibleGroups({ ...vis, profile: false }, false)).toBeNull();
  });

  it('lets the owner preview a private profile, showing no more than others would see', () => {
    expect(visibleGroups({ profile: false, learning: false, gamification: true, trading: false }, true)).toEqual({
      learning: false,
      gamification: true,
      trading: false,
    });
  });

  it('gives leaderboards the public id only while the profile is public', () => {
    const p = { userId: 'u', publicId: 'abcdefghijkm', email: 'ada@x.org', name: 'Ada Lovelace', createdAt: '', updatedAt: '', ...defaultSettings('s') };
    expect(publicCard(p)).toEqual({ userId: 'u', displayName: 'Ada Lovelace', publicId: 'abcdefghijkm' });
    expect(publicCard({ ...p, visibility: { ...p.visibility, profile: false } }).publicId).toBeNull();
  });

  it("names a learner by the name they chose, else the spec's fallbacks (full name, e-mail before the @, User)", () => {
    expect(publicName({ displayName: 'Gamma Girl', name: 'Ada Lovelace', email: 'ada@x.org' })).toBe('Gamma Girl');
    expect(publicName({ displayName: '', name: 'Ada Lovelace', email: 'ada@x.org' })).toBe('Ada Lovelace');
    expect(publicName({ displayName: '', name: ' ', email: 'ada@x.org' })).toBe('ada');
    expect(publicName({ displayName: '', name: '', email: '' })).toBe('User');
  });
});

describe('profile settings', () => {
  it('fills the defaults into a profile stored before the settings existed, and ignores unknown values', () => {
    const s = normalizeSettings({ display: { theme: 'sepia', numberFormat: 'de-DE' }, visibility: { learning: true } }, 'seed1');
    expect(s.display).toEqual({ theme: 'system', motion: 'system', numberFormat: 'de-DE' });
    expect(s.visibility).toEqual({ profile: true, learning: true, gamification: false, trading: false });
    expect(s.avatar).toEqual({ kind: 'initials', seed: 'seed1' });
  });

  it('changes only the fields a patch sends, nested groups key by key', () => {
    const next = applyPatch(defaultSettings('s'), { visibility: { gamification: true }, display: { theme: 'dark' } });
    expect(next.visibility).toEqual({ profile: true, learning: false, gamification: true, trading: false });
    expect(next.display).toEqual({ theme: 'dark', motion: 'system', numberFormat: 'en-US' });
  });

  it('keeps names on one line and bios as plain text with at most one blank line', () => {
    expect(cleanName(' Ada\n\tLovelace\u0007 ')).toBe('Ada Lovelace');
    expect(cleanBio('a\r\n\r\n\r\n\r\nb\u0000')).toBe('a\n\nb');
    expect(cleanBio('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});

describe('theme and motion', () => {
  it('follows the system until the learner chooses', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveReducedMotion('system', true)).toBe(true);
    expect(resolveReducedMotion('system', false)).toBe(false);
    expect(resolveReducedMotion('reduce', false)).toBe(true);
    expect(resolveReducedMotion('full', true)).toBe(false);
  });
});

describe('number format', () => {
  afterEach(() => setNumberStyle('en-US'));

  it('writes 1,234.56 by default, as the server does', () => {
    expect(formatUsd(1234.56)).toBe('$1,234.56');
    expect(formatFixed(-22.6, 2)).toBe('−22.60');
  });

  it.each([
    ['de-DE', '$1.234.567,89', '−1.234,50', '+$12,50'],
    ['fr-FR', '$1\u202f234\u202f567,89', '−1\u202f234,50', '+$12,50'],
    ['si', '$1\u202f234\u202f567.89', '−1\u202f234.50', '+$12.50'],
  ] as const)('writes figures the %s way once the learner chooses it', (style, money, fixed, pnl) => {
    setNumberStyle(style);
    expect(formatMoney(1234567.89)).toBe(money);
    expect(formatFixed(-1234.5, 2)).toBe(fixed);
    expect(formatPnl(12.5)).toBe(pnl);
  });

  it('keeps rupees in the Indian grouping the spec asks for', () => {
    setNumberStyle('de-DE');
    expect(formatMoney(123456.79, 'INR')).toBe('₹1,23,456.79');
  });

  it('swaps only the separators', () => {
    expect(localizeNumber('+1.23 (+0.45%)', 'de-DE')).toBe('+1,23 (+0,45%)');
  });
});

describe('avatar', () => {
  it('draws the same left-right symmetric picture from the same seed, and another from another seed', async () => {
    const { identicon, initials, seedFrom } = await import('@shared/users/avatar');
    const a = identicon('abc123');
    expect(identicon('abc123')).toEqual(a);
    for (const row of a.cells) expect(row).toEqual([...row].reverse());
    expect(identicon('zzz999')).not.toEqual(a);
    expect(initials('Grace Brewster Hopper')).toBe('GH');
    expect(initials('ada')).toBe('AD');
    expect(seedFrom([0, 1, 35, 36])).toBe('ab9a');
  });
});
