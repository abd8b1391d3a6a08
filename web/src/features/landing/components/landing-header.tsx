import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { Logo } from '@web/components/ui/logo';
import { SIGN_UP_LABEL, welcomeLine, type Visitor } from '../lib/cta';

/** Spec part 1 §2: signed in, a welcome line and 'Go to App'; signed out, 'Sign In' and the sign-up link (free, never a trial). */
export function LandingHeader({ visitor }: { visitor: Visitor }) {
  const welcome = welcomeLine(visitor);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" aria-label="Options Academy home" className="shrink-0">
          <Logo compact />
        </Link>
        <nav aria-label="Site" className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
          <a href="#features" className="hover:text-slate-900">
            Features
          </a>
          <a href="#templates" className="hover:text-slate-900">
            Templates
          </a>
          <Link to="/optionschain" className="hover:text-slate-900">
            Options Chain
          </Link>
          <a href="#stories" className="hover:text-slate-900">
            Learner stories
          </a>
        </nav>
        <div className="flex min-w-0 items-center gap-3 text-sm">
          {visitor.status === 'signedIn' ? (
            <>
              <p className="hidden min-w-0 truncate text-slate-700 sm:block" data-testid="welcome-line">
                {welcome}
              </p>
              <Link to="/app" className={buttonClass()}>
                Go to App
              </Link>
            </>
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
        </div>
      </div>
      {welcome && <p className="border-t border-slate-100 px-4 py-1.5 text-center text-sm text-slate-700 sm:hidden">{welcome}</p>}
    </header>
  );
}
