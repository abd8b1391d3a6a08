// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { indianGreeks } from '@shared/market/india/greeks-calculator';
import { RBI_REPO_RATE } from '@shared/market/india/repo-rate';
import { formatMoney } from '@shared/format/money';
import { IndiaCalculatorPage } from '@web/features/india-calculator/components/india-calculator-page';
import { niftyChain, UNDERLYINGS } from './fixtures';

// Monday 30 November 2026, 11:30 in India.
const NOW = new Date('2026-11-30T06:00:00Z');

function renderPage(entry = '/india/greeks-calculator', chains: Record<string, unknown> = {}) {
  const { calls } = stubApi({
    'GET /api/india/underlyings': UNDERLYINGS,
    'GET /api/india/chain': (url: URL) => {
      const expiry = url.searchParams.get('expiry') ?? '2026-12-01';
      if (expiry in chains) return json(chains[expiry], 404);
      return json(niftyChain(expiry));
    },
  });
  const router = createMemoryRouter([{ path: '/india/greeks-calculator', element: <IndiaCalculatorPage now={NOW} /> }], { initialEntries: [entry] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const results = () => screen.getByRole('region', { name: 'Price and Greeks' });
const status = () => within(results()).getByRole('status').textContent;
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function retype(name: RegExp | string, value: string) {
  await userEvent.clear(field(name));
  if (value) await userEvent.type(field(name), value);
}

/** The table's row of a figure: its per-share and per-lot cells as the learner reads them. */
function row(name: string): [string, string] {
  const header = within(results()).getByRole('rowheader', { name: new RegExp(`^${name}`) });
  const cells = within(header.closest('tr')!).getAllByRole('cell');
  return [cells[0]!.textContent!, cells[1]!.textContent!];
}

/** What the page must show for a contract of the fixture chain: the pure calculator on the chain's own figures. */
function expected(strike: number, type: 'call' | 'put', iv: number, days: number) {
  const res = indianGreeks({ type, spot: 26_012.35, strike, days, iv, repoRate: 0.0525, dividendYield: 0.012, lotSize: 65 });
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
}

describe('the Indian Greeks calculator', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens on NIFTY’s nearest expiry and at-the-money call, priced from the chain, with no error shown', async () => {
    const { calls } = renderPage();
    expect(document.title).toBe('Indian options Greeks calculator | Options Academy');
    await waitFor(() => expect(status()).toMatch(/^NIFTY/));
    expect(calls.some((c) => c.path === '/api/india/chain?symbol=NIFTY')).toBe(true);
    expect(screen.getByRole('radio', { name: 'Choose an NSE contract' })).toHaveProperty('checked', true);
    expect(select('NSE underlying').value).toBe('NIFTY');
    expect(select('Expiry').value).toBe('2026-12-01');
    // 26,000 is the strike nearest the spot of 26,012.35, and says so.
    expect(select('Strike').value).toBe('26000');
    expect(select('Strike').selectedOptions[0]!.textContent).toBe('₹26,000.00 (at the money)');

    // Friday 27 November (the chain's date) to Tuesday 1 December: 4 calendar days; the call's own IV of 12.34%.
    const v = expected(26_000, 'call', 0.1234, 4);
    const [share, lot] = row('Premium');
    expect(share).toBe(formatMoney(v.perShare.price, 'INR'));
    expect(lot).toBe(formatMoney(v.perLot.price, 'INR'));
    expect(row('Theta')[1]).toBe(formatMoney(v.perLot.theta, 'INR'));
    expect(status()).toBe(`NIFTY Dec 1, 2026 ₹26,000.00 call (CE), 4 days to expiry: ${share} a share, ${lot} a lot of 65.`);
    const inputs = screen.getByRole('heading', { name: 'Inputs from NIFTY26120126000CE' }).parentElement!;
    expect(inputs.textContent).toContain('Implied volatility12.34%');
    expect(inputs.textContent).toContain('Days to expiry4 days');
    expect(inputs.textContent).toContain('Lot size65 shares');
    expect(screen.getByTestId('calculator-data-date').textContent).toBe(
      'Data of Fri, Nov 27, 2026: the close (15:30 IST), from the simulated NSE market (not real prices).',
    );
    // No error anywhere before the learner has done anything.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    // The formula, typeset, with the chain's numbers in it.
    const formula = screen.getByRole('region', { name: 'The formula, with your numbers' });
    expect([...formula.querySelectorAll('annotation')].map((a) => a.textContent).join('\n')).toContain('\\ln(26{,}012.35/26{,}000)');
  });

  it('prices the strike, side and expiry the learner chooses, and keeps them in the address', async () => {
    const { router, calls } = renderPage();
    await waitFor(() => expect(select('Strike').value).toBe('26000'));
    await userEvent.selectOptions(select('Strike'), '25950');
    await userEvent.click(screen.getByRole('radio', { name: 'Put (PE)' }));
    const v = expected(25_950, 'put', 0.1301, 4);
    expect(row('Premium')).toEqual([formatMoney(v.perShare.price, 'INR'), formatMoney(v.perLot.price, 'INR')]);
    expect(row('Delta')[0]).toMatch(/^−0\.\d{4}$/);

    await userEvent.selectOptions(select('Expiry'), '2026-12-29');
    await waitFor(() => expect(status()).toMatch(/^NIFTY Dec 29, 2026 ₹25,950\.00 put \(PE\), 32 days/));
    expect(calls.some((c) => c.path === '/api/india/chain?symbol=NIFTY&expiry=2026-12-29')).toBe(true);
    expect(router.state.location.search).toBe('?symbol=NIFTY&type=put&expiry=2026-12-29&strike=25950');
  });

  it('opens on the contract its address names, as the Indian chain links it', async () => {
    renderPage('/india/greeks-calculator?symbol=NIFTY&expiry=2026-12-29&strike=25950&type=put');
    await waitFor(() => expect(status()).toMatch(/^NIFTY Dec 29, 2026 ₹25,950\.00 put \(PE\), 32 days to expiry/));
  });

  it('falls back to the nearest expiry, and says so, when the address names one no longer listed', async () => {
    renderPage('/india/greeks-calculator?symbol=NIFTY&expiry=2026-11-23&strike=26000&type=call', {
      '2026-11-23': { error: 'NIFTY has no listed expiry on 2026-11-23' },
    });
    await waitFor(() => expect(status()).toMatch(/^NIFTY Dec 1, 2026 ₹26,000\.00 call/));
    expect(screen.getByText('The expiry Mon, Nov 23, 2026 is not listed for NIFTY; showing the nearest one.')).toBeTruthy();
  });

  it('says a contract without an IV in the chain cannot be priced, without calling it an error', async () => {
    renderPage();
    await waitFor(() => expect(select('Strike').value).toBe('26000'));
    await userEvent.selectOptions(select('Strike'), '26050');
    expect(status()).toBe(
      'The chain has no implied volatility for NIFTY26120126050CE (no quote to solve it from). Choose another strike, or type your own inputs.',
    );
  });

  it('warns that 2027 holidays are not known beside a 2027 expiry', async () => {
    renderPage();
    await waitFor(() => expect(select('Expiry').value).toBe('2026-12-01'));
    expect(screen.queryByText(/holiday list is not in this calculator/)).toBeNull();
    await userEvent.selectOptions(select('Expiry'), '2027-01-25');
    expect((await screen.findByText(/^NSE's 2027 holiday list is not in this calculator yet/)).textContent).toContain('weekends and the fixed-date holidays');
  });

  it('keeps the contract’s values as own inputs, and shows an error only on a field the learner got wrong', async () => {
    renderPage();
    await waitFor(() => expect(status()).toMatch(/^NIFTY/));
    const [share] = row('Premium');
    await userEvent.click(screen.getByRole('radio', { name: 'Type my own inputs' }));
    expect(field(/^Spot price/).value).toBe('26012.35');
    expect(field(/^Strike \(/).value).toBe('26000');
    expect(field(/^Days to expiry/).value).toBe('4');
    expect(field(/^Implied volatility/).value).toBe('12.34');
    expect(field(/^Lot size/).value).toBe('65');
    expect(field(/^Dividend yield/).value).toBe('1.2');
    expect(Number(field(/^Repo rate/).value)).toBeCloseTo(RBI_REPO_RATE.rate * 100, 10);
    // The same contract, the same price, and nothing marked wrong.
    expect(row('Premium')[0]).toBe(share);
    expect(status()).toMatch(/^NIFTY ₹26,000\.00 call \(CE\), 4 days to expiry/);
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();

    // While typing the field is not judged; leaving it empty is.
    await userEvent.clear(field(/^Spot price/));
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    await userEvent.tab();
    expect(field(/^Spot price/).getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field(/^Spot price/))).toContain('Spot price must be a positive number of rupees.');
    expect(status()).toBe('Correct the fields marked above to see the price.');
    // Only the field touched is marked.
    expect(field(/^Strike \(/).getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(field(/^Spot price/), '26,500');
    expect(field(/^Spot price/).getAttribute('aria-invalid')).toBeNull();
    expect(status()).toMatch(/^NIFTY ₹26,000\.00 call \(CE\), 4 days to expiry: ₹/);
  });

  it('on “Price this option” marks every wrong field and takes the learner to the first', async () => {
    renderPage();
    await waitFor(() => expect(status()).toMatch(/^NIFTY/));
    await userEvent.click(screen.getByRole('radio', { name: 'Type my own inputs' }));
    await userEvent.clear(field(/^Implied volatility/));
    await userEvent.clear(field(/^Lot size/));
    await userEvent.click(screen.getByRole('button', { name: 'Price this option' }));
    expect(field(/^Lot size/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Implied volatility/).getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field(/^Implied volatility/))).toContain('Implied volatility must be above 0% and at most 500%.');
    expect(document.activeElement).toBe(field(/^Lot size/));
  });

  it('hints the nearest listed strike on the step and snaps to it on request', async () => {
    renderPage();
    await waitFor(() => expect(status()).toMatch(/^NIFTY/));
    await userEvent.click(screen.getByRole('radio', { name: 'Type my own inputs' }));
    await retype(/^Strike \(/, '26,040');
    expect(describedBy(field(/^Strike \(/))).toContain('Strikes are listed every ₹50.00; the nearest listed strike is ₹26,050.00.');
    await userEvent.click(screen.getByRole('button', { name: 'Use ₹26,050.00' }));
    expect(field(/^Strike \(/).value).toBe('26050');
  });

  it('names the repo rate’s source and date, and that the RBI’s later decisions are not known here', async () => {
    renderPage();
    await waitFor(() => expect(status()).toMatch(/^NIFTY/));
    const repo = screen.getByText(/^The RBI repo rate, 5\.25% since/);
    expect(repo.textContent).toContain('The MPC\u2019s August 2026 and October 2026 decisions are not in this calculator yet'.replace('\u2019', "'"));
    expect(
      within(repo)
        .getByRole('link', { name: /repo rate by 25 bps/ })
        .getAttribute('href'),
    ).toBe(RBI_REPO_RATE.source.url);
  });
});
