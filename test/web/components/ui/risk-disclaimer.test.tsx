// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DisclaimerBanner, DisclaimerLink } from '@web/components/ui/risk-disclaimer';

afterEach(cleanup);

describe('the risk notice', () => {
  it('says the trading is simulated on a paper account', () => {
    render(
      <MemoryRouter>
        <DisclaimerBanner full />
        <DisclaimerLink />
      </MemoryRouter>,
    );
    expect(screen.getByRole('complementary', { name: 'Risk notice' }).textContent).toContain('simulated trading with virtual money');
    expect(screen.getByRole('link', { name: 'Education only: read the risk disclaimer' })).toBeTruthy();
  });

  it('never says "simulated" or "virtual money" while a live account is selected', () => {
    render(
      <MemoryRouter>
        <DisclaimerBanner full live />
        <DisclaimerLink live />
      </MemoryRouter>,
    );
    const text = screen.getByRole('complementary', { name: 'Risk notice' }).textContent ?? '';
    expect(text).toContain('Real money:');
    expect(text).toContain('orders on this live account are real trades');
    expect(text).not.toMatch(/simulated|virtual money/);
    expect(screen.getByRole('link', { name: 'Real money: read the risk disclaimer' }).getAttribute('href')).toBe('/DisclaimerDetailed');
  });
});
