// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAKER_FEE_FORMULA } from '@shared/prediction/fee';
import { PredictionOrderBody } from '@shared/prediction/prediction.api';
import MarketPage from '@web/features/prediction-markets/components/market-page';
import { json, stubApi } from '../../app/api-stub';
import { stubResizeObserver } from '../learning/fixtures';
import { demoAccount, LADDER_ID, ladderDetail, MARKET_ID, marketDetail, order } from './fixtures';

// The page's first render loads its lazy chunks; a loaded machine takes longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

function renderMarket(id = MARKET_ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/app/prediction-markets/${id}`]}>
        <Routes>
          <Route path="/app/prediction-markets/:marketId" element={<MarketPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ticket = () => screen.getByTestId('order-ticket');
const setCount = async (n: string) => {
  const field = within(ticket()).getByLabelText('Contracts');
  await userEvent.clear(field);
  await userEvent.type(field, n);
};

describe('a prediction market page', () => {
  beforeEach(() => stubResizeObserver());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says DEMO and play money under the question', async () => {
    stubApi({ [`GET /api/predictions/markets/${MARKET_ID}`]: marketDetail(), 'GET /api/predictions/account': demoAccount() });
    renderMarket();
    await screen.findByRole('heading', { level: 1, name: 'Will SPY close above 600 on Dec 18, 2026? DEMO' });
    expect(screen.getByTestId('demo-label').textContent).toContain('Play money, never mixed with your paper account.');
    expect(await screen.findByText('$1,000.00')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Will SPY close above 600 on Dec 18, 2026? (demo) | Options Academy'));
  });

  it('shows the payoff box and the fee by Kalshi’s formula for the count entered, before the order', async () => {
    stubApi({ [`GET /api/predictions/markets/${MARKET_ID}`]: marketDetail(), 'GET /api/predictions/account': demoAccount() });
    renderMarket();
    await screen.findByTestId('order-ticket');
    // One contract at the 43¢ ask (100 − the best NO bid of 57¢): fee ceil(0.07 × 0.43 × 0.57 × 100) = 2¢.
    expect(screen.getByTestId('payoff-box').textContent).toContain('Pay $0.43 → receive $1.00 if YES');
    expect(screen.getByTestId('payoff-box').textContent).toContain('Most you can lose: $0.45 ($0.43 paid + $0.02 fee)');
    expect(screen.getByTestId('fee-preview').textContent).toContain('Fee: $0.02');
    expect(screen.getByTestId('fee-preview').textContent).toContain(`Kalshi's published taker fee: ${TAKER_FEE_FORMULA}`);

    await setCount('10');
    // 10 × 43¢ = $4.30; fee ceil(0.07 × 10 × 0.43 × 0.57 × 100) = ceil(17.16) = 18¢.
    expect(screen.getByTestId('payoff-box').textContent).toContain('Pay $4.30 → receive $10.00 if YES');
    expect(screen.getByTestId('payoff-box').textContent).toContain('Most you can lose: $4.48 ($4.30 paid + $0.18 fee)');
    expect(screen.getByTestId('fee-preview').textContent).toContain('Fee: $0.18');
    expect(within(ticket()).getByRole('button', { name: 'Buy 10 YES' })).toBeTruthy();

    await userEvent.click(within(ticket()).getByRole('radio', { name: 'Buy NO' }));
    // NO at 100 − the best YES bid of 40¢ = 60¢.
    expect(screen.getByTestId('payoff-box').textContent).toContain('Pay $6.00 → receive $10.00 if NO');

    await setCount('2.5');
    expect(screen.getByTestId('ticket-problem').textContent).toBe('Enter a whole number of contracts, at least 1.');
    expect((within(ticket()).getByRole('button', { name: /^Buy/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('rests a limit bid in whole cents and says what it holds', async () => {
    stubApi({ [`GET /api/predictions/markets/${MARKET_ID}`]: marketDetail(), 'GET /api/predictions/account': demoAccount() });
    renderMarket();
    await screen.findByTestId('order-ticket');
    await userEvent.click(within(ticket()).getByRole('radio', { name: 'Limit bid' }));
    await setCount('5');
    expect(screen.getByTestId('ticket-problem').textContent).toBe('Enter a limit in whole cents, from 1 to 99.');
    await userEvent.type(within(ticket()).getByLabelText('Limit (cents, 1–99)'), '40');
    // 5 × 40¢ held, fee ceil(0.07 × 5 × 0.40 × 0.60 × 100) = ceil(8.4) = 9¢.
    expect(screen.getByTestId('payoff-box').textContent).toContain('Pay $2.00 → receive $5.00 if YES');
    expect(screen.getByTestId('payoff-box').textContent).toContain('5 contracts rest as a bid at 40¢');
    expect(screen.getByTestId('fee-preview').textContent).toContain('Fee: $0.09');
  });

  it('sends one client order id per submit, the same again on a retry, a new one for the next order', async () => {
    let attempts = 0;
    const { calls } = stubApi({
      [`GET /api/predictions/markets/${MARKET_ID}`]: marketDetail(),
      'GET /api/predictions/account': demoAccount(),
      'POST /api/predictions/orders': () => (++attempts === 1 ? json({ error: 'Something went wrong on our side.' }, 503) : json(order(), 201)),
    });
    renderMarket();
    await screen.findByTestId('order-ticket');
    await setCount('10');
    await userEvent.click(within(ticket()).getByRole('button', { name: 'Buy 10 YES' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Trying again sends the same order');
    await userEvent.click(within(ticket()).getByRole('button', { name: 'Buy 10 YES' }));
    expect((await screen.findByTestId('order-placed')).textContent).toBe('Bought 10 YES contracts at 43¢ on average; fee $0.18.');
    await userEvent.click(within(ticket()).getByRole('button', { name: 'Buy 10 YES' }));
    await waitFor(() => expect(attempts).toBe(3));

    const posts = calls.filter((c) => c.method === 'POST').map((c) => PredictionOrderBody.parse(c.body));
    expect(posts[0]).toEqual({ clientOrderId: posts[0]!.clientOrderId, marketId: MARKET_ID, side: 'yes', action: 'buy', type: 'market', count: 10 });
    expect(posts[1]!.clientOrderId).toBe(posts[0]!.clientOrderId);
    expect(posts[2]!.clientOrderId).not.toBe(posts[0]!.clientOrderId);
  });

  it('shows the three fair values with their formulas beside the market price, in percentage points', async () => {
    stubApi({ [`GET /api/predictions/markets/${MARKET_ID}`]: marketDetail(), 'GET /api/predictions/account': demoAccount() });
    renderMarket();
    const panel = await screen.findByTestId('teaching-panel');
    expect(within(panel).getByText('41.5%')).toBeTruthy();
    const row = (m: string) => within(panel).getByTestId(`fair-value-${m}`);
    expect(within(row('atm-iv')).getByTestId('fair-value').textContent).toBe('40.5%');
    expect(within(row('atm-iv')).getByTestId('difference').textContent).toBe('market +1.0 pp (the market is dearer)');
    expect(within(row('strike-iv')).getByTestId('difference').textContent).toBe('market +1.7 pp (the market is dearer)');
    expect(within(row('call-spread')).getByTestId('fair-value').textContent).toBe('41.2%');
    expect(within(row('call-spread')).getByTestId('difference').textContent).toBe('market +0.3 pp (about the same)');
    expect(row('call-spread').textContent).toContain('D(K) = [C(K − h) − C(K + h)] / 2h');
    expect(row('call-spread').textContent).toContain('American-style');
    expect(row('atm-iv').textContent).toContain('Inputs (data of Nov 27, 4:30 PM ET)');
    for (const lesson of [
      'Delta is not the probability of finishing in the money',
      'Touching a level is about twice as likely as finishing beyond it',
      'Risk-neutral is not real-world probability',
      'The favourite-longshot bias',
    ])
      expect(within(panel).getByText(lesson)).toBeTruthy();
    expect(panel.textContent).toContain('that chance is N(d₂)');
  });

  it('shows a Kalshi-style book: bids only, with the YES ask as 100 − the best NO bid', async () => {
    stubApi({ [`GET /api/predictions/markets/${MARKET_ID}`]: marketDetail(), 'GET /api/predictions/account': demoAccount() });
    renderMarket();
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('quote-yes-ask').textContent).toBe('43¢');
    expect(screen.getByTestId('quote-no-ask').textContent).toBe('60¢');
    expect(screen.getByText(/here 100¢ − 57¢ = 43¢/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'YES bids' }).textContent).toContain('40¢');
  });

  it('keeps the DEMO heading and says why when the market cannot be read', async () => {
    stubApi({
      'GET /api/predictions/markets/SPY-2026-12-18-ABOVE-999': () => json({ error: 'No prediction market has this id.' }, 404),
      'GET /api/predictions/account': demoAccount(),
    });
    renderMarket('SPY-2026-12-18-ABOVE-999');
    expect((await screen.findByRole('alert')).textContent).toBe('No prediction market has this id.');
    expect(screen.getByRole('heading', { level: 1, name: 'Prediction market DEMO' })).toBeTruthy();
  });

  it('shows a ladder by its id: the buckets and the histogram, with the DEMO label', async () => {
    stubApi({ [`GET /api/predictions/markets/${LADDER_ID}`]: ladderDetail(), 'GET /api/predictions/account': demoAccount() });
    renderMarket(LADDER_ID);
    await screen.findByRole('heading', { level: 1, name: 'Where will SPY close on Dec 18, 2026? DEMO' });
    expect(screen.getAllByTestId('bucket-row')).toHaveLength(4);
    expect(screen.getByTestId('ladder-chart')).toBeTruthy();
    expect(screen.getByRole('link', { name: '590 to 599.99' }).getAttribute('href')).toBe('/app/prediction-markets/SPY-2026-12-18-RANGE-590-600');
    expect(screen.queryByTestId('order-ticket')).toBeNull();
  });
});
