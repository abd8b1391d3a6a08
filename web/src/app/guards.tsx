import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/hooks/auth-context';
import { hasStoredSession } from '../features/auth/lib/stored-session';
import { hasSeenLanding, optionsChainTarget } from './first-visit';

/** /app routes need a signed-in learner; others go to /login and come back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'signedOut') return <Navigate to="/login" replace state={state.byUser ? null : { from: location }} />;
  return <>{children}</>;
}

/** /app/admin, /app/config and the moderation page need the Cognito group `admin` (the API checks the same group). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status !== 'signedIn') return null;
  if (!state.user.groups.includes('admin')) {
    return (
      <section className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-bold">Administrators only</h1>
        <p className="mt-2 text-slate-700">This page is for operators of Options Academy. Your account is not in the admin group.</p>
        <Link to="/app" className="mt-4 inline-block font-semibold text-brand-800 hover:underline">
          Back to the dashboard
        </Link>
      </section>
    );
  }
  return <>{children}</>;
}

/**
 * /optionschain needs no login. A signed-in learner who has seen the landing page gets the chain
 * inside the app instead (spec part 1 §4); a signed-out visitor stays on the public page. While the
 * sign-in check runs, a browser with no stored session is shown the public chain at once (as the
 * build draws it), and only one that may be signed in waits.
 */
export function PublicChainRoute({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const { search } = useLocation();
  if (state.status === 'loading' && hasStoredSession()) return <Spinner />;
  const target = optionsChainTarget(search, hasSeenLanding(), state.status === 'signedIn');
  if (target) return <Navigate to={target} replace />;
  return <>{children}</>;
}
