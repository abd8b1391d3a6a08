import { signOutEverywhere, type SignOutDeps } from '@shared/users/sessions';
import { usersApi } from '@shared/users/users.api';
import { noteSignedOut } from '../commons/deleted-accounts';
import { httpApi, ok, route } from '../commons/http';
import { signOutDeps } from '../wiring/users';

/**
 * Sign out everywhere (issue 32), on the server rather than with Cognito's GlobalSignOut from the browser: one request
 * revokes the refresh tokens (AdminUserGlobalSignOut) and records the time before which every token is refused, in that
 * order (shared/users/sessions.ts), so the web cannot do one half and miss the other. The web calls it for "Sign out
 * everywhere" and right after a password change.
 */
export function makeSessionsHandler(deps: SignOutDeps) {
  return httpApi({
    'POST /api/me/sign-out-everywhere': route(usersApi['POST /api/me/sign-out-everywhere'], async ({ user, body }) => {
      const out = await signOutEverywhere(deps, user.sub, body.reason);
      noteSignedOut(user.sub, new Date(out.signedOutAt).getTime());
      return ok(out);
    }),
  });
}

export const handler = makeSessionsHandler(signOutDeps());
