// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import DataBrowserPage from '@web/features/data-browser/components/data-browser-page';
import { json, stubApi } from '../../app/api-stub';
import { stubResizeObserver } from '../learning/fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const bar = (date: string, close: number, origin: 'upload' | 'ingest') => ({
  ticker: 'SPY',
  date,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 1000,
  origin,
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DataBrowserPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The routes as the server answers them: two pages of stock bars, a chain list, and the chart's series. */
function dataServer() {
  return stubApi({
    'GET /api/market/tickers': { source: 'demo', tickers: [] },
    'GET /api/admin/data/SPY/stock-bars': (url: URL) =>
      url.searchParams.get('cursor') === 'page2'
        ? json({ underlying: 'SPY', rows: [bar('2026-11-27', 603, 'ingest')], cursor: null })
        : json({ underlying: 'SPY', rows: [bar('2026-11-25', 601, 'upload'), bar('2026-11-26', 602, 'ingest')], cursor: 'page2' }),
    'GET /api/admin/data/SPY/history': {
      underlying: 'SPY',
      contract: null,
      points: [
        { date: '2026-11-25', close: 601, volume: 1000 },
        { date: '2026-11-26', close: 602, volume: 1000 },
      ],
      truncated: false,
    },
    'GET /api/admin/data/SPY/chains': {
      underlying: 'SPY',
      rows: [
        {
          underlying: 'SPY',
          expiration: '2026-12-18',
          asOf: '2026-11-27T21:00:00.000Z',
          underlyingPrice: 603,
          contracts: 2,
          source: 'demo',
          provider: '=HYPERLINK("http://x")',
        },
      ],
      cursor: null,
    },
    'GET /api/admin/data/QQQ/stock-bars': () => json({ error: 'Cursor: is not a cursor this API gave', code: 'bad_request' }, 400),
    'GET /api/admin/data/QQQ/history': { underlying: 'QQQ', contract: null, points: [], truncated: false },
  });
}

/** The lazy chart and the first answers can take a while on a busy machine: wait for them, whatever it takes. */
const WAIT = { timeout: 15_000 };
const rowsTable = () => within(screen.getByRole('region', { name: /SPY: / })).getByRole('table');
const bodyRows = () => within(rowsTable()).getAllByRole('row').slice(1);

beforeEach(() => {
  stubResizeObserver();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T15:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the data browser page', () => {
  it("shows the underlying's stock bars of the last 30 New York days, labelled end of day, with their origin, and pages with Next and Previous", async () => {
    const server = dataServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(bodyRows()).toHaveLength(2), WAIT);
    expect(server.calls.some((c) => c.path === '/api/admin/data/SPY/stock-bars?from=2026-10-30&to=2026-11-29&limit=100')).toBe(true);
    expect(within(rowsTable()).getByRole('columnheader', { name: 'Date (New York, end of day)' })).toBeTruthy();
    expect(bodyRows()[0]!.textContent).toContain('2026-11-25');
    expect(bodyRows()[0]!.textContent).toContain('uploaded');
    expect(bodyRows()[1]!.textContent).toContain('ingested');
    expect(screen.getByText('Page 1 · 2 rows')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 · 1 row')).toBeTruthy(), WAIT);
    expect(server.calls.at(-1)!.path).toContain('cursor=page2');
    expect(bodyRows()[0]!.textContent).toContain('2026-11-27');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByText('Page 1 · 2 rows')).toBeTruthy(), WAIT);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("draws the underlying's closes over the range", async () => {
    dataServer();
    renderPage();
    expect(await screen.findByRole('img', { name: 'SPY close from 2026-10-30 to 2026-11-29, 2 end-of-day bars' }, WAIT)).toBeTruthy();
  });

  it('downloads the CSV of the rows shown, a formula-looking cell made harmless', async () => {
    const server = dataServer();
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Table' }), 'chains');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: /SPY: Chains/ })).getAllByRole('row')).toHaveLength(2), WAIT);
    // Chains are picked by expiration: the range looks ahead once the table is switched to them.
    expect(server.calls.some((c) => c.path === '/api/admin/data/SPY/chains?from=2026-11-29&to=2027-01-28&limit=100')).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'Fetched (New York time)' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Nov 27, 4:00 PM ET' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const text = await blobs[0]!.text();
    expect(text).toBe(
      'expiration_new_york,asOf_utc,underlyingPrice,contracts,source,provider\r\n' +
        `2026-12-18,2026-11-27T21:00:00.000Z,603,2,demo,"'=HYPERLINK(""http://x"")"\r\n`,
    );
  });

  it("says what the server refused, in the server's words", async () => {
    dataServer();
    const user = userEvent.setup();
    renderPage();
    const underlying = screen.getByRole('combobox', { name: 'Underlying' });
    await user.clear(underlying);
    await user.type(underlying, 'qqq');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe('Cursor: is not a cursor this API gave');
  });
});
