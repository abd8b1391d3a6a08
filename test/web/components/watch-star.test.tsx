// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type Stub } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { WatchStar, watchLabel } from '@web/components/watchlist/watch-star';

const slots = { used: 1, limit: 10, level: 1, next: { level: 5, adds: 5 } };
const spyRow = {
  id: 'SPY',
  kind: 'underlying',
  underlying: 'SPY',
  order: 0,
  addedAt: '2026-11-20T00:00:00Z',
  figures: null,
};
const FULL = 'Your watchlist holds 10 items at level 1; level 5 adds 5 more slots. Remove an item to add another.';

/** A server whose list starts as `items` and follows the adds and removals it accepts. */
function renderStars(items: unknown[], overrides: Record<string, Stub> = {}) {
  let list = [...items] as { id: string }[];
  const api = stubApi({
    'GET /api/watchlist': () => json({ items: list, expired: [], slots: { ...slots, used: list.length } }),
    'POST /api/watchlist/items': (_url: URL, init?: RequestInit) => {
      const { symbol } = JSON.parse(String(init?.body)) as { symbol: string };
      const item = { id: symbol, kind: symbol.length > 6 ? 'contract' : 'underlying', underlying: 'SPY', order: list.length, addedAt: '2026-11-29T00:00:00Z' };
      list = [...list, { ...item, figures: null } as never];
      return json({ item, created: true }, 201);
    },
    'DELETE /api/watchlist/items/SPY': () => {
      list = list.filter((r) => r.id !== 'SPY');
      return new Response(null, { status: 204 });
    },
    ...overrides,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WatchStar symbol="SPY" />
        <WatchStar symbol="O:SPY261218C00450000" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const star = (name: string) => screen.getByRole('button', { name });
const pressed = (name: string) => star(name).getAttribute('aria-pressed');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the watchlist star', () => {
  it('names what it watches: the ticker, or the contract as the product writes it', () => {
    expect(watchLabel('spy')).toBe('SPY');
    expect(watchLabel('O:SPY261218C00450000')).toBe('SPY Dec 18, 2026 $450 Call');
  });

  it('is pressed (filled) for what is on the list and not for the rest', async () => {
    renderStars([spyRow]);
    await waitFor(() => expect(pressed('Watch SPY')).toBe('true'));
    expect(pressed('Watch SPY Dec 18, 2026 $450 Call')).toBe('false');
    expect(star('Watch SPY').getAttribute('title')).toBe('Stop watching SPY');
    expect(star('Watch SPY Dec 18, 2026 $450 Call').getAttribute('title')).toBe('Watch SPY Dec 18, 2026 $450 Call');
  });

  it('adds a contract by its OCC symbol without the vendor prefix, and shows it watched once the list says so', async () => {
    const api = renderStars([spyRow]);
    const user = userEvent.setup();
    await waitFor(() => expect((star('Watch SPY Dec 18, 2026 $450 Call') as HTMLButtonElement).disabled).toBe(false));
    await user.click(star('Watch SPY Dec 18, 2026 $450 Call'));
    await waitFor(() => expect(pressed('Watch SPY Dec 18, 2026 $450 Call')).toBe('true'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ symbol: 'SPY261218C00450000' });
    // The list was read again after the add (the watchlist page and the dashboard tile read the same query), fresh: not
    // from what the server keeps of the list from before the add.
    const reads = api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/watchlist')).map((c) => c.path);
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.at(-1)).toBe('/api/watchlist?fresh=1');
  });

  it('removes a watched underlying with a second press, from the keyboard', async () => {
    const api = renderStars([spyRow]);
    const user = userEvent.setup();
    await waitFor(() => expect(pressed('Watch SPY')).toBe('true'));
    star('Watch SPY').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(pressed('Watch SPY')).toBe('false'));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/watchlist/items/SPY')).toBe(true);
  });

  it('shows the refusal of a full list in words, leaves the star outlined and the list as it was', async () => {
    renderStars([spyRow], { 'POST /api/watchlist/items': () => json({ error: FULL }, 409) });
    const user = userEvent.setup();
    await waitFor(() => expect((star('Watch SPY Dec 18, 2026 $450 Call') as HTMLButtonElement).disabled).toBe(false));
    await user.click(star('Watch SPY Dec 18, 2026 $450 Call'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('SPY Dec 18, 2026 $450 Call was not added.');
    expect(alert.textContent).toContain(FULL);
    expect(pressed('Watch SPY Dec 18, 2026 $450 Call')).toBe('false');
    expect(pressed('Watch SPY')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
