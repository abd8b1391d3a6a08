import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Hub } from 'aws-amplify/utils';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  groups: string[];
}

export type AuthState =
  | { status: 'loading'; user: null }
  /** `byUser`: the learner pressed Sign Out, so guards do not offer to return to the page they left. */
  | { status: 'signedOut'; user: null; byUser?: boolean }
  | { status: 'signedIn'; user: SignedInUser };

interface AuthContextValue {
  state: AuthState;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Keys other areas keep in browser storage that belong to a signed-in session only. */
const DEMO_MODE_KEYS = ['demoMode', 'options-academy.demo-mode'];

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

  const refresh = useCallback(async () => {
    if (!configured) return;
    const user = await readUser();
    if (user) signingOut.current = false;
    setState(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null, byUser: signingOut.current });
  }, [configured]);

  useEffect(() => {
    if (!configured) return;
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      if (['signedIn', 'signedOut', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) void refresh();
    });
  }, [configured, refresh]);

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
