// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@web/features/auth/hooks/auth-context';
import type * as RiskDisclaimer from '@web/components/ui/risk-disclaimer';

const auth = vi.hoisted(() => ({ state: { status: 'signedOut', user: null } as AuthState, signOut: vi.fn() }));
// The account selector and mode banner read the trading API; they have tests of their own.
vi.mock('@web/app/shell/slots', async () => {
  const { DisclaimerBanner, DisclaimerLink } = await vi.importActual<typeof RiskDisclaimer>('@web/components/ui/risk-disclaimer');
  return {
    DisclaimerSlot: () => <DisclaimerBanner full />,
    DisclaimerLinkSlot: ({ className }: { className: string }) => <DisclaimerLink className={className} />,
    AccountSelectorSlot: () => null,
    NotificationBellSlot: () => null,
    ModeBannerSlot: () => null,
    ModeSummarySlot: () => null,
    GamificationSlot: () => null,
    GamificationBarSlot: () => null,
    DisplaySlot: () => null,
  };
});
vi.mock('@web/features/auth/hooks/auth-context', () => ({
  useAuth: () => ({ state: auth.state, refresh: vi.fn(), signOut: auth.signOut }),
}));

import { AppShell } from '@web/app/shell/app-shell';
import { RISK_ACK_KEY } from '@web/app/shell/use-risk-acknowledgement';

