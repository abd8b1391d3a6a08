// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNumberStyle } from '@shared/format/number-style';
import SentimentHeatmapPage from '@web/features/analysis/heatmap/heatmap-page';
import { stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const cell = (value: number | null, percentile: number | null = 50) => ({ value, percentile });
const heatmap = {
  asOf: '2026-11-25',
  source: 'demo',
  rows: [
    {
      underlying: 'SPY',
      name: 'SPDR S&P 500 ETF',
      sector: 'Index',
      asOf: '2026-11-25',
      cells: {
        pcVolume: cell(1.2345),
        pcOpenInterest: cell(0.8),
        rr25: cell(-0.04567),
        ivRank: cell(37.6),
        ivChange1d: cell(-0.0123),
        priceChange1d: cell(0.00456),
        volumeVs20d: cell(1234.5),
      },
    },
  ],
};

function renderPage() {
  stubApi({ 'GET /api/analysis/heatmap': heatmap });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SentimentHeatmapPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A cell's figure, without its percentile line and its screen-reader name. */
const figure = async (id: string) => (await screen.findByTestId(`cell-SPY-${id}`)).firstChild!.textContent;

describe('the sentiment heatmap in the learner’s number format (Settings → Display)', () => {
  afterEach(() => {
    cleanup();
    setNumberStyle('en-US');
    vi.unstubAllGlobals();
  });

  it('writes ratios, percentages and points the US way by default', async () => {
    renderPage();
    expect(await figure('pcVolume')).toBe('1.23');
    expect(await figure('rr25')).toBe('−4.6%');
    expect(await figure('ivChange1d')).toBe('−1.2 pt');
    expect(await figure('volumeVs20d')).toBe('1,234.50×');
  });

  it('writes them 1.234,56 for a learner who chose it, and 1 234,56 for one who chose that', async () => {
    setNumberStyle('de-DE');
    renderPage();
    expect(await figure('pcVolume')).toBe('1,23');
    expect(await figure('pcOpenInterest')).toBe('0,80');
    expect(await figure('rr25')).toBe('−4,6%');
    expect(await figure('ivRank')).toBe('38');
    expect(await figure('ivChange1d')).toBe('−1,2 pt');
    expect(await figure('priceChange1d')).toBe('0,5%');
    expect(await figure('volumeVs20d')).toBe('1.234,50×');
    cleanup();

    setNumberStyle('fr-FR');
    renderPage();
    expect(await figure('volumeVs20d')).toBe('1\u202f234,50×');
  });
});
