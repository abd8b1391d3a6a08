import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeUnsubscribeToken, verifyUnsubscribeToken } from '../../../../functions/adapters/mail/unsubscribe-token';

const SECRET = 'a-test-secret-of-some-length';

describe('the unsubscribe token', () => {
  it('names the learner it was made for', () => {
    expect(verifyUnsubscribeToken(SECRET, makeUnsubscribeToken(SECRET, 'learner-ada'))).toEqual({ sub: 'learner-ada' });
  });

  it('is refused when tampered with: another learner in the payload, a changed signature, or another secret', () => {
    const token = makeUnsubscribeToken(SECRET, 'learner-ada');
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sub: 'learner-bob', purpose: 'alert-email-off' })).toString('base64url')}.${signature}`;
    expect(verifyUnsubscribeToken(SECRET, forged)).toBeNull();
    const flipped = token.slice(0, -2) + (token.endsWith('A') ? 'B' : 'A') + token.slice(-1);
    expect(verifyUnsubscribeToken(SECRET, flipped)).toBeNull();
    expect(verifyUnsubscribeToken('another-secret', token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, 'not-a-token')).toBeNull();
  });

  it('is refused for another purpose, even when signed with the same secret', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'learner-ada', purpose: 'sign-in' })).toString('base64url');
    const other = `${payload}.${createHmac('sha256', SECRET).update(payload).digest('base64url')}`;
    expect(verifyUnsubscribeToken(SECRET, other)).toBeNull();
  });
});
