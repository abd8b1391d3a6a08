// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StrategyLeg } from '@shared/strategy';
import { PayoffChart } from '@web/components/strategy/payoff-chart';
import { stubResizeObserver } from './mock-api';

const leg = (action: 'buy' | 'sell', strike: number, premium: number): StrategyLeg => ({
  action,
  optionType: 'call',
  strike,
  premium,
  quantity: 1,
  expiration: '2026-12-18',
  underlying: 'SPY',
});
// The spread: SPY at $585.81, long the $586 call, short the $600, a $6.50 debit, 30 days out at 14% IV.
const spread = [leg('buy', 586, 9.9), leg('sell', 600, 3.4)];
const chart = () => render(<PayoffChart legs={spread} spot={585.81} today="2026-11-18" multiplier={1} iv={0.14} />);
const readout = () => screen.getByTestId('payoff-readout').textContent;

describe('the payoff chart', () => {
  beforeAll(stubResizeObserver);
  afterEach(cleanup);

  it('frames the price axis around the strikes, the breakeven and the expected move, and names the breakeven', () => {
    chart();
    expect(screen.getByRole('figure').textContent).toContain('for prices from $550 to $620');
    expect(screen.getByTestId('payoff-breakevens').textContent).toBe('Breakeven (BE) $592.50');
    expect(screen.getByRole('button', { name: 'Focused' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('widens on request, out to the spec’s 70%–130% of the price', async () => {
    const user = userEvent.setup();
    chart();
    await user.click(screen.getByRole('button', { name: '70%–130%' }));
    expect(screen.getByRole('button', { name: '70%–130%' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('figure').textContent).toContain('for prices from $400 to $800');
    await user.click(screen.getByRole('button', { name: 'Wider' }));
    expect(screen.getByRole('figure').textContent).toMatch(/for prices from \$5\d\d to \$6\d\d/);
  });

  it('reads the P&L at any price from the keyboard, starting at today’s price, in words a screen reader hears', async () => {
    const user = userEvent.setup();
    chart();
    const slider = screen.getByRole('slider', { name: 'Price to read the P&L at' });
    expect(slider.getAttribute('aria-valuenow')).toBe('585.81');
    // Today, at today's price, each leg is worth what it was priced at (its IV is solved from that price): no P&L yet.
    expect(readout()).toBe('At $585.81: −$650.00 at expiry (Dec 18), $0.00 on Nov 18');
    expect(screen.getByTestId('payoff-readout').getAttribute('aria-live')).toBe('polite');

    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(readout()).toMatch(/^At \$587\.00: −\$550\.00 at expiry/);
    expect(slider.getAttribute('aria-valuetext')).toBe('$587.00');
    await user.keyboard('{PageUp}');
    expect(readout()).toMatch(/^At \$597\.00: \+\$450\.00 at expiry/);
    await user.keyboard('{End}');
    expect(readout()).toMatch(/^At \$620\.00: \+\$750\.00 at expiry/);
    await user.keyboard('{ArrowRight}');
    expect(slider.getAttribute('aria-valuenow')).toBe('620');
    await user.keyboard('{Home}');
    expect(readout()).toMatch(/^At \$550\.00: −\$650\.00 at expiry/);
    expect(slider.getAttribute('aria-valuemin')).toBe('550');
    expect(slider.getAttribute('aria-valuemax')).toBe('620');
  });

  it('on the expiry date the readout gives the expiry P&L only', async () => {
    render(<PayoffChart legs={spread} spot={585.81} today="2026-12-18" multiplier={2} iv={0.14} />);
    expect(readout()).toBe('At $585.81: −$1,300.00 at expiry (Dec 18)');
  });

  it('draws both curves, the profit and loss shading, the strikes, the breakeven and today’s price, labelled', () => {
    const { container } = chart();
    const plot = container.querySelector('svg.payoff-plot')!;
    expect(plot.querySelectorAll('.payoff-curve path')).toHaveLength(2);
    expect(plot.querySelectorAll('.payoff-curve path')[0]!.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    const labels = [...plot.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toContain('BE $592.5');
    expect(labels).toContain('Today $585.81');
    // Two strikes, the breakeven, today's price and the zero line.
    expect(plot.querySelectorAll('.payoff-ref')).toHaveLength(5);
    // The price axis is labelled at the frame's ticks, the P&L axis at round amounts around −$650 to +$750.
    expect(labels).toEqual(expect.arrayContaining(['$550', '$620', '−$800', '$0', '$800']));
  });

  it('names the price line by its date when the chart is of a past day', () => {
    const { container } = render(<PayoffChart legs={spread} spot={585.81} today="2025-12-01" spotDate="Dec 1, 2025" multiplier={1} iv={0.14} />);
    const labels = [...container.querySelectorAll('svg.payoff-plot text')].map((t) => t.textContent);
    expect(labels).toContain('Dec 1, 2025 $585.81');
    expect(labels).not.toContain('Today $585.81');
    expect(screen.getByText('Price on Dec 1, 2025 $585.81')).toBeTruthy();
  });

  it('on the expiry date draws the expiry curve only', () => {
    const { container } = render(<PayoffChart legs={spread} spot={585.81} today="2026-12-18" multiplier={1} iv={0.14} />);
    expect(container.querySelectorAll('svg.payoff-plot .payoff-curve path')).toHaveLength(1);
  });
});
