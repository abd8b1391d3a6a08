import { describe, expect, it } from 'vitest';
import { KITE_LOGIN_STATE_TTL_MS, makeKiteLoginState, verifyKiteLoginState } from '../../../../functions/adapters/kite/kite-login-state';
import { makeUnsubscribeToken } from '../../../../functions/adapters/mail/unsubscribe-token';

const T0 = Date.parse('2026-11-30T03:30:00Z');

describe("the Kite login's state", () => {
  it('names the operator who started the login, for ten minutes', () => {
    const state = makeKiteLoginState('api-secret', 'op-1', T0);
    expect(verifyKiteLoginState('api-secret', state, T0 + KITE_LOGIN_STATE_TTL_MS - 1)).toEqual({ sub: 'op-1' });
    expect(verifyKiteLoginState('api-secret', state, T0 + KITE_LOGIN_STATE_TTL_MS)).toBeNull();
  });

  it('is refused when signed under another API secret, tampered with, or made for another purpose', () => {
    const state = makeKiteLoginState('api-secret', 'op-1', T0);
    expect(verifyKiteLoginState('other-secret', state, T0)).toBeNull();
    const [payload, signature] = state.split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const changed = Buffer.from(JSON.stringify({ ...body, sub: 'intruder' })).toString('base64url');
    expect(verifyKiteLoginState('api-secret', `${changed}.${signature}`, T0)).toBeNull();
    expect(verifyKiteLoginState('api-secret', makeUnsubscribeToken('api-secret', 'op-1'), T0)).toBeNull();
    expect(verifyKiteLoginState('api-secret', 'garbage', T0)).toBeNull();
  });
});
