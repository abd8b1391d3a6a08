import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Hub } from 'aws-amplify/utils';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import { useQueryClient } from '@tanstack/react-query';
import { endSession, onSessionEnd, sessionCleared, type SessionEnd } from '@web/lib/session-end';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  groups: string[];
}

export type AuthState =
  | { status: 'loading'; user: null }
  /**
   * `byUser`: the learner pressed Sign Out, so guards do not offer to return to the page they left. `ended`: the
   * session ended without the learner signing out here (the account deleted, signed out everywhere, expired).
   */
  | { status: 'signedOut'; user: null; byUser?: boolean; ended?: SessionEnd }
  | { status: 'signedIn'; user: SignedInUser };

interface AuthContextValue {
  state: AuthState;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Keys other areas keep in browser storage that belong to a signed-in session only. */
const DEMO_MODE_KEYS = ['demoMode', 'options-academy.demo-mode'];
/** Where Amplify keeps a user pool's tokens in browser storage. */
const AMPLIFY_TOKENS_PREFIX = 'CognitoIdentityServiceProvider.';

/** Amplify's sign-out clears its tokens even when Cognito refuses to revoke them; should it throw, the tokens go anyway. */
async function dropTokens(): Promise<void> {
  try {
    await amplifySignOut();
  } catch {
    for (const key of Object.keys(localStorage)) if (key.startsWith(AMPLIFY_TOKENS_PREFIX)) localStorage.removeItem(key);
  }
}

async function readUser(): Promise<SignedInUser | null> {
  try {
    const session = await fetchAuthSession();
    const payload = session.tokens?.idToken?.payload;
    if (!payload?.sub) return null;
    const groups = payload['cognito:groups'];
    return {
      id: String(payload.sub),
      email: typeof payload.email === 'string' ? payload.email : '',
      name: typeof payload.name === 'string' ? payload.name : '',
      groups: Array.isArray(groups) ? groups.map(String) : [],
    };
  } catch {
    return null;
  }
}

export function AuthProvider({ children, configured }: { children: ReactNode; configured: boolean }) {
  const [state, setState] = useState<AuthState>(configured ? { status: 'loading', user: null } : { status: 'signedOut', user: null });

  const signingOut = useRef(false);
  const ended = useRef<SessionEnd | undefined>(undefined);
  const queryClient = useQueryClient();

  const refresh = useCallback(async () => {
    if (!configured) return;
    const user = await readUser();
    if (user) {
      signingOut.current = false;
      ended.current = undefined;
    }
    setState(
      user ? { status: 'signedIn', user } : { status: 'signedOut', user: null, byUser: signingOut.current, ...(ended.current ? { ended: ended.current } : {}) },
    );
  }, [configured]);

  useEffect(() => {
    if (!configured) return;
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      // A refresh token Cognito refuses (revoked, expired) is a session that can no longer be refreshed.
      const refused =
        payload.event === 'tokenRefresh_failure' && /^NotAuthorizedException/.test((payload.data as { error?: Error } | undefined)?.error?.name ?? '');
      if (refused) endSession('expired');
      else if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) void refresh();
    });
  }, [configured, refresh]);

  // The one place a session the server refused signs the tab out: the guards leave the app at once (which stops
  // every poll), the cache keeps nothing of the old learner, the tokens go, and the sign-in page says why.
  useEffect(
    () =>
      onSessionEnd((why) => {
        ended.current = why;
        setState({ status: 'signedOut', user: null, ended: why });
        void (async () => {
          await queryClient.cancelQueries();
          queryClient.clear();
          await dropTokens();
          for (const key of DEMO_MODE_KEYS) localStorage.removeItem(key);
          sessionCleared();
        })();
      }),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    // Spec part 1 §8: a failed sign-out is only logged and the user stays signed in.
    signingOut.current = true;
    try {
      await amplifySignOut();
      for (const key of DEMO_MODE_KEYS) localStorage.removeItem(key);
      setState({ status: 'signedOut', user: null, byUser: true });
    } catch (err) {
      signingOut.current = false;
      console.error('Sign-out failed', err);
    }
  }, []);

  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
