import { describe, expect, it } from 'vitest';
import { hasStoredSession } from '@web/features/auth/lib/stored-session';

/** A browser's storage holding these keys. */
const storage = (keys: string[]): Pick<Storage, 'length' | 'key'> => ({ length: keys.length, key: (i) => keys[i] ?? null });

describe('hasStoredSession', () => {
  it("finds the session Amplify keeps under its app client's LastAuthUser key, among other keys", () => {
    expect(hasStoredSession(storage(['options-academy.landing-seen', 'CognitoIdentityServiceProvider.abc123.LastAuthUser']))).toBe(true);
  });

  it('is false on an empty storage, and for keys that only resemble a session', () => {
    expect(hasStoredSession(storage([]))).toBe(false);
    expect(hasStoredSession(storage(['CognitoIdentityServiceProvider.abc123.ada.accessToken', 'x.CognitoIdentityServiceProvider.abc.LastAuthUser']))).toBe(
      false,
    );
  });

  it('is false where the storage cannot be read (switched off): nothing can be stored either', () => {
    const blocked = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(blocked)).toBe(false);
  });
});
