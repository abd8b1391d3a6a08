// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RegimePage from '@web/features/analysis/regime/regime-page';
import { stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const day = (date: string, over: Record<string, unknown> = {}) => ({
  date,
  close: 612.4,
  sma50: 600.1,
  sma200: 575.25,
  ivRank: 42.4,
  termRatio: 0.92,
  iv30: 0.184,
  iv90: 0.2,
  hv20: 0.141,
  trend: 'up',
  volState: 'normal',
  premium: 'rich',
  raw: 'Uptrend, normal volatility, IV rich',
  label: 'Uptrend, normal volatility, IV rich',
  ...over,
});

const regime = {
  underlying: 'SPY',
  name: 'SPDR S&P 500 ETF',
  sector: 'Index ETF',
  source: 'demo',
  asOf: '2026-11-25',
  sessions: 252,
  today: day('2026-11-25', { raw: 'Range, normal volatility, IV rich', trend: 'up' }),
  labelSince: '2026-11-18',
  labelSessions: 6,
  strip: [day('2026-11-24'), day('2026-11-25', { raw: 'Range, normal volatility, IV rich' })],
  unavailable: null,
};

function renderPage() {
  stubApi({ 'GET /api/analysis/SPY/regime': regime });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/app/regime?underlying=SPY']}>
        <RegimePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the regime page shows why the regime is what it is', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each input with its value and formula, and works each rule on today’s numbers', async () => {
    renderPage();
    const trend = await screen.findByTestId('regime-step-trend');
    expect(within(trend).getByRole('rowheader', { name: '50-day average (SMA50)' }).closest('tr')!.textContent).toContain('$600.10');
    expect(within(trend).getByText(/mean of the last 200 closes/)).toBeTruthy();
    expect(screen.getByTestId('regime-check-trend').textContent).toBe('$612.40 > $600.10 > $575.25: Up');
    expect(screen.getByTestId('regime-check-volatility').textContent).toBe('IV rank 42, term ratio 0.92: Normal');
    expect(within(screen.getByTestId('regime-step-volatility')).getByText(/IV30 \/ IV90 = 18.4% \/ 20.0%/)).toBeTruthy();
    expect(screen.getByTestId('regime-check-premium').textContent).toBe('18.4% − 14.1% = 4.3 points: Rich');
    // The hysteresis: how long the label has held, and that today's different reading is not yet the label.
    expect(screen.getByTestId('regime-held').textContent).toBe('Held 6 sessions in a row, since Wed, Nov 18, 2026.');
    expect(screen.getByTestId('regime-check-label').textContent).toMatch(
      /Today reads “Range, normal volatility, IV rich”, which is not yet the label: it must hold 3 sessions/,
    );
    expect(screen.getByTestId('regime-inputs').textContent).toContain('End-of-day data as of Wed, Nov 25, 2026');
  });
});
