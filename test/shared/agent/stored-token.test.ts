import { describe, expect, it } from 'vitest';
import type { StoredAgentToken } from '@shared/agent/agent-tokens.port';
import { agentTokenExpiresAt, agentTokenSummary, isAgentTokenExpired, lastFourOf, newestFirst, orderedScopes } from '@shared/agent/stored-token';

const stored = (over: Partial<StoredAgentToken> = {}): StoredAgentToken => ({
  tokenId: '01JTOKEN000000000000000001',
  name: 'my-bot',
  scopes: ['read'],
  lastFour: 'AbC9',
  hash: 'f'.repeat(64),
  createdAt: '2026-11-29T12:00:00.000Z',
  expiresAt: '2026-12-29T12:00:00.000Z',
  ...over,
});

describe('a stored token', () => {
  it('expires exactly 30, 90 or 365 days of 24 hours after it was made, across a month and a year end', () => {
    const made = new Date('2026-11-29T12:34:56.789Z');
    expect(agentTokenExpiresAt(made, 30)).toBe('2026-12-29T12:34:56.789Z');
    expect(agentTokenExpiresAt(made, 90)).toBe('2027-02-27T12:34:56.789Z');
    // 2028 is a leap year: 365 days from 2027-03-01 lands on the last day of February.
    expect(agentTokenExpiresAt(new Date('2027-03-01T00:00:00.000Z'), 365)).toBe('2028-02-29T00:00:00.000Z');
  });

  it('has expired from its expiry on, not before', () => {
    const t = stored();
    expect(isAgentTokenExpired(t, new Date('2026-12-29T11:59:59.999Z'))).toBe(false);
    expect(isAgentTokenExpired(t, new Date('2026-12-29T12:00:00.000Z'))).toBe(true);
  });

  it('is listed by its owner without its hash, with its last four characters and when it was last used', () => {
    expect(lastFourOf('oa_pat_' + 'a'.repeat(39) + 'WxYz')).toBe('WxYz');
    expect(agentTokenSummary(stored({ scopes: ['trade', 'read'] }))).toEqual({
      id: '01JTOKEN000000000000000001',
      name: 'my-bot',
      scopes: ['read', 'trade'],
      lastFour: 'AbC9',
      createdAt: '2026-11-29T12:00:00.000Z',
      expiresAt: '2026-12-29T12:00:00.000Z',
      lastUsedAt: null,
    });
    expect(agentTokenSummary(stored({ lastUsedAt: '2026-11-30T08:00:00.000Z' })).lastUsedAt).toBe('2026-11-30T08:00:00.000Z');
  });

  it('keeps each scope once, in the order read, trade', () => {
    expect(orderedScopes(['trade', 'read', 'trade'])).toEqual(['read', 'trade']);
    expect(orderedScopes(['trade'])).toEqual(['trade']);
  });

  it('sorts newest first, the later id first when two were made in the same millisecond', () => {
    const a = stored({ tokenId: '01A', createdAt: '2026-11-29T12:00:00.000Z' });
    const b = stored({ tokenId: '01B', createdAt: '2026-11-29T12:00:00.000Z' });
    const c = stored({ tokenId: '01C', createdAt: '2026-11-30T12:00:00.000Z' });
    expect([a, c, b].sort(newestFirst).map((t) => t.tokenId)).toEqual(['01C', '01B', '01A']);
  });
});
