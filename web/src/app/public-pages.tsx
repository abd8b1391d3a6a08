import { useState } from 'react';
import type ChainPageComponent from '../features/chain/components/chain-page';
import type { LandingPage as LandingPageComponent } from '../features/landing/components/landing-page';
import { useAuth } from '../features/auth/hooks/auth-context';
import { SIGN_UP_LABEL } from '../features/landing/lib/cta';
import { PLANNED_APP_PATHS } from '../features/placeholders/planned-pages';
import { lazyPage } from './lazy-page';

/**
 * The pages outside /app, loaded lazily with the retry policy (lazy-page.ts). They are kept apart from the shell's pages
 * (pages.tsx, reached only under /app) so that a visitor's first load, the landing page above all, carries none of the
 * app's page list.
 */
export const AuthPage = lazyPage(() => import('../features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })));
/** The chain page's component once its code is here; until then the route shows it through React.lazy. */
let loadedChainPage: typeof ChainPageComponent | null = null;

/** The public chain's code, also started early by main.tsx when a returning visitor opens /optionschain directly. */
export const loadChainPage = () =>
  import('../features/chain/components/chain-page').then((m) => {
    loadedChainPage = m.default;
    return m;
  });
const LazyChainPage = lazyPage(loadChainPage);

/**
 * The options chain, public (/optionschain) or in the shell. Loaded already (main.tsx waits for it before taking over
 * the public chain drawn at build time), it is drawn in the same pass as the rest, as the landing page is (below).
 */
export function ChainPage({ inShell }: { inShell: boolean }) {
  const [Page] = useState(() => loadedChainPage ?? LazyChainPage);
  return <Page inShell={inShell} />;
}
export const FreeForeverPage = lazyPage(() => import('../features/free-forever/components/free-forever-page').then((m) => ({ default: m.FreeForeverPage })));
export const SubscriptionSuccessPage = lazyPage(() =>
  import('../features/subscription/components/subscription-success-page').then((m) => ({ default: m.SubscriptionSuccessPage })),
);
export const PrivacyPage = lazyPage(() => import('../features/legal/components/privacy-page').then((m) => ({ default: m.PrivacyPage })));
export const TermsPage = lazyPage(() => import('../features/legal/components/terms-page').then((m) => ({ default: m.TermsPage })));
export const DisclaimerPage = lazyPage(() => import('../features/legal/components/disclaimer-page').then((m) => ({ default: m.DisclaimerPage })));
/** The Indian Greeks calculator (issue 38): public, works without an account or a server call. */
export const IndiaCalculatorPage = lazyPage(() =>
  import('../features/india-calculator/components/india-calculator-page').then((m) => ({ default: m.IndiaCalculatorPage })),
);
export const UnsubscribePage = lazyPage(() => import('../features/alerts/components/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })));
/** /app itself: the dashboard, the one page of the shell the route map names before the others are added. */
export const DashboardPage = lazyPage(() => import('../features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })));
/** The shell around every /app page: its sidebar, top bar and notices load with the first /app page, not before. */
export const AppShellPage = lazyPage(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));

/** The landing page's component once its code is here; until then the route shows it through React.lazy. */
let loadedLandingPage: typeof LandingPageComponent | null = null;

/** The landing page's code, also started early by main.tsx when the first page is the landing page. */
export const loadLandingPage = () =>
  import('../features/landing/components/landing-page').then((m) => {
    loadedLandingPage = m.LandingPage;
    return { default: m.LandingPage };
  });
const LazyLandingPage = lazyPage(loadLandingPage);
const LazyAgentPublicPage = lazyPage(() => import('../features/agent/components/agent-public-page').then((m) => ({ default: m.AgentPublicPage })));
const LazyComingSoonPage = lazyPage(() => import('../features/coming-soon/components/coming-soon-page').then((m) => ({ default: m.ComingSoonPage })));

export function LandingRoute() {
  const { state } = useAuth();
  // Loaded already (main.tsx waits for it before taking over the page drawn at build time), the page is drawn in the same
  // pass as the rest, with nothing left suspended for the sign-in check to update first, which would make React draw
  // the page anew. Chosen once per visit of the route, so that the page is never swapped for itself.
  const [LandingPage] = useState(() => loadedLandingPage ?? LazyLandingPage);
  const visitor = state.status === 'signedIn' ? { status: 'signedIn' as const, name: state.user.name, email: state.user.email } : { status: state.status };
  return <LandingPage visitor={visitor} planned={PLANNED_APP_PATHS} />;
}

/** Notify-me is for signed-in learners, at their account's address (issue 16, 9). */
export function ComingSoonRoute() {
  const { state } = useAuth();
  const visitor = state.status === 'signedIn' ? { status: 'signedIn' as const, email: state.user.email } : { status: state.status };
  return <LazyComingSoonPage visitor={visitor} />;
}

/** The public Agent API page: a visitor is asked to sign up, a learner is sent to their tokens. */
export function AgentRoute() {
  const { state } = useAuth();
  const cta = state.status === 'signedIn' ? { label: 'Create a token', to: '/app/agent' } : { label: SIGN_UP_LABEL, to: '/signup' };
  return <LazyAgentPublicPage cta={cta} />;
}
