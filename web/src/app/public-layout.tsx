import { Link, Outlet } from 'react-router-dom';
import { buttonClass } from '../components/ui/button';
import { Logo } from '../components/ui/logo';
import { DisclaimerFooter } from '../components/ui/risk-disclaimer';
import { useAuth } from '../features/auth/hooks/auth-context';
import { SIGN_UP_LABEL } from '../features/landing/lib/cta';

export const SUPPORT_EMAIL = 'support@optionsacademy.example';

/** Header and footer of the public pages (coming soon, subscription, legal pages). */
export function PublicLayout() {
  const { state } = useAuth();
  const signedIn = state.status === 'signedIn';
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/" aria-label="Options Academy home">
            <Logo compact />
          </Link>
          <nav aria-label="Site" className="flex items-center gap-4 text-sm">
            <Link to="/optionschain" className="hidden font-medium text-slate-700 hover:text-slate-900 sm:inline">
              Options Chain
            </Link>
            {signedIn ? (
              <Link to="/app" className={buttonClass()}>
                Go to App
              </Link>
            ) : (
              <>
                <Link to="/login" className="whitespace-nowrap font-semibold text-slate-800 hover:underline">
                  Sign In
                </Link>
                <Link to="/signup" className={`${buttonClass()} whitespace-nowrap`}>
                  {SIGN_UP_LABEL}
                </Link>
              </>
            )}
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8">
        <nav aria-label="Legal and support" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/" className="text-slate-700 hover:text-slate-900 hover:underline">
            Home
          </Link>
          <Link to="/privacy" className="text-slate-700 hover:text-slate-900 hover:underline">
            Privacy Policy
          </Link>
          <Link to="/terms" className="text-slate-700 hover:text-slate-900 hover:underline">
            Terms and Conditions
          </Link>
          <Link to="/DisclaimerDetailed" className="text-slate-700 hover:text-slate-900 hover:underline">
            Risk Disclaimer
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-slate-700 hover:text-slate-900 hover:underline">
            Support: {SUPPORT_EMAIL}
          </a>
        </nav>
        <DisclaimerFooter />
        <p className="text-xs text-slate-600">© {new Date().getFullYear()} Options Academy. For education only.</p>
      </div>
    </footer>
  );
}
