/**
 * Whether this browser holds a Cognito session, read synchronously before Amplify has answered: Amplify keeps the last
 * signed-in user of each app client under `CognitoIdentityServiceProvider.<client id>.LastAuthUser` in localStorage
 * (aws-amplify's TokenStore, `getLastAuthUserKey`). A stored session may have expired; its absence means signed out.
 * web/public/display-boot.js reads the same key before the first paint.
 */
export function hasStoredSession(local: Pick<Storage, 'length' | 'key'> = localStorage): boolean {
  try {
    for (let i = 0; i < local.length; i++) {
      const key = local.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
    return false;
  } catch {
    // Storage switched off: no session can be stored either.
    return false;
  }
}
