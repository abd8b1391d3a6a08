// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { indianGreeks } from '@shared/market/india/greeks-calculator';
import { nseListedExpiries } from '@shared/market/india/nse-calendar';
import { RBI_REPO_RATE } from '@shared/market/india/repo-rate';
import { formatMoney } from '@shared/format/money';
import { formatExpiry } from '@shared/format/time';
import { IndiaCalculatorPage } from '@web/features/india-calculator/components/india-calculator-page';

// Monday 30 November 2026, 11:30 in India.
const NOW = new Date('2026-11-30T06:00:00Z');
const TODAY = '2026-11-30';

function renderPage() {
  const router = createMemoryRouter([{ path: '/india/greeks-calculator', element: <IndiaCalculatorPage now={NOW} /> }], {
    initialEntries: ['/india/greeks-calculator'],
  });
  render(<RouterProvider router={router} />);
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const results = () => screen.getByRole('region', { name: 'Price and Greeks' });

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

describe('the Indian Greeks calculator', () => {
  afterEach(cleanup);

  it('starts with the RBI repo rate filled in, its date and source named, and says in words what is missing', () => {
    renderPage();
    expect(document.title).toBe('Indian options Greeks calculator | Options Academy');
    expect(screen.getByRole('heading', { level: 1, name: 'Indian options Greeks calculator' })).toBeTruthy();
    const repo = field(/^Repo rate/);
    expect(Number(repo.value)).toBeCloseTo(RBI_REPO_RATE.rate * 100, 10);
    const hint = document.getElementById(repo.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain('The RBI repo rate, 5.25% since Fri, Dec 5, 2025');
    expect(
      within(hint)
        .getByRole('link', { name: /repo rate by 25 bps/ })
        .getAttribute('href'),
    ).toBe(RBI_REPO_RATE.source.url);
    expect(within(results()).getByRole('status').textContent).toBe('Spot price must be a positive number of rupees.');
    expect(screen.queryByRole('heading', { name: 'The formula, with your numbers' })).toBeNull();
  });

  it('fills NIFTY’s lot size, strike step and listed expiries, and shows the figures per share and per lot of 65 in rupees', async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'NSE underlying' }), 'NIFTY');
    expect(field(/^Lot size/).value).toBe('65');
    expect(field(/^Strike step/).value).toBe('50');
    expect(screen.getByRole('combobox', { name: 'NSE underlying' }).parentElement!.textContent).toContain('Lot size 65, strikes every ₹50.00');

    // The expiries NSE lists on Monday 30 November 2026: weeklies every Tuesday, monthlies on the last Tuesday.
    const expiry = screen.getByRole('combobox', { name: 'Listed NIFTY expiry' }) as HTMLSelectElement;
    const listed = nseListedExpiries('NIFTY', TODAY);
    expect([...expiry.options].map((o) => o.textContent)).toEqual(listed.map((e) => `${formatExpiry(e.date)} (${e.kind})`));
    expect(expiry.options[0]!.textContent).toBe('Dec 1, 2026 (weekly)');
    await userEvent.selectOptions(expiry, '2026-12-08');
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^8 days to expiry: calendar days from today, Mon, Nov 30, 2026 in India/,
    );

    // A deep in-the-money call, so the lot is worth lakhs: the grouping is Indian.
    await retype(/^Spot price/, '26000');
    await retype(/^Strike \(/, '20000');
    await retype(/^Implied volatility/, '12');
    const expected = indianGreeks({ type: 'call', spot: 26_000, strike: 20_000, iv: 0.12, expiry: '2026-12-08', today: TODAY, lotSize: 65 });
    if (!expected.ok) throw new Error(expected.error.message);
    expect(expected.value.daysToExpiry).toBe(8);
    const [share, lot] = row('Premium');
    expect(share).toBe(formatMoney(expected.value.perShare.price, 'INR'));
    expect(lot).toBe(formatMoney(expected.value.perShare.price * 65, 'INR'));
    expect(lot).toMatch(/^₹\d,\d{2},\d{3}\.\d{2}$/);
    expect(within(results()).getByRole('columnheader', { name: 'Per lot of 65' })).toBeTruthy();
    expect(row('Theta')[1]).toBe(formatMoney(expected.value.perLot.theta, 'INR'));
    expect(row('Delta')[1]).toBe(formatMoney(expected.value.perLot.delta, 'INR'));
    expect(within(results()).getByRole('status').textContent).toBe(`NIFTY ₹20,000.00 call (CE), 8 days to expiry: ${share} a share, ${lot} a lot of 65.`);

    // The formula, typeset, with these numbers in it (KaTeX keeps the source as the MathML annotation).
    const formula = screen.getByRole('region', { name: 'The formula, with your numbers' });
    const tex = [...formula.querySelectorAll('annotation')].map((a) => a.textContent).join('\n');
    expect(tex).toContain('\\frac{8\\ \\text{days}}{365}');
    expect(tex).toContain('\\ln(26{,}000/20{,}000)');
    expect(tex).toContain('\\times 65 =');
    expect(formula.querySelectorAll('math').length).toBe(7);
  });

  it('hints the nearest listed strike and snaps to it on request', async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'NSE underlying' }), 'BANKNIFTY');
    await retype(/^Strike \(/, '59,040');
    const hint = document.getElementById(field(/^Strike \(/).getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain('NSE lists BANKNIFTY every ₹100.00; the nearest listed strike is ₹59,000.00.');
    await userEvent.click(within(hint).getByRole('button', { name: 'Use ₹59,000.00' }));
    expect(field(/^Strike \(/).value).toBe('59000');
    expect(document.getElementById(field(/^Strike \(/).getAttribute('aria-describedby')!)!.textContent).toContain('On the strike step');
  });

  it('takes every input typed, days to expiry included, and gives the calculator’s own words for a bad one', async () => {
    renderPage();
    await retype(/^Spot price/, '1500');
    await retype(/^Strike \(/, '1520');
    await retype(/^Lot size/, '500');
    await retype(/^Implied volatility/, '22');
    await userEvent.click(screen.getByRole('radio', { name: 'Days to expiry' }));
    await retype(/^Days to expiry/, '-1');
    expect(within(results()).getByRole('status').textContent).toBe('Days to expiry must be 0 or more.');
    await retype(/^Days to expiry/, '30');
    await userEvent.click(screen.getByRole('radio', { name: 'Put (PE)' }));
    const expected = indianGreeks({ type: 'put', spot: 1500, strike: 1520, iv: 0.22, days: 30, lotSize: 500 });
    if (!expected.ok) throw new Error(expected.error.message);
    expect(row('Premium')).toEqual([formatMoney(expected.value.perShare.price, 'INR'), formatMoney(expected.value.perLot.price, 'INR')]);
    // A put's delta is negative, written with the true minus sign.
    expect(row('Delta')[0]).toMatch(/^−0\.\d{4}$/);

    await retype(/^Implied volatility/, '0');
    expect(within(results()).getByRole('status').textContent).toBe('Implied volatility must be above 0% and at most 500%.');
    await retype(/^Implied volatility/, '22');
    await retype(/^Lot size/, '2.5');
    expect(within(results()).getByRole('status').textContent).toBe('Lot size must be a whole number of shares, at least 1.');
  });
});
