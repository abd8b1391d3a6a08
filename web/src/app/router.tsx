import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router-dom';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { RouteErrorScreen } from './errors/route-error-screen';
import { PublicChainRoute, RequireAuth } from './guards';
import { loadWithRetry } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import {
  AgentRoute,
  AppShellPage,
  AuthPage,
  DashboardPage,
  ChainPage,
  ComingSoonRoute,
  DisclaimerPage,
  UnsubscribePage,
  FreeForeverPage,
  IndiaCalculatorPage,
  LandingRoute,
  PrivacyPage,
  SubscriptionSuccessPage,
  TermsPage,
} from './public-pages';
import { PublicLayout } from './public-layout';
import { RootLayout } from './root-layout';

/** The id of the /app route, under which the shell's pages are added when a visitor first goes there. */
export const APP_ROUTE_ID = 'app';

/**
 * The route map without the shell's pages: those (app-routes.tsx) are added under /app the first time a navigation goes
 * below it, so the landing page and the other public pages load none of them. /app itself is the dashboard. Below it, one
 * stand-in child matches any path, which is what makes the router ask for the rest (React Router's route discovery, its
 * `patchRoutesOnNavigation` option); it sends an unknown /app path to the landing page, as the real list does.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    // Shown while the shell's pages load on a first visit that starts under /app.
    hydrateFallbackElement: <Spinner />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/login', element: <AuthPage initialMode="signIn" /> },
      { path: '/signup', element: <AuthPage initialMode="signUp" /> },
      // The addresses people guess for the sign-in page lead to it.
      { path: '/signin', element: <Navigate to="/login" replace /> },
      { path: '/sign-in', element: <Navigate to="/login" replace /> },
      { path: '/sign-up', element: <Navigate to="/signup" replace /> },
      {
        path: '/optionschain',
        element: (
          <PublicChainRoute>
            <ChainPage inShell={false} />
          </PublicChainRoute>
        ),
      },
      {
        element: <PublicLayout />,
        children: [
          { path: '/agent', element: <AgentRoute /> },
          { path: '/coming-soon', element: <ComingSoonRoute /> },
          { path: '/india/greeks-calculator', element: <IndiaCalculatorPage /> },
          { path: '/subscription', element: <FreeForeverPage inShell={false} /> },
          { path: '/success', element: <SubscriptionSuccessPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/PrivacyPolicy', element: <PrivacyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/TermsAndConditions', element: <TermsPage /> },
          { path: '/DisclaimerDetailed', element: <DisclaimerPage /> },
          // The unsubscribe link of alert e-mails: public, the token in the query is the only credential.
          { path: '/unsubscribe', element: <UnsubscribePage /> },
        ],
      },
      {
        id: APP_ROUTE_ID,
        path: '/app',
        element: (
          <RequireAuth>
            <AppShellPage />
          </RequireAuth>
        ),
        children: [
          // A page that fails inside the shell replaces only the page, not the navigation.
          { errorElement: <RouteErrorScreen inShell />, children: [{ index: true, element: <DashboardPage /> }] },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Adds the shell's pages under /app on the first navigation there; every later call finds them added. One per router:
 * each router keeps its own copy of the route map.
 */
export function appRouteDiscovery(): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let added = false;
  return {
    async patchRoutesOnNavigation({ path, patch }) {
      if (added || !/^\/app(\/|$)/i.test(path)) return;
      const { appRoutes } = await loadWithRetry(() => import('./app-routes'));
      if (added) return;
      patch(APP_ROUTE_ID, appRoutes);
      added = true;
    },
  };
}

export function createRouter() {
  return createBrowserRouter(routes, appRouteDiscovery());
}
