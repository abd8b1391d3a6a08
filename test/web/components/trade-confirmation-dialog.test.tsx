// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBalance, formatPnl } from '@shared/format/money';
import { TradeConfirmationDialog, type TradeDetails } from '@web/components/trading/trade-confirmation-dialog';

const trade: TradeDetails = {
  action: 'BUY',
  quantity: 2,
  symbol: 'SPY Dec 18, 2026 $600 Call',
  orderType: 'Market (day)',
  price: 4.77,
  totalCost: 955.3,
  currency: 'USD',
};
afterEach(cleanup);

describe('the trade confirmation dialog (spec part 1 §2)', () => {
  it('shows the trade and the paper account as Virtual, confirming with Place Paper Trade', async () => {
    const onConfirm = vi.fn();
    render(
      <TradeConfirmationDialog
        trade={trade}
        account={{ name: 'Paper Trading', mode: 'paper' }}
        loading={false}
        onConfirm={onConfirm}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('BUY');
    expect(dialog.textContent).toContain('2 × SPY Dec 18, 2026 $600 Call');
    expect(dialog.textContent).toContain('Market (day)');
    expect(dialog.textContent).toContain('$4.77');
    expect(dialog.textContent).toContain('$955.30');
    expect(dialog.textContent).toContain('Paper Trading (Virtual)');
    await userEvent.click(screen.getByRole('button', { name: 'Place Paper Trade' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('disables confirm, cancel and close while loading, reading Processing...', () => {
    render(
      <TradeConfirmationDialog
        trade={trade}
        account={{ name: 'Paper Trading', mode: 'paper' }}
        loading
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect((screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('in live mode warns of real money and keeps PLACE LIVE TRADE disabled until the box is ticked', async () => {
    render(
      <TradeConfirmationDialog
        trade={trade}
        account={{ name: 'Alpaca Live', mode: 'live' }}
        loading={false}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog').textContent).toContain('Alpaca Live (REAL MONEY)');
    const confirm = screen.getByRole('button', { name: 'PLACE LIVE TRADE' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox'));
    expect(confirm.disabled).toBe(false);
  });

  it('keeps confirm disabled when a pre-trade check already refused the order', () => {
    render(
      <TradeConfirmationDialog
        trade={trade}
        account={{ name: 'Paper Trading', mode: 'paper' }}
        loading={false}
        blocked
        error="Trading level 3 required. Current level: 2"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect((screen.getByRole('button', { name: 'Place Paper Trade' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Trading level 3 required. Current level: 2');
  });

  it('closes with Escape and Cancel when not loading', async () => {
    const onCancel = vi.fn();
    render(
      <TradeConfirmationDialog
        trade={trade}
        account={{ name: 'Paper Trading', mode: 'paper' }}
        loading={false}
        onConfirm={() => undefined}
        onCancel={onCancel}
      />,
    );
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});

describe('balances', () => {
  it('shows INR with a rupee sign, Indian grouping and no decimals; dollars with up to 2 decimals (cents unless whole)', () => {
    expect(formatBalance(1234567.89, 'INR')).toBe('₹12,34,568');
    expect(formatBalance(100000, 'USD')).toBe('$100,000');
    expect(formatBalance(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatBalance(1234.567, 'USD')).toBe('$1,234.57');
    expect(formatPnl(12.5)).toBe('+$12.50');
    expect(formatPnl(-3)).toBe('−$3.00');
  });
});
