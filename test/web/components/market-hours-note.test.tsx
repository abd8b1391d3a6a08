// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketHoursNote, orderTypeWithHours } from '@web/components/trading/market-hours-note';

const SATURDAY = new Date('2026-11-28T15:00:00Z'); // Saturday 10:00 New York
const MONDAY = new Date('2026-11-30T16:00:00Z'); // Monday 11:00 New York, the market open

afterEach(cleanup);

describe('the ticket’s market-hours note', () => {
  it('says on a Saturday that a market order is queued for Monday, and lets the learner choose the practice shortcut', async () => {
    const onChange = vi.fn();
    render(<MarketHoursNote type="market" whenClosed="next-session" onChange={onChange} now={SATURDAY} />);
    expect(screen.getByTestId('market-hours-note').textContent).toContain(
      "The market is closed. This order is queued and fills at the next session's prices, after the market opens Monday at 9:30 New York time",
    );
    expect((screen.getByRole('radio', { name: 'Wait for the next session, as a broker does' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Fill now at the last close (practice shortcut)' }));
    expect(onChange).toHaveBeenCalledWith('last-close');
  });

  it('says what the shortcut does once chosen, and the confirmation’s order type carries it', () => {
    render(<MarketHoursNote type="market" whenClosed="last-close" onChange={() => undefined} now={SATURDAY} />);
    expect(screen.getByTestId('market-hours-note').textContent).toContain("Practice shortcut: this order fills now at the last close's prices");
    expect(orderTypeWithHours('Market (day)', 'last-close', SATURDAY)).toBe('Market (day), at the last close (practice shortcut)');
    expect(orderTypeWithHours('Market (day)', 'next-session', SATURDAY)).toBe('Market (day), queued for the next session');
  });

  it('shows nothing while the market is open', () => {
    const { container } = render(<MarketHoursNote type="market" whenClosed="next-session" onChange={() => undefined} now={MONDAY} />);
    expect(container.innerHTML).toBe('');
    expect(orderTypeWithHours('Market (day)', 'next-session', MONDAY)).toBe('Market (day)');
  });
});
