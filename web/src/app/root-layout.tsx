import { Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { DisclaimerBanner } from '../components/ui/risk-disclaimer';
import { Spinner } from '../components/ui/spinner';
import { firstVisitOrigin, forgetOrigin, hasSeenLanding, markLandingSeen, readOrigin, rememberOrigin } from './first-visit';
import { pageNameOf } from './shell/nav';

/** How long the landing page shows before a first visit continues to the page asked for. */
export const CONTINUE_AFTER_MS = 3000;

/**
 * Every route renders inside this: the first-visit redirect, the skip link, the risk-disclaimer
 * banner on every page but the landing page (spec part 1 §4; inside /app the shell places it), and the
 * 'Loading...' spinner while a page's code arrives.
 */
export function RootLayout() {
  const location = useLocation();
  const landing = location.pathname === '/';
  // Inside the app the shell shows the risk notice with its other notices (one line on a phone).
  const inApp = /^\/app(\/|$)/i.test(location.pathname);
  const origin = firstVisitOrigin(location, hasSeenLanding());
  if (origin) return <SendToLanding origin={origin} />;
  return (
    <>
      <SkipLink />
      <ScrollToTop pathname={location.pathname} hash={location.hash} />
      {landing ? <FirstVisitNotice /> : inApp ? null : <DisclaimerBanner />}
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

function SendToLanding({ origin }: { origin: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    rememberOrigin(origin);
    navigate('/', { replace: true });
  }, [origin, navigate]);
  return <Spinner />;
}

const PUBLIC_NAMES: Record<string, string> = {
  '/login': 'sign in',
  '/signup': 'sign up',
  '/optionschain': 'the options chain',
  '/agent': 'the Agent API page',
  '/coming-soon': 'Indian markets: coming soon',
  '/india/greeks-calculator': 'the Indian Greeks calculator',
  '/subscription': 'the free-forever page',
  '/success': 'your subscription',
  '/privacy': 'the privacy policy',
  '/privacypolicy': 'the privacy policy',
  '/terms': 'the terms and conditions',
  '/termsandconditions': 'the terms and conditions',
  '/disclaimerdetailed': 'the risk disclaimer',
  '/unsubscribe': 'alert e-mails',
};

export function destinationName(origin: string): string {
  const pathname = new URL(origin, 'http://x').pathname;
  if (pathname.toLowerCase().startsWith('/app')) return pageNameOf(pathname);
  return PUBLIC_NAMES[pathname.toLowerCase()] ?? pathname;
}

/**
 * On /: marks the landing page as seen and, when a first visit interrupted a deep link, offers to
 * continue there, doing so by itself after a few seconds unless the visitor chooses to stay.
 */
function FirstVisitNotice() {
  const navigate = useNavigate();
  const [origin] = useState(readOrigin);
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    markLandingSeen();
    forgetOrigin();
  }, []);

  useEffect(() => {
    if (!origin || staying) return;
    const timer = setTimeout(() => navigate(origin, { replace: true }), CONTINUE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [origin, staying, navigate]);

  if (!origin || staying) return null;
  const name = destinationName(origin);
  return (
    <section aria-label="Continue to your page" className="border-b border-brand-100 bg-brand-50 px-4 py-3">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="text-sm text-brand-900">
          <span className="font-semibold">Welcome to Options Academy.</span> You were on your way to <span className="font-semibold">{name}</span>; we will take
          you there in a moment.
        </p>
        <div className="flex shrink-0 gap-2">
          <Button onClick={() => navigate(origin, { replace: true })}>Continue to {name}</Button>
          <Button variant="secondary" onClick={() => setStaying(true)}>
            Stay here
          </Button>
        </div>
      </div>
    </section>
  );
}

function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById('main') ?? document.querySelector('main');
    if (!target) return;
    e.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-900 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}

function ScrollToTop({ pathname, hash }: { pathname: string; hash: string }) {
  const firstLoad = useRef(true);
  useEffect(() => {
    const initial = firstLoad.current;
    firstLoad.current = false;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    // A page's first load is where the browser put it: at the top, or where the visitor scrolled the landing page that
    // arrived drawn (landing.html) before its script took over. Only a navigation inside the app starts at the top.
    else if (!initial) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
