import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../lib/page-meta';
import { useAuth } from '../../auth/hooks/auth-context';

/** The public front door. Issue 8 builds the full landing page of spec part 1 on this route. */
export function HomePage() {
  usePageMeta({ title: 'Options Academy', description: 'Learn options trading with virtual money: options chains with Greeks, strategy templates, paper trading and lessons. Free forever.', path: '/' });
  const { state } = useAuth();
  const signedIn = state.status === 'signedIn';
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <span className="text-lg font-bold text-brand-900">Options Academy</span>
        <nav aria-label="Account" className="flex items-center gap-3 text-sm">
          {signedIn ? (
            <Link to="/app" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">Go to App</Link>
          ) : (
            <>
              <Link to="/login" className="font-semibold text-slate-800 hover:underline">Sign In</Link>
              <Link to="/signup" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">Start Free Trial</Link>
            </>
          )}
        </nav>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Learn options trading without risking real money</h1>
        <p className="mt-4 text-lg text-slate-700">Read options chains with Greeks, build strategies from templates, and practise with virtual money under real compliance rules.</p>
        <Link to={signedIn ? '/app' : '/signup'} className="mt-8 inline-block rounded-xl bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800">
          {signedIn ? 'Go to App' : 'Start Your Free Trial'}
        </Link>
        <p className="mt-10 text-xs text-slate-600">For education only. Virtual money. No investment advice.</p>
      </main>
    </div>
  );
}
