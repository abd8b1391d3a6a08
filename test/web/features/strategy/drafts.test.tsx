// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chainFor, draft, EXPIRIES, markOf, portfolioWith, TICKERS } from './fixtures';
import { stubResizeObserver } from './mock-api';

const api = vi.hoisted(() => ({
  getTickers: vi.fn(),
  getExpiries: vi.fn(),
  getChain: vi.fn(),
  getPortfolio: vi.fn(),
  openAccount: vi.fn(),
  preTrade: vi.fn(),
  placeOrder: vi.fn(),
  getDrafts: vi.fn(),
  createDraft: vi.fn(),
  updateDraft: vi.fn(),
  deleteDraft: vi.fn(),
}));
vi.mock('@web/api/market', async () => (await import('./mock-api')).marketModule(api));
vi.mock('@web/api/paper-account', async () => (await import('./mock-api')).paperAccountModule(api));
vi.mock('@web/features/strategy/api/drafts', async () => (await import('./mock-api')).draftsModule(api));

import TradingPage from '@web/features/strategy/components/trading-page';

function renderPage(path = '/app/trading?underlying=SPY') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/app/trading', element: <TradingPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const legRows = () => screen.queryAllByTestId('leg-row');
const draftsPanel = () => screen.findByRole('region', { name: 'Drafts' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T18:00:00Z'));
  stubResizeObserver();
  Object.values(api).forEach((f) => f.mockReset());
  api.getTickers.mockResolvedValue({ source: 'demo', tickers: TICKERS });
  api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES });
  api.getChain.mockImplementation(async (u: string, e: string) => chainFor(e, u));
  api.getPortfolio.mockResolvedValue(portfolioWith(100_000));
  api.getDrafts.mockResolvedValue({ drafts: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('drafts', () => {
  it('saves the legs under a name, suggesting one', async () => {
    api.createDraft.mockImplementation(async (body: { name: string }) => ({ draft: draft({ name: body.name }) }));
    renderPage('/app/trading?underlying=SPY&template=bull-call-spread');
    await waitFor(() => expect(legRows()).toHaveLength(2));
    await screen.findByText(/No drafts yet/);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Drafts' }));
    const dialog = screen.getByRole('dialog', { name: 'Save to drafts' });
    const name = within(dialog).getByLabelText('Draft name') as HTMLInputElement;
    expect(name.value).toBe('SPY Bull Call Spread');
    await userEvent.clear(name);
    await userEvent.type(name, 'My first spread');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));

    const strikes = [1, 2].map((n) => Number(screen.getByLabelText<HTMLInputElement>(`Leg ${n} strike`).value.replace('$', '')));
    expect(api.createDraft).toHaveBeenCalledWith({
      name: 'My first spread',
      underlying: 'SPY',
      strategy: 'Bull Call Spread',
      multiplier: 1,
      legs: [
        {
          action: 'buy',
          optionType: 'call',
          strike: strikes[0],
          premium: markOf('call', strikes[0]!, '2026-12-18'),
          quantity: 1,
          expiration: '2026-12-18',
          underlying: 'SPY',
          contractTicker: expect.stringMatching(/^SPY261218C/),
        },
        {
          action: 'sell',
          optionType: 'call',
          strike: strikes[1],
          premium: markOf('call', strikes[1]!, '2026-12-18'),
          quantity: 1,
          expiration: '2026-12-18',
          underlying: 'SPY',
          contractTicker: expect.stringMatching(/^SPY261218C/),
        },
      ],
    });
    expect(await screen.findByText('Saved to drafts as “My first spread”.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a leg before saving an empty strategy', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Drafts' }));
    expect(screen.getByRole('alert').textContent).toBe('Please add at least one leg to the strategy');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reopens a draft re-priced from today’s chain, flags a contract no longer listed, and will not trade it', async () => {
    api.getDrafts.mockResolvedValue({ drafts: [draft()] });
    const router = renderPage('/app/trading');
    await userEvent.click(await within(await draftsPanel()).findByRole('button', { name: 'Open SPY put spread' }));
    await waitFor(() => expect(legRows()).toHaveLength(2));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('underlying')).toBe('SPY');
    expect(params.get('template')).toBe('bear-put-spread');
    expect((screen.getByLabelText('Multiplier') as HTMLSelectElement).value).toBe('2');
    // Leg 1 is listed: today's mark, not the $3.10 saved with the draft.
    await waitFor(() => expect(screen.getByLabelText('Leg 1 price').textContent).toBe(`$${markOf('put', 100, '2026-12-18').toFixed(2)}`));
    expect(within(legRows()[0]!).queryByTestId('leg-unlisted')).toBeNull();
    expect(within(legRows()[1]!).getByTestId('leg-unlisted').textContent).toContain('is no longer listed; it was saved at $0.90');

    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('alert').textContent).toContain('Leg 2 is not listed in the current chain');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Stepping the flagged leg puts it back on the grid.
    await userEvent.click(screen.getByRole('button', { name: 'Higher strike for leg 2' }));
    expect(screen.getByLabelText<HTMLInputElement>('Leg 2 strike').value).toBe('$95');
    expect(within(legRows()[1]!).queryByTestId('leg-unlisted')).toBeNull();
  });

  it('renames and deletes a draft', async () => {
    const saved = draft();
    api.getDrafts.mockResolvedValue({ drafts: [saved] });
    api.updateDraft.mockImplementation(async (_id: string, body: { name: string }) => ({ draft: { ...saved, name: body.name } }));
    api.deleteDraft.mockResolvedValue(null);
    renderPage();
    const panel = await draftsPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Rename SPY put spread' }));
    const input = within(panel).getByLabelText('New name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Hedge for December');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save name' }));
    expect(api.updateDraft).toHaveBeenCalledWith(saved.draftId, {
      name: 'Hedge for December',
      underlying: 'SPY',
      strategy: 'Bear Put Spread',
      multiplier: 2,
      legs: saved.legs,
    });

    await userEvent.click(within(panel).getByRole('button', { name: 'Delete SPY put spread' }));
    expect(api.deleteDraft).not.toHaveBeenCalled();
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete SPY put spread?' }));
    expect(api.deleteDraft).toHaveBeenCalledWith(saved.draftId);
  });
});
