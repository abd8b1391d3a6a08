import { describe, expect, it } from 'vitest';
import { canSave, credentialIssues, CredentialsBody, maskKeyId } from '@shared/broker/credentials-form';

const valid = { environment: 'paper' as const, apiKey: 'PKABCDEFGHIJKLMNOPQRS', apiSecret: 'x'.repeat(40), optionsTradingLevel: 2 };
const messages = (input: Partial<typeof valid> & { optionsTradingLevel?: number }) =>
  credentialIssues({ ...valid, ...input }).map((i) => [i.severity, i.message]);

describe('the credentials form (spec part 3 §5)', () => {
  it('has no issue for a paper key pair of the usual shape', () => {
    expect(credentialIssues(valid)).toEqual([]);
  });

  it('requires key and secret, in the spec’s words, and then Save is disabled', () => {
    const issues = credentialIssues({ ...valid, apiKey: ' ', apiSecret: '' });
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['error', 'API Key is required'],
      ['error', 'API Secret is required'],
    ]);
    expect(canSave(issues)).toBe(false);
  });

  it('warns, without blocking, about a key not starting with PK or AK, a short key and a short secret', () => {
    const issues = credentialIssues({ ...valid, apiKey: 'XY123', apiSecret: 'short' });
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['warning', 'API Key should start with PK (paper) or AK (live)'],
      ['warning', 'API Key appears to be too short'],
      ['warning', 'API Secret appears to be too short'],
    ]);
    expect(canSave(issues)).toBe(true);
  });

  it('checks the level 0-3, notes level 0, and warns about live trading', () => {
    expect(messages({ optionsTradingLevel: 4 })).toEqual([['error', 'Trading level must be between 0 and 3']]);
    expect(messages({ optionsTradingLevel: 0 })).toEqual([['info', 'Level 0 means options trading is disabled on your account']]);
    expect(messages({ environment: 'live', apiKey: 'AKABCDEFGHIJKLMNOPQRS' } as never)).toEqual([
      ['warning', 'You are setting up LIVE trading with real money'],
    ]);
  });

  it('shows a field’s issues only once it has been left (touched)', () => {
    expect(credentialIssues({ ...valid, apiKey: '', apiSecret: '' }, new Set(['apiKey']))).toEqual([
      { field: 'apiKey', message: 'API Key is required', severity: 'error' },
    ]);
  });

  it('refuses on the server what the form calls an error, with the same message, and lets warnings through', () => {
    const missing = CredentialsBody.safeParse({ apiKey: '', apiSecret: 'x', optionsTradingLevel: 5 });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => i.message)).toEqual(['API Key is required', 'Trading level must be between 0 and 3']);
    expect(CredentialsBody.safeParse({ apiKey: 'XY12', apiSecret: 'short', optionsTradingLevel: 0 }).success).toBe(true);
  });

  it('masks a key id to its first two and last four characters', () => {
    expect(maskKeyId('PKABCDEFGHIJKLMN7QX2')).toBe('PK…7QX2');
    expect(maskKeyId('PK12')).toBe('…');
  });
});
