import { Link, useLocation } from 'react-router-dom';
import { useSignedIn } from '../hooks/use-signed-in';

/** The public page's own compact header (the app shell frames the signed-in routes). */
export function PublicHeader() {
  const signedIn = useSignedIn();
  const location = useLocation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between px-4">
        <Link to="/" className="font-bold text-brand-900">
          Options Academy
        </Link>
        <nav aria-label="Account" className="flex items-center gap-3 text-sm">
          {signedIn ? (
            <Link to="/app" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
              Go to App
            </Link>
          ) : signedIn === false ? (
            <Link
              to="/login"
              state={{ from: location }}
              className="rounded-lg px-3 py-2 font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
            >
              Sign In
            </Link>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
