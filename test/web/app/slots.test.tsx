// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSummary } from '@web/api/paper-account';

const selected = vi.hoisted(() => ({ account: null as unknown }));
vi.mock('@web/api/selected-account', () => ({ useSelectedAccount: () => ({ selected: selected.account }) }));

import { ModeSummarySlot } from '@web/app/shell/slots';

const account = (over: Partial<AccountSummary>) =>
  ({ id: 'paper', name: 'Paper Trading', mode: 'paper', balance: 99_926.9, currency: 'USD', ...over }) as AccountSummary;

describe("the phone's one-line mode summary", () => {
  afterEach(cleanup);

  it('gives the paper mode and the virtual balance', () => {
    selected.account = account({});
    render(<ModeSummarySlot />);
    expect(screen.getByTestId('mode-summary').textContent).toBe('PAPER trading mode, virtual balance $99,926.90');
  });

  it('shows a whole balance with its cents, as every other figure of money', () => {
    selected.account = account({ balance: 99_957 });
    render(<ModeSummarySlot />);
    expect(screen.getByTestId('mode-summary').textContent).toBe('PAPER trading mode, virtual balance $99,957.00');
  });

  it('says LIVE and REAL MONEY for a live account', () => {
    selected.account = account({ id: 'alpaca', mode: 'live' });
    render(<ModeSummarySlot />);
    expect(screen.getByTestId('mode-summary').textContent).toBe('LIVE trading mode: · REAL MONEY');
  });

  it('says nothing before there is an account', () => {
    selected.account = null;
    const { container } = render(<ModeSummarySlot />);
    expect(container.textContent).toBe('');
  });
});
