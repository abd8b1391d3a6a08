// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

// The chart itself has its own tests: here only what the page asks it to draw.
const drawn = vi.hoisted(() => ({ props: null as { ticker: string; expiration: string | null } | null }));
vi.mock('@web/components/charts/price-chart', () => ({
  PriceChart: (props: { ticker: string; expiration: string | null }) => {
    drawn.props = props;
    return <div data-testid="price-chart" />;
  },
}));

import ChartPage from '@web/features/analysis/charts/chart-page';

const expiries = (...days: number[]) => ({
  underlying: 'QQQ',
  expiries: days.map((d, i) => ({ expiration_date: `2026-12-${String(i + 1).padStart(2, '0')}`, days_to_expiry: d, expiry_type: 'weekly' })),
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/charts/:ticker" element={<ChartPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the price chart page', () => {
  afterEach(() => {
    cleanup();
    drawn.props = null;
    vi.unstubAllGlobals();
  });

  it("draws the ticker's chart with the cone of the nearest expiry at least a week out, and the one the learner picks", async () => {
    stubApi({ 'GET /api/market/QQQ/expiries': expiries(2, 9, 30) });
    renderAt('/app/charts/qqq');
    expect(await screen.findByRole('heading', { name: /QQQ price chart/ })).toBeTruthy();
    await waitFor(() => expect(drawn.props).toEqual({ ticker: 'QQQ', expiration: '2026-12-02' }));
    await userEvent.setup().selectOptions(screen.getByTestId('cone-expiry'), '2026-12-03');
    expect(drawn.props).toEqual({ ticker: 'QQQ', expiration: '2026-12-03' });
    expect(screen.getByRole('link', { name: 'Open the QQQ chain' }).getAttribute('href')).toBe('/app/optionschain?ticker=QQQ');
  });

  it('shows SPY for a ticker the product does not track, and draws without a cone while there are no expiries', async () => {
    stubApi({ 'GET /api/market/SPY/expiries': { underlying: 'SPY', expiries: [] } });
    renderAt('/app/charts/NOPE');
    expect(await screen.findByRole('heading', { name: /SPY price chart/ })).toBeTruthy();
    await waitFor(() => expect(drawn.props).toEqual({ ticker: 'SPY', expiration: null }));
    expect((screen.getByTestId('cone-expiry') as HTMLSelectElement).disabled).toBe(true);
  });
});
