import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashAgentToken, newAgentTokenSecret } from '../../../functions/adapters/agent-token-crypto';
import { AGENT_TOKEN_PATTERN, isAgentToken } from '@shared/agent/token';

describe('a new personal access token', () => {
  it('reads oa_pat_ and 43 base64url characters that decode to 32 random bytes (256 bits)', () => {
    const token = newAgentTokenSecret();
    expect(token).toMatch(AGENT_TOKEN_PATTERN);
    expect(isAgentToken(token)).toBe(true);
    const random = Buffer.from(token.slice('oa_pat_'.length), 'base64url');
    expect(random.length * 8).toBeGreaterThanOrEqual(256);
    expect(random.toString('base64url')).toBe(token.slice('oa_pat_'.length));
  });

  it('is different every time, and its characters are spread as random bytes spread them', () => {
    const tokens = Array.from({ length: 2000 }, newAgentTokenSecret);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Every bit of the 32 bytes is set in about half of the tokens: a constant or biased byte would show here.
    const ones = new Array<number>(256).fill(0);
    for (const t of tokens) {
      const bytes = Buffer.from(t.slice(7), 'base64url');
      for (let bit = 0; bit < 256; bit++) if ((bytes[bit >> 3]! >> (bit & 7)) & 1) ones[bit]!++;
    }
    // Binomial(2000, 1/2): the mean is 1000 and the standard deviation about 22; 1000 ± 150 is nearly 7 deviations.
    for (const n of ones) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });
});

describe('the token hash', () => {
  it('is the SHA-256 of the whole token in lowercase hex (FIPS 180-4 test vector "abc")', () => {
    expect(hashAgentToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newAgentTokenSecret();
    expect(hashAgentToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashAgentToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashAgentToken(token)).not.toBe(hashAgentToken(newAgentTokenSecret()));
  });
});
