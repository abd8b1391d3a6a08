import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RiskDisclaimerModal } from '@web/components/ui/risk-disclaimer';
import { Spinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/features/auth/hooks/auth-context';
import { useDisplay } from '@web/lib/display';
import { isTradingPath, pageNameOf } from './nav';
import { Sidebar } from './sidebar';
import { DisplaySlot, GamificationSlot } from './slots';
import { ShellNotices } from './shell-notices';
import { TopBar } from './top-bar';
import { useNavGroups } from './use-nav-groups';
import { useRiskAcknowledgement } from './use-risk-acknowledgement';
import './shell.css';

/**
 * The signed-in frame at /app (spec part 1 §2): sidebar (a slide-over on small screens), top bar,
 * the notices under it (the mode banner, the free-forever banner, the learning-focus note and the risk
 * notice; one line on a phone), then the page.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const { state } = useAuth();
  const isAdmin = state.status === 'signedIn' && state.user.groups.includes('admin');
  const { open, toggle } = useNavGroups(pathname);
  const { numberFormat } = useDisplay().settings;
  const [navOpen, setNavOpen] = useState(false);
  const [navPath, setNavPath] = useState(pathname);
  const { acknowledged, acknowledge } = useRiskAcknowledgement();
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // Following a link (or Back) closes the slide-over.
  if (navPath !== pathname) {
    setNavPath(pathname);
    if (navOpen) setNavOpen(false);
  }

  const showDisclaimer = !acknowledged && isTradingPath(pathname);
  const blocked = navOpen || showDisclaimer;

  useEffect(() => {
    if (navOpen) closeButton.current?.focus();
  }, [navOpen]);

  const closeNav = () => {
    setNavOpen(false);
    menuButton.current?.focus();
  };

  const onPanelKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeNav();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      <div className="min-h-screen lg:flex" inert={blocked}>
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:block lg:h-screen">
          <Sidebar idPrefix="desktop" pathname={pathname} open={open} onToggle={toggle} isAdmin={isAdmin} />
        </aside>
        <div className="min-w-0 flex-1">
          <TopBar ref={menuButton} pageName={pageNameOf(pathname)} onOpenNav={() => setNavOpen(true)} navOpen={navOpen} navId={navId} />
          <ShellNotices />
          <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
            {/* Keyed by path: a page whose code is still arriving shows 'Loading...' instead of the previous page. */}
            {/* and by number format: memoised figures are written again in the new format (the data stays cached). */}
            <Suspense key={`${pathname}|${numberFormat}`} fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>

      {navOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button type="button" tabIndex={-1} aria-hidden onClick={closeNav} className="absolute inset-0 h-full w-full cursor-default bg-slate-900/50" />
          <div
            id={navId}
            ref={panel}
            role="dialog"
            aria-modal="true"
            aria-label="Navigation"
            onKeyDown={onPanelKey}
            className="relative flex h-full w-72 max-w-[85vw] flex-col bg-white shadow-xl motion-safe:animate-[oa-slide-in_200ms_ease-out]"
          >
            <button
              ref={closeButton}
              type="button"
              onClick={closeNav}
              className="absolute right-2 top-2.5 z-10 rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            >
              <span className="sr-only">Close navigation</span>
              <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5">
                <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            <Sidebar idPrefix="phone" pathname={pathname} open={open} onToggle={toggle} isAdmin={isAdmin} onNavigate={() => setNavOpen(false)} />
          </div>
        </div>
      )}

      <GamificationSlot />
      <DisplaySlot />
      {showDisclaimer && <RiskDisclaimerModal onAcknowledge={acknowledge} />}
    </>
  );
}