const signedIn = (user: Partial<{ name: string; email: string; groups: string[] }> = {}): AuthState => ({
  status: 'signedIn',
  user: { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', groups: [], ...user },
});

function renderShell(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/app',
        element: <AppShell />,
        children: [
          { path: '*', element: <p>page body</p> },
          { index: true, element: <p>page body</p> },
        ],
      },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const desktopNav = () => screen.getAllByRole('navigation', { name: 'App' })[0]!;
const groupButton = (name: string) => within(desktopNav()).getByRole('button', { name });

describe('the app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(RISK_ACK_KEY, 'x');
    auth.state = signedIn();
    auth.signOut.mockReset().mockResolvedValue(undefined);
  });
  afterEach(cleanup);

  it('opens only Main at first, with the eight groups listed', () => {
    renderShell('/app');
    const groups = ['Main', 'Trading', 'Analysis', 'Education', 'Gamification', 'Community', 'Account', 'System'];
    for (const g of groups) expect(groupButton(g).getAttribute('aria-expanded')).toBe(g === 'Main' ? 'true' : 'false');
    expect(within(desktopNav()).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(within(desktopNav()).queryByRole('link', { name: 'Screener' })).toBeNull();
  });

  it('opens the group of the current page by itself, and keeps it open as the learner moves on', async () => {
    const router = renderShell('/app/screener');
    expect(groupButton('Analysis').getAttribute('aria-expanded')).toBe('true');
    expect(groupButton('Main').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('page-name').textContent).toBe('Screener');

    await router.navigate('/app/journal');
    expect(await within(desktopNav()).findByRole('link', { name: 'Journal' })).toBeTruthy();
    expect(groupButton('Education').getAttribute('aria-expanded')).toBe('true');
    expect(groupButton('Analysis').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('page-name').textContent).toBe('Journal');
  });

  it('collapses and expands a group from the keyboard', async () => {
    renderShell('/app');
    const trading = groupButton('Trading');
    trading.focus();
    await userEvent.keyboard('{Enter}');
    expect(trading.getAttribute('aria-expanded')).toBe('true');
    expect(within(desktopNav()).getByRole('link', { name: 'Options Chain' }).getAttribute('href')).toBe('/app/optionschain');
    await userEvent.keyboard(' ');
    expect(trading.getAttribute('aria-expanded')).toBe('false');
  });

  it('tags no entry "Soon" now that every page is built (issue 36 built the last, Prediction Markets)', async () => {
    renderShell('/app');
    await userEvent.click(groupButton('Analysis'));
    await userEvent.click(groupButton('Account'));
    const link = (name: string) => within(desktopNav()).getByRole('link', { name });
    // Built (issue 21): no tag.
    expect(link('Broker Connections').textContent).toBe('Broker Connections');
    await userEvent.click(groupButton('Trading'));
    expect(within(desktopNav()).queryByText('Soon')).toBeNull();
    // Built (issues 20 and 22): the learner's settings and profile, and every analysis page.
    for (const name of [
      'Dashboard',
      'Prediction Markets',
      'Watchlist',
      'Portfolio',
      'Orders',
      'Subscription',
      'Settings',
      'Profile',
      'Analytics',
      'Screener',
      'Arbitrage',
      'Sentiment',
      'Events',
    ]) {
      expect(link(name).textContent, name).toBe(name);
      expect(link(name).getAttribute('aria-describedby'), name).toBeNull();
    }
  });

  it("lists the operator pages to operators only: a learner's System group holds the Agent API", async () => {
    const operatorPages = ['Admin', 'Config', 'Data Manager', 'Data', 'Bulk Data Upload', 'Learner Stories', 'Community Reports'];
    renderShell('/app');
    await userEvent.click(groupButton('System'));
    const nav = desktopNav();
    expect(within(nav).getByRole('link', { name: 'Agent API' })).toBeTruthy();
    for (const item of operatorPages) expect(within(nav).queryByRole('link', { name: item }), item).toBeNull();
    cleanup();
    auth.state = signedIn({ groups: ['admin'] });
    renderShell('/app/admin/testimonials');
    for (const item of operatorPages) expect(within(desktopNav()).getByRole('link', { name: item }), item).toBeTruthy();
    expect(within(desktopNav()).getByRole('link', { name: 'Learner Stories' }).getAttribute('aria-current')).toBe('page');
  });

  it('names the page in the top bar, Dashboard by default', () => {
    renderShell('/app/broker-connections');
    expect(screen.getByTestId('page-name').textContent).toBe('Broker Connections');
    expect(groupButton('Account').getAttribute('aria-expanded')).toBe('true');
    cleanup();
    renderShell('/app/dashboard');
    expect(screen.getByTestId('page-name').textContent).toBe('Dashboard');
  });

  it.each([
    [{ name: 'Grace Hopper', email: 'grace@example.com' }, 'Grace Hopper'],
    [{ name: '  ', email: 'grace.h@example.com' }, 'grace.h'],
    [{ name: '', email: '' }, 'User'],
  ])('shows the user menu with the name fallbacks (%o → %s), the email, and links', async (user, expected) => {
    auth.state = signedIn(user);
    renderShell('/app');
    await userEvent.click(screen.getByRole('button', { name: expected }));
    const menu = screen.getByRole('menu');
    expect(menu.textContent).toContain(expected);
    if (user.email) expect(menu.textContent).toContain(user.email);
    expect(within(menu).getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe('/app/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/app/settings');
  });

  it('moves through the user menu with arrows and closes it with Escape', async () => {
    renderShell('/app');
    const button = screen.getByRole('button', { name: 'Ada Lovelace' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('My Profile');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Settings');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign Out');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('signs out to /login', async () => {
    const router = renderShell('/app');
    await userEvent.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('folds the notices into one line at every width: the education-only link, and a button that unfolds the rest', async () => {
    renderShell('/app/portfolio');
    const line = screen.getByTestId('notices-line');
    expect(within(line).getByRole('link', { name: 'Education only: read the risk disclaimer' }).getAttribute('href')).toBe('/DisclaimerDetailed');
    const toggle = within(line).getByRole('button', { name: 'Notices' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const notices = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(notices).toBe(screen.getByTestId('shell-notices'));
    // Folded: hidden at every width, so the chain and the builder's legs start near the top (issue 33).
    expect(notices.hidden).toBe(true);
    expect(screen.queryByRole('complementary', { name: 'Risk notice' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(notices.hidden).toBe(false);
    expect(within(notices).getByText(/All features are free forever/)).toBeTruthy();
    expect(within(notices).getByText(/Learning focus:/)).toBeTruthy();
    expect(within(notices).getByRole('complementary', { name: 'Risk notice' }).textContent).toContain(
      'simulated trading with virtual money, no investment advice.',
    );
    await userEvent.click(toggle);
    expect(notices.hidden).toBe(true);
  });

  it('opens the navigation as a slide-over that Escape closes, returning focus to its button', async () => {
    renderShell('/app');
    const open = screen.getByRole('button', { name: 'Open navigation' });
    await userEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Navigation' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close navigation' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it('closes the slide-over when a link is followed', async () => {
    const router = renderShell('/app');
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const dialog = screen.getByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(dialog).getByRole('link', { name: 'Orders' }));
    expect(router.state.location.pathname).toBe('/app/orders');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull();
  });
});

describe('the risk disclaimer modal', () => {
  beforeEach(() => {
    localStorage.clear();
    auth.state = signedIn();
  });
  afterEach(cleanup);

  it('appears the first time a trading page opens, and stays dismissed once acknowledged', async () => {
    renderShell('/app/trading');
    const dialog = screen.getByRole('dialog', { name: 'Risk Disclaimer' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'I Understand' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'I Understand' }));
    expect(screen.queryByRole('dialog', { name: 'Risk Disclaimer' })).toBeNull();
    expect(localStorage.getItem(RISK_ACK_KEY)).not.toBeNull();
    cleanup();
    renderShell('/app/portfolio');
    expect(screen.queryByRole('dialog', { name: 'Risk Disclaimer' })).toBeNull();
  });

  it('appears on a direct link to a prediction market, the first page the learner opens', () => {
    renderShell('/app/prediction-markets/SPY-2026-12-18-ABOVE-600');
    expect(screen.getByRole('dialog', { name: 'Risk Disclaimer' })).toBeTruthy();
  });

  it('does not appear on a page whose name only begins like a trading page', () => {
    renderShell('/app/prediction-markets-glossary');
    expect(screen.queryByRole('dialog', { name: 'Risk Disclaimer' })).toBeNull();
  });

  it('does not appear on the dashboard', () => {
    renderShell('/app');
    expect(screen.queryByRole('dialog', { name: 'Risk Disclaimer' })).toBeNull();
  });
});
