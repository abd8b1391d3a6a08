// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { StrategyCardWidget } from '@web/features/learning/components/widgets/strategy-card';

afterEach(cleanup);

describe("a strategy lesson's card", () => {
  it("is the template library's card, opening the builder on the lesson's underlying", () => {
    render(
      <MemoryRouter>
        <StrategyCardWidget templateId="bull-call-spread" underlying="SPY" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Bull Call Spread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in builder: Bull Call Spread' }).getAttribute('href')).toBe(
      '/app/trading?underlying=SPY&template=bull-call-spread',
    );
  });

  it('says so for an id the library does not have', () => {
    render(
      <MemoryRouter>
        <StrategyCardWidget templateId="no-such-strategy" underlying="SPY" />
      </MemoryRouter>,
    );
    expect(screen.getByText('This strategy is not in the template library.')).toBeTruthy();
  });
});
