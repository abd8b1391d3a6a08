// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DailySummary } from '@shared/metrics/daily-summary';
import type { ChartCanvasProps } from '@web/components/charts/chart-canvas';
import { stubApi } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

// lightweight-charts draws on a canvas, which jsdom has not: only the drawing module is replaced, and it records what it
// was asked to draw (or throws, as a chart that cannot draw would).
const drawn = vi.hoisted(() => ({ last: null as ChartCanvasProps | null, fail: false }));
vi.mock('@web/components/charts/chart-canvas', () => ({
  default: (props: ChartCanvasProps) => {
    if (drawn.fail) throw new Error('canvas unavailable');
    drawn.last = props;
    return <div data-testid="chart-canvas" />;
  },
}));

import { CHART_FAILED, PriceChart, PriceChartView } from '@web/components/charts/price-chart';
import { buildChartModel } from '@web/components/charts/chart-model';

/** 60 sessions from 2026-08-24: closes 100, 101, … 159; the last 5 with bars; IV and HV known from the 21st. */
function history(): DailySummary[] {
  const out: DailySummary[] = [];
  let d = new Date('2026-08-24T00:00:00Z');
  while (out.length < 60) {
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6 && d.toISOString().slice(0, 10) !== '2026-09-07') {
      const i = out.length;
      out.push({
        underlying: 'SPY',
        date: d.toISOString().slice(0, 10),
        source: 'demo',
        basis: 'model',
        close: 100 + i,
        volume: 1_000_000 + i,
        iv30: i >= 20 ? 0.2 : null,
        iv90: null,
        iv25dCall: null,
        iv25dPut: null,
        hv20: i >= 20 ? 0.15 : null,
        putVolume: null,
        callVolume: null,
        putOpenInterest: null,
        callOpenInterest: null,
        putPremium: null,
        callPremium: null,
        nextEarnings: null,
      });
    }
    d = new Date(d.getTime() + 86_400_000);
  }
  return out;
}

const rows = history();
const last = rows.at(-1)!;
const bars = rows.slice(-5).map((r) => ({ date: r.date, open: r.close - 1, high: r.close + 2, low: r.close - 3, close: r.close, volume: 500 }));
// 365 days out at 20% IV: the cone ends at the last close ± 20%.
const expiration = new Date(Date.parse(`${last.date}T00:00:00Z`) + 365 * 86_400_000).toISOString().slice(0, 10);
const model = buildChartModel({ ticker: 'SPY', source: 'demo', summaries: rows, bars, cone: { expiration, iv: 0.2 } })!;

const wrap = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

describe('the price chart', () => {
  afterEach(() => {
    cleanup();
    drawn.last = null;
    drawn.fail = false;
    vi.unstubAllGlobals();
  });

  it('says it is end of day with the data’s date, and summarises the chart in words', async () => {
    wrap(<PriceChartView model={model} />);
    await screen.findByTestId('chart-canvas');
    expect(screen.getByTestId('chart-as-of').textContent).toMatch(/End of day · data as of .*2026/);
    const summary = screen.getByTestId('chart-summary').textContent!;
    expect(summary).toContain('60 sessions');
    expect(summary).toContain('First close $100.00, last close $159.00');
    expect(summary).toContain('High $161.00'); // the last bar's high
    expect(summary).toContain('low $100.00');
    // SMA20 of 140…159 = 149.5; SMA50 of 110…159 = 134.5.
    expect(summary).toContain('20-day average $149.50, 50-day average $134.50');
    expect(summary).toContain('$127.20 to $190.80 (±1σ)');
    // The region a keyboard reaches is described by the summary.
    expect(screen.getByTestId('chart-region').getAttribute('aria-describedby')).toBe(screen.getByTestId('chart-summary').id);
  });

  it('draws the overlays the learner leaves on and drops the ones unticked', async () => {
    wrap(<PriceChartView model={model} />);
    await screen.findByTestId('chart-canvas');
    expect(drawn.last!.overlays).toEqual({ sma20: true, sma50: true, cone: true, earnings: true, volatility: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Expected move/ }));
    await user.click(screen.getByRole('checkbox', { name: 'IV30 vs HV20' }));
    expect(drawn.last!.overlays).toMatchObject({ cone: false, volatility: false, sma20: true });
    await user.click(screen.getByRole('checkbox', { name: '20-day average' }));
    expect(drawn.last!.overlays.sma20).toBe(false);
    expect(screen.getByTestId('chart-readout').textContent).not.toContain('20-day average');
  });

  it("keys each overlay's toggle with the colour its line is drawn in, the palette the chart draws with", async () => {
    wrap(<PriceChartView model={model} />);
    await screen.findByTestId('chart-canvas');
    const colour = (id: string) => (screen.getByTestId(id) as HTMLElement).style.backgroundColor;
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    for (const key of ['sma20', 'sma50', 'cone', 'earnings', 'iv', 'hv'] as const) expect(colour(`swatch-${key}`)).toBe(rgb(drawn.last!.palette[key]));
    expect(screen.getByRole('checkbox', { name: 'IV30 vs HV20' }).closest('label')!.querySelectorAll('[data-testid^="swatch-"]')).toHaveLength(2);
  });

  it('moves the readout and the crosshair between sessions with the arrow keys, Home and End', async () => {
    wrap(<PriceChartView model={model} />);
    await screen.findByTestId('chart-canvas');
    const region = screen.getByTestId('chart-region');
    expect(region.tabIndex).toBe(0);
    expect(screen.getByTestId('chart-readout').textContent).toContain('close $159.00');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(screen.getByTestId('chart-readout').textContent).toContain('open $157.00, high $160.00, low $155.00, close $158.00');
    expect(drawn.last!.selected).toBe(58);
    fireEvent.keyDown(region, { key: 'Home' });
    expect(screen.getByTestId('chart-readout').textContent).toMatch(/close \$100\.00 · volume 1,000,000$/);
    fireEvent.keyDown(region, { key: 'End' });
    expect(screen.getByTestId('chart-readout').textContent).toContain('IV30 20.0% · HV20 15.0%');
  });

  it('shows the spec’s message where the chart module throws', async () => {
    drawn.fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    wrap(<PriceChartView model={model} />);
    expect((await screen.findByTestId('chart-failed')).textContent).toContain(CHART_FAILED);
    expect(CHART_FAILED).toBe('Failed to load TradingView widget');
    // The text summary still reads the figures.
    expect(screen.getByTestId('chart-summary').textContent).toContain('last close $159.00');
  });

  it('shows the spec’s message with the reason where there is no history to draw', async () => {
    stubApi({
      'GET /api/analysis/SPY/summary': () => new Response(JSON.stringify({ error: 'No end-of-day data for SPY yet.' }), { status: 404 }),
      'GET /api/market/SPY/history': { ticker: 'SPY', source: 'demo', bars: [] },
    });
    await act(async () => {
      wrap(<PriceChart ticker="SPY" expiration={null} />);
    });
    const failed = await screen.findByTestId('chart-failed');
    expect(failed.textContent).toContain('Failed to load TradingView widget');
    expect(failed.textContent).toContain('No end-of-day data for SPY yet.');
  });
});
