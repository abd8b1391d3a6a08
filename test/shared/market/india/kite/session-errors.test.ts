import { describe, expect, it } from 'vitest';
import { isKiteSessionOver, kiteFailure, kiteNotConfigured } from '@shared/market/india/kite/errors';
import { kiteLoginUrl, sessionChecksum } from '@shared/market/india/kite/session';

describe('the Kite session exchange', () => {
  it('signs with the lowercase hex SHA-256 of api_key, request_token and api_secret written together', async () => {
    // Expected value from Python's hashlib.sha256(b'xxxxxxreq_tok_123secret_456').hexdigest().
    expect(await sessionChecksum('xxxxxx', 'req_tok_123', 'secret_456')).toBe('67c3b80e687317dadefd4d77bc601292e3310ceefe9a151651d0536fd4a1494c');
    expect(await sessionChecksum('xxxxxx', 'req_tok_124', 'secret_456')).not.toBe('67c3b80e687317dadefd4d77bc601292e3310ceefe9a151651d0536fd4a1494c');
  });

  it('sends the operator to Kite’s login page for Kite Connect 3, with the redirect parameters encoded as one value', () => {
    const url = new URL(kiteLoginUrl('key123', { state: 'abc', next: '/app/config' }));
    expect(url.origin + url.pathname).toBe('https://kite.zerodha.com/connect/login');
    expect(url.searchParams.get('v')).toBe('3');
    expect(url.searchParams.get('api_key')).toBe('key123');
    expect(url.searchParams.get('redirect_params')).toBe('state=abc&next=%2Fapp%2Fconfig');
    expect(new URL(kiteLoginUrl('key123')).searchParams.has('redirect_params')).toBe(false);
  });
});

describe('the Indian feed’s error messages', () => {
  it("says 'Zerodha API not configured' without keys", () => {
    expect(kiteNotConfigured().error.message).toBe('Zerodha API not configured');
  });

  it('shows the message Kite returned when it sent one', () => {
    const f = kiteFailure('session', { kind: 'api', status: 403, errorType: 'TokenException', message: 'Invalid `checksum`.' });
    expect(f.error.message).toBe('Invalid `checksum`.');
    expect(f.error.code).toBe('unauthorized');
    expect(kiteFailure('quote', { kind: 'api', status: 400, errorType: 'InputException', message: 'No instruments given' }).error).toMatchObject({
      code: 'bad_request',
      message: 'No instruments given',
    });
    expect(kiteFailure('quote', { kind: 'api', status: 429, errorType: 'NetworkException', message: 'Too many requests' }).error.code).toBe('rate_limited');
  });

  it("falls back to 'Failed to generate session' and 'Failed to fetch instruments' when Kite gave no message", () => {
    expect(kiteFailure('session', { kind: 'network' }).error).toMatchObject({ code: 'unavailable', message: 'Failed to generate session' });
    expect(kiteFailure('session', { kind: 'api', status: 502 }).error).toMatchObject({ code: 'bad_gateway', message: 'Failed to generate session' });
    expect(kiteFailure('instruments', { kind: 'unexpected', reason: 'not CSV' }).error.message).toBe('Failed to fetch instruments');
    expect(kiteFailure('instruments', { kind: 'network', timedOut: true }).error).toMatchObject({
      code: 'gateway_timeout',
      message: 'Failed to fetch instruments',
    });
  });

  it('tells an expired session (TokenException) apart from other failures, so the product can show Demo Data Only', () => {
    expect(
      isKiteSessionOver(
        kiteFailure('quote', { kind: 'api', status: 403, errorType: 'TokenException', message: 'Incorrect `api_key` or `access_token`.' }).error,
      ),
    ).toBe(true);
    expect(isKiteSessionOver(kiteFailure('quote', { kind: 'api', status: 403, errorType: 'PermissionException', message: 'No access' }).error)).toBe(false);
    expect(isKiteSessionOver(kiteFailure('quote', { kind: 'network' }).error)).toBe(false);
  });
});
