// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { createMemoryRouter, Navigate, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@web/features/auth/hooks/auth-context';
import { stubApi } from './api-stub';

const auth = vi.hoisted(() => ({ state: { status: 'signedOut', user: null } as AuthState, signOut: vi.fn() }));
// The account selector and mode banner read the trading API; they have tests of their own.
vi.mock('@web/app/shell/slots', () => ({
  AccountSelectorSlot: () => null,
  NotificationBellSlot: () => null,
  ModeBannerSlot: () => null,
  ModeSummarySlot: () => null,
  GamificationSlot: () => null,
  GamificationBarSlot: () => null,
  DisplaySlot: () => null,
  DisclaimerSlot: () => null,
  DisclaimerLinkSlot: () => null,
}));
vi.mock('@web/features/auth/hooks/auth-context', () => ({
  useAuth: () => ({ state: auth.state, refresh: vi.fn(), signOut: auth.signOut }),
}));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));
// Pages other engineers own are stood in for; this suite is about routing.
vi.mock('@web/features/chain/components/chain-page', () => ({
  default: ({ inShell }: { inShell: boolean }) => <h1>{inShell ? 'Chain in the app' : 'Public chain'}</h1>,
}));
vi.mock('@web/features/dashboard/components/dashboard-page', () => ({ DashboardPage: () => <h1>Dashboard page</h1> }));
vi.mock('@web/features/auth/components/auth-page', () => ({
  AuthPage: ({ initialMode }: { initialMode: string }) => (
    <main>
      <h1>{initialMode === 'signUp' ? 'Sign-up page' : 'Sign-in page'}</h1>
    </main>
  ),
}));

import { LANDING_SEEN_KEY } from '@web/app/first-visit';
import { destinationName } from '@web/app/root-layout';
import { appRouteDiscovery, routes } from '@web/app/router';
import { PLANNED_PAGES } from '@web/features/placeholders/planned-pages';

const LEARNER: AuthState = { status: 'signedIn', user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', groups: [] } };

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path], ...appRouteDiscovery() });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const seeLanding = () => localStorage.setItem(LANDING_SEEN_KEY, '2026-01-01T00:00:00.000Z');

// Every page is a lazy chunk, compiled on its first import in this file: on a busy machine (the unit project's workers
// share two cores in CI) that takes more than findBy's default second, so the queries wait up to ten.
configure({ asyncUtilTimeout: 10_000 });

