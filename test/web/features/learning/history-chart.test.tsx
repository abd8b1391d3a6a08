// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWidget } from '@web/api/learning';
import { HistoryChart } from '@web/features/learning/components/widgets/history-chart';
import { stubResizeObserver } from './fixtures';

type Spec = Extract<PublicWidget, { kind: 'history-chart' }>;

// Three months of sessions, a month change between each pair of rows.
const dates = ['2026-08-31', '2026-09-01', '2026-09-30', '2026-10-01', '2026-11-20'];
const widget = (over: Partial<Spec> = {}): Spec => ({
  kind: 'history-chart',
  underlying: 'SPY',
  asOf: '2026-11-20',
  source: 'SPY daily history, 5 sessions (simulated market)',
  unit: 'percent',
  dates,
  series: [
    { label: 'IV30 (implied)', values: [0.14, 0.145, 0.15, 0.16, 0.15146] },
    { label: '20-day realized', values: [null, null, 0.12, 0.13, 0.16228] },
  ],
  ...over,
});

describe('the history chart of a lesson', () => {
  beforeAll(stubResizeObserver);
  afterEach(cleanup);

  it('names what it draws, for which underlying and over which sessions, for a screen reader', () => {
    render(<HistoryChart widget={widget()} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Line chart of IV30 (implied), 20-day realized for SPY, daily from Aug 31, 2026 to Nov 20, 2026',
    );
  });

  it('writes each line’s last value in the legend, in percent, with the session', () => {
    render(<HistoryChart widget={widget()} />);
    const legend = within(screen.getByRole('list'));
    expect(legend.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['IV30 (implied): 15.15% on Nov 20', '20-day realized: 16.23% on Nov 20']);
  });

  it('writes dollars as money, and leaves a line without a last value unlabelled rather than inventing one', () => {
    render(
      <HistoryChart
        widget={widget({
          unit: 'usd',
          series: [
            { label: 'Close', values: [600, 601.5, 590, 612.25, 576.67] },
            { label: '200-day average', values: [null, null, null, null, null] },
          ],
        })}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Close: $576.67 on Nov 20', '200-day average']);
  });

  it('says the data is simulated end of day, with its source and dates', () => {
    render(<HistoryChart widget={widget()} />);
    expect(screen.getByTestId('history-chart').textContent).toContain(
      'SPY daily history, 5 sessions (simulated market). Simulated end-of-day data, one point a session, Aug 31, 2026 to Nov 20, 2026.',
    );
  });
});
