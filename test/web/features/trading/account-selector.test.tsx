// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const accounts = vi.hoisted(() => ({ current: { accounts: [] as unknown[], needsSetup: false, startingCapitals: [10000, 25000, 100000] } }));
vi.mock('@web/api/paper-account', () => ({
  useAccounts: () => ({ data: accounts.current, isPending: false }),
}));

import { AccountSelector } from '@web/features/trading/components/account-selector';
import { ModeBanner } from '@web/features/trading/components/mode-banner';

const paper = {
  id: 'paper',
  name: 'Paper Trading',
  displayName: 'Paper Trading',
  description: 'Virtual money: practise safely',
  mode: 'paper',
  broker: null,
  balance: 98765.4,
  currency: 'USD',
  isConnected: true,
};
const live = {
  id: 'zerodha',
  name: 'Zerodha Live',
  displayName: 'Zerodha',
  description: 'NSE options',
  mode: 'live',
  broker: 'Zerodha',
  balance: 250000,
  currency: 'INR',
  isConnected: true,
};

const renderUi = () =>
  render(
    <MemoryRouter>
      <AccountSelector />
      <ModeBanner />
    </MemoryRouter>,
  );

describe('the account selector and the mode banner', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('lists accounts with balance, LIVE badge and Connected, marks the current one, and ends with Add Broker Connection', async () => {
    accounts.current = { ...accounts.current, accounts: [paper, live] };
    renderUi();
    expect(screen.getByRole('status').textContent).toBe('PAPER TRADING MODEVirtual balance: $98,765.40Practice safely - No real money at risk');
    await userEvent.click(screen.getByRole('button', { name: /Paper Trading/ }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(items[1]!.textContent).toContain('₹2,50,000');
    expect(items[1]!.textContent).toContain('LIVE');
    expect(items[0]!.textContent).toContain('Connected');
    expect(screen.getByRole('menuitem', { name: '+ Add Broker Connection' }).getAttribute('href')).toBe('/app/broker-connections');

    await userEvent.click(items[1]!);
    expect(screen.getByRole('status').textContent).toBe('LIVE TRADING MODEZerodhaIndiaREAL MONEY! Trade with caution');
    expect(localStorage.getItem('options-academy.selected-account')).toBe('zerodha');
  });

  it('offers to open the paper account when there is none, and shows no banner', async () => {
    accounts.current = { ...accounts.current, accounts: [], needsSetup: true };
    renderUi();
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /No account yet/ }));
    expect(screen.getByRole('menuitem', { name: /Open your paper account/ }).getAttribute('href')).toBe('/app/portfolio');
  });
});