describe('routing', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    auth.state = { status: 'signedOut', user: null };
    stubApi();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a first visit of /app/trading to the landing page, then on to the page asked for', async () => {
    auth.state = LEARNER;
    const router = renderAt('/app/trading');
    await screen.findByRole('heading', { name: 'Learn options trading without risking real money' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('status').textContent).toContain('You were on your way to Trading');
    expect(localStorage.getItem(LANDING_SEEN_KEY)).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Continue to Trading' }));
    await screen.findByRole('heading', { name: 'Trading' });
    expect(router.state.location.pathname).toBe('/app/trading');
  });

  it('names every public page it may be on the way to in words, never by its path', () => {
    const paths: string[] = [];
    const walk = (rs: readonly RouteObject[]) =>
      rs.forEach((r) => {
        // The addresses that only redirect (to /login, /signup) are never landed on.
        const redirects = isValidElement(r.element) && r.element.type === Navigate;
        if (r.path && r.path !== '/' && !r.path.startsWith('/app') && !r.path.includes('*') && !redirects) paths.push(r.path);
        if (r.children && !r.path?.startsWith('/app')) walk(r.children);
      });
    walk(routes);
    expect(paths).toContain('/agent');
    for (const path of paths) expect(destinationName(path), path).not.toMatch(/^\//);
    expect(destinationName('/agent')).toBe('the Agent API page');
  });

  it('lets the visitor stay on the landing page instead', async () => {
    const router = renderAt('/coming-soon');
    await userEvent.click(await screen.findByRole('button', { name: 'Stay here' }));
    expect(screen.queryByRole('button', { name: /Continue to/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens deep links directly once the landing page was seen', async () => {
    seeLanding();
    const router = renderAt('/coming-soon');
    await screen.findByRole('heading', { name: 'Live options trading for Indian markets' });
    expect(router.state.location.pathname).toBe('/coming-soon');
  });

  it('moves a signed-in learner from /optionschain into the app, and leaves a signed-out visitor on the public chain', async () => {
    seeLanding();
    auth.state = LEARNER;
    const router = renderAt('/optionschain?underlying=SPY');
    await screen.findByRole('heading', { name: 'Chain in the app' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/app/optionschain?underlying=SPY');
    cleanup();

    auth.state = { status: 'signedOut', user: null };
    const publicRouter = renderAt('/optionschain');
    await screen.findByRole('heading', { name: 'Public chain' });
    expect(publicRouter.state.location.pathname).toBe('/optionschain');
  });

  it('sends unknown /app paths to the landing page and shows the 404 page elsewhere', async () => {
    seeLanding();
    auth.state = LEARNER;
    const router = renderAt('/app/no-such-page');
    await screen.findByRole('heading', { name: 'Learn options trading without risking real money' });
    expect(router.state.location.pathname).toBe('/');
    cleanup();
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the risk banner on every page but the landing page', async () => {
    seeLanding();
    renderAt('/login');
    await screen.findByRole('heading', { name: 'Sign-in page' });
    expect(screen.getByRole('link', { name: 'Read the risk disclaimer' })).toBeTruthy();
    cleanup();
    renderAt('/');
    await screen.findByRole('heading', { name: 'Learn options trading without risking real money' });
    expect(screen.queryByRole('link', { name: 'Read the risk disclaimer' })).toBeNull();
  });

  it('sends a signed-out visitor of /app to sign in', async () => {
    seeLanding();
    const router = renderAt('/app/portfolio');
    await screen.findByRole('heading', { name: 'Sign-in page' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['/signin', '/login', 'Sign-in page'],
    ['/sign-in', '/login', 'Sign-in page'],
    ['/sign-up', '/signup', 'Sign-up page'],
  ])('sends the guessed address %s to %s', async (from, to, heading) => {
    seeLanding();
    const router = renderAt(from);
    await screen.findByRole('heading', { name: heading });
    expect(router.state.location.pathname).toBe(to);
  });

  it('has a page for every child route of the route map; unbuilt ones say what they will do', async () => {
    seeLanding();
    localStorage.setItem('options-academy.risk-disclaimer-acknowledged', 'x');
    auth.state = LEARNER;
    for (const page of PLANNED_PAGES) {
      renderAt(`/app/${page.path}`);
      const main = await screen.findByRole('main');
      await within(main).findByText('Not available yet');
      expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe(page.title);
      expect(main.textContent).toContain(page.summary);
      cleanup();
    }
  });

  it('renders the built pages of the route map at their paths', async () => {
    seeLanding();
    auth.state = { status: 'signedIn', user: { ...LEARNER.user!, groups: ['admin'] } };
    const expectations: [string, string][] = [
      ['/app', 'Dashboard page'],
      ['/app/dashboard', 'Dashboard page'],
      ['/app/option-chain', 'Chain in the app'],
      ['/app/community', 'Community'],
      ['/app/subscription', 'Every feature is free, for everyone'],
      ['/app/construction', 'Under construction'],
      ['/app/prediction-markets', 'Prediction Markets DEMO'],
      ['/app/admin/testimonials', 'Learner stories'],
      ['/subscription', 'Every feature is free, for everyone'],
      ['/success', 'Processing your subscription'],
      ['/privacy', 'Privacy Policy'],
      ['/PrivacyPolicy', 'Privacy Policy'],
      ['/terms', 'Terms and Conditions'],
      ['/TermsAndConditions', 'Terms and Conditions'],
      ['/DisclaimerDetailed', 'Risk Disclaimer'],
      ['/signup', 'Sign-up page'],
    ];
    for (const [path, heading] of expectations) {
      renderAt(path);
      await screen.findByRole('heading', { level: 1, name: heading });
      cleanup();
    }
  });

  it('keeps the moderation page for the admin group', async () => {
    seeLanding();
    auth.state = LEARNER;
    renderAt('/app/admin/testimonials');
    expect(await screen.findByRole('heading', { name: 'Administrators only' })).toBeTruthy();
  });

  it('offers a signed-out visitor of a public page a free sign-up, never a trial', async () => {
    seeLanding();
    renderAt('/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Every feature is free, for everyone' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).toBe('/signup');
    expect(within(header).queryByText(/trial/i)).toBeNull();
  });

  it('sets title, description, social tags and canonical link on public pages', async () => {
    seeLanding();
    renderAt('/PrivacyPolicy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await waitFor(() => expect(document.title).toBe('Privacy Policy | Options Academy'));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://localhost:3000/privacy');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Privacy Policy | Options Academy');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('Options Academy');
  });
});
