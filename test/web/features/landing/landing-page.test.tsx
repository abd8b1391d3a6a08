// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { LandingPage } from '@web/features/landing/components/landing-page';
import type { Visitor } from '@web/features/landing/lib/cta';
import { PLANNED_APP_PATHS } from '@web/features/placeholders/planned-pages';

function renderLanding(visitor: Visitor = { status: 'signedOut' }, planned: ReadonlySet<string> = PLANNED_APP_PATHS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <LandingPage visitor={visitor} planned={planned} /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const QUOTES = {
  quotes: [
    { ticker: 'SPY', name: 'SPDR', price: 598.12, change: -2.5, changePercent: -0.42, asOf: '2026-11-20T21:00:00.000Z' },
    { ticker: 'QQQ', name: 'Invesco', price: 521, change: 3.1, changePercent: 0.6, asOf: '2026-11-20T21:00:00.000Z' },
  ],
};

describe('the landing page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers Sign In and a free sign-up to a visitor, the same words in the header, the hero and the closing call', async () => {
    stubApi();
    renderLanding();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).toBe('/signup');
    const signUps = screen.getAllByRole('link', { name: 'Sign Up Free' });
    expect(signUps.length).toBe(3);
    for (const link of signUps) expect(link.getAttribute('href')).toBe('/signup');
    expect(screen.queryByText(/^Welcome,/)).toBeNull();
  });

  it("opens the hero's bull call spread in the builder, where the opening form chooses the options trading level it needs", () => {
    stubApi();
    renderLanding();
    expect(screen.getByRole('link', { name: 'Build this spread' }).getAttribute('href')).toBe('/app/trading?underlying=SPY&template=bull-call-spread');
  });

  it('never offers a trial: every feature is free for good, as the banner says', () => {
    stubApi();
    renderLanding();
    expect(document.body.textContent).not.toMatch(/trial/i);
    expect(document.body.textContent).toMatch(/free forever/i);
  });

  it('marks Alpaca available, since it connects, Zerodha alone in testing and for market data only, and the rest planned', () => {
    stubApi();
    renderLanding();
    const brokers = screen.getByRole('region', { name: 'From paper to live, when you are ready' });
    const alpaca = within(brokers).getByText('US brokerage (Alpaca)').closest('li')!;
    expect(within(alpaca).getByText('Available now')).toBeTruthy();
    expect(within(brokers).getAllByText('In testing')).toHaveLength(1);
    const zerodha = within(brokers).getByText('Zerodha (Kite Connect)').closest('li')!;
    expect(within(zerodha).getByText('In testing')).toBeTruthy();
    expect(zerodha.textContent).toContain('Trading through Zerodha is not built yet.');
    expect(within(brokers).getAllByText('Planned').length).toBe(2);
    const india = within(brokers).getByText('Indian markets').closest('li')!;
    expect(within(india).getByRole('link', { name: 'Indian Greeks calculator' }).getAttribute('href')).toBe('/india/greeks-calculator');
  });

  it('welcomes a signed-in learner by name and sends every call to action to the app', async () => {
    stubApi();
    renderLanding({ status: 'signedIn', name: '', email: 'katherine.j@example.com' });
    expect(screen.getAllByText('Welcome, katherine.j').length).toBeGreaterThan(0);
    const goToApp = screen.getAllByRole('link', { name: 'Go to App' });
    expect(goToApp.length).toBe(3);
    for (const link of goToApp) expect(link.getAttribute('href')).toBe('/app');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('shows the live statistics, formatted, and dashes while they load', async () => {
    let release: ((r: Response) => void) | undefined;
    stubApi({
      'GET /api/stats': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderLanding();
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(screen.getByTestId('stat-learners').textContent).toBe('—');
    release!(json({ learners: 1234, paperTrades: 56789, strategiesBuilt: 0 }));
    expect(await screen.findByText('1,234')).toBeTruthy();
    // The figure counts learners who traded or studied, not sign-ups (issue 16, 10), and says so.
    expect(screen.getByTestId('stat-learners').previousElementSibling?.textContent).toBe('Learners who have practised');
    expect(screen.getByTestId('stat-paperTrades').textContent).toBe('56,789');
    expect(screen.getByTestId('stat-strategiesBuilt').textContent).toBe('0');
    expect(document.body.textContent).not.toMatch(/10,000\+|1M\+|4\.9\/5/);
  });

  it("counts the course's real lessons under the learning feature", async () => {
    stubApi({
      'GET /api/learning/outline': {
        modules: [
          { id: 'options_basics', title: 'Options Basics', lessons: 8 },
          { id: 'options_greeks', title: 'Options Greeks', lessons: 8 },
        ],
        lessons: 16,
      },
    });
    renderLanding();
    expect((await screen.findByTestId('lesson-count')).textContent).toBe('16 lessons in 2 modules so far');
  });

  it('says so quietly when the statistics are unavailable', async () => {
    stubApi({ 'GET /api/stats': () => json({ error: 'down' }, 503) });
    renderLanding();
    expect(await screen.findByText('The live figures are unavailable right now.')).toBeTruthy();
    expect(screen.getByTestId('stat-learners').textContent).toBe('—');
  });

  it('shows an empty state until learners share stories, then their words', async () => {
    stubApi();
    renderLanding();
    expect(await screen.findByText('No learner stories yet.')).toBeTruthy();
    cleanup();
    stubApi({
      'GET /api/community/testimonials': {
        testimonials: [{ name: 'Priya', role: 'Nurse', quote: 'The journal taught me patience.', sharedAt: '2026-11-20T10:00:00Z' }],
      },
    });
    renderLanding();
    expect(await screen.findByText(/The journal taught me patience\./)).toBeTruthy();
    expect(screen.getByText('Nurse')).toBeTruthy();
    expect(screen.queryByText('No learner stories yet.')).toBeNull();
  });

  it('draws the ticker tapes from the quotes API, labels ETFs as the indices they stand for, and marks demo data', async () => {
    const { calls } = stubApi({ 'GET /api/market/quotes': QUOTES });
    renderLanding();
    const indices = await screen.findByRole('region', { name: 'Indices' });
    expect((await within(indices).findAllByText('S&P 500 (SPY)')).length).toBeGreaterThan(0);
    expect(within(indices).getAllByText('NASDAQ-100 (QQQ)').length).toBeGreaterThan(0);
    expect(indices.textContent).toContain('598.12');
    expect(indices.textContent).toContain('−2.50 (−0.42%)');
    expect(calls.map((c) => c.path)).toContain('/api/market/quotes?tickers=SPY%2CQQQ%2CDIA%2CIWM');
    expect(calls.map((c) => c.path)).toContain('/api/market/quotes?tickers=AAPL%2CMSFT%2CTSLA%2CNVDA%2CAMZN%2CQQQ%2CSPY');
    expect(await screen.findByText('Demo data')).toBeTruthy();
    expect(screen.getByText(/Index ETFs stand in for the indices/)).toBeTruthy();
  });

  it('links the template library, prediction markets, the public chain, Indian markets and the legal pages', () => {
    stubApi();
    renderLanding();
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of [
      '/app/strategy-templates',
      '/app/prediction-markets',
      '/optionschain',
      '/coming-soon',
      '/india/greeks-calculator',
      '/privacy',
      '/terms',
      'mailto:support@optionsacademy.example',
    ]) {
      expect(hrefs).toContain(href);
    }
  });
});

describe('the landing page advertises what works', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const titles = (testId: string) => screen.queryAllByTestId(testId).map((li) => li.querySelector('h3, h4')?.textContent);

  it('marks nothing as coming now that every page is built, and the prediction markets as a demo on the closes of the tracked underlyings', () => {
    stubApi();
    renderLanding();
    expect(titles('feature')).toEqual([
      'Options chains with Greeks',
      'Strategy builder',
      'Strategy backtester',
      'Paper trading',
      'Learning modules',
      'Trading journal',
      'Progress you can see',
      'Market analysis',
      'Community',
      'Competitions',
    ]);
    expect(titles('feature-coming')).toEqual([]);
    const prediction = screen.getByRole('region', { name: 'Prediction markets' });
    expect(within(prediction).getByText('Demo')).toBeTruthy();
    expect(within(prediction).queryByText('Coming')).toBeNull();
    expect(prediction.textContent).toMatch(/close on their option expiry dates, priced from their own option chains/);
    expect(prediction.textContent).toContain('never mixed with your paper account');
    expect(within(prediction).getByRole('link', { name: 'Try prediction markets (demo)' }).getAttribute('href')).toBe('/app/prediction-markets');
  });

  it('were the prediction page planned again, would say it is coming and link to the plan', () => {
    stubApi();
    renderLanding({ status: 'signedOut' }, new Set(['/app/prediction-markets']));
    const prediction = screen.getByRole('region', { name: 'Prediction markets' });
    expect(within(prediction).getByText('Coming')).toBeTruthy();
    expect(within(prediction).queryByText('Demo')).toBeNull();
    expect(within(prediction).getByRole('link', { name: 'See what is planned' }).getAttribute('href')).toBe('/app/prediction-markets');
  });
});
