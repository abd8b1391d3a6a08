// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StrategySummary } from '@shared/strategy';
import { GuidelinesView } from '@web/features/strategy/components/guidelines-view';
import { SummaryTiles } from '@web/features/strategy/components/summary-tiles';

const summary = (overrides: Partial<StrategySummary>): StrategySummary => ({
  maxProfit: 150,
  maxLoss: -350,
  breakevens: [598.5],
  netPremium: 150,
  debitCredit: { kind: 'credit', amount: 150, netPremium: 150 },
  rewardRisk: 150 / 350,
  pop: 0.7,
  popMethod: 'lognormal',
  timeValue: 150,
  ...overrides,
});

describe('the builder guidelines', () => {
  afterEach(cleanup);

  it('shows each spec guideline with what it means in dollars for this strategy and account', () => {
    render(<GuidelinesView summary={summary({})} equity={100_000} />);
    const section = screen.getByRole('region', { name: 'Trade management guidelines' });
    expect(within(section).getByTestId('guideline-position-size').textContent).toBe(
      'position size 1-5% (or 2-5%) of the portfolioWith $100,000.00 in the account that is $1,000.00–$5,000.00 at risk. This strategy can lose $350.00 (0.4% of the account).',
    );
    expect(within(section).getByTestId('guideline-profit-target').textContent).toBe(
      'profit target 25-50% of max profitClose when the profit reaches $37.50–$75.00 (the most it can make is $150.00).',
    );
    expect(within(section).getByTestId('guideline-stop').textContent).toBe(
      'stop at 2x credit or 50% of debitYou receive $150.00: close if buying it back would cost $300.00, a loss of $150.00.',
    );
  });

  it('says when a strategy risks more than the guideline, and when there is no account to size against', () => {
    render(
      <GuidelinesView
        summary={summary({ maxProfit: Infinity, maxLoss: -660, debitCredit: { kind: 'debit', amount: 660, netPremium: -660 } })}
        equity={10_000}
      />,
    );
    expect(screen.getByTestId('guideline-position-size').textContent).toContain(
      'This strategy can lose $660.00 (6.6% of the account), more than the guideline: fewer lots would bring it within.',
    );
    expect(screen.getByTestId('guideline-profit-target').textContent).toContain('The profit is unlimited: set a target in dollars before you open it.');
    expect(screen.getByTestId('guideline-stop').textContent).toContain('You pay $660.00: close if it falls to $330.00, a loss of $330.00.');
    cleanup();
    render(<GuidelinesView summary={summary({})} equity={null} />);
    expect(screen.getByTestId('guideline-position-size').textContent).toContain('Open a paper account to see this in dollars.');
  });

  it('shows no max loss, rather than a gain in red, for a position that cannot lose at expiry', () => {
    render(<SummaryTiles summary={summary({ maxLoss: 25 })} />);
    expect(screen.getByTestId('summary-max-loss').textContent).toBe('None');
  });
});
