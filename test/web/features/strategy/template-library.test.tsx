// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import TemplateLibraryPage from '@web/features/strategy/components/template-library-page';

const renderPage = (route: 'templates' | 'strategy-templates' | 'strategies' = 'templates') =>
  render(
    <MemoryRouter>
      <TemplateLibraryPage route={route} />
    </MemoryRouter>,
  );

const cards = () => screen.queryAllByTestId('template-card');
const countOf = (tab: HTMLElement) => Number(/(\d+)$/.exec(tab.textContent ?? '')![1]);

afterEach(cleanup);

describe('the strategy template library', () => {
  it('opens every template on the ticker the chain sent, and on the builder default otherwise', () => {
    render(
      <MemoryRouter initialEntries={['/app/templates?underlying=spy']}>
        <TemplateLibraryPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Open in builder: Bull Call Spread' }).getAttribute('href')).toBe(
      '/app/trading?underlying=SPY&template=bull-call-spread',
    );
    cleanup();
    renderPage();
    expect(screen.getByRole('link', { name: 'Open in builder: Bull Call Spread' }).getAttribute('href')).toBe('/app/trading?template=bull-call-spread');
  });

  it('has four tabs whose counts match their cards', async () => {
    renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.replace(/\d+$/, '').trim())).toEqual(['Bullish', 'Bearish', 'Neutral', 'Others']);
    let total = 0;
    for (const tab of tabs) {
      await userEvent.click(tab);
      expect(tab.getAttribute('aria-selected')).toBe('true');
      expect(cards()).toHaveLength(countOf(tab));
      total += countOf(tab);
    }
    expect(total).toBeGreaterThanOrEqual(50);
    expect(screen.getByRole('heading', { level: 1 }).parentElement!.textContent).toContain(`${total} ready-made strategies`);
  });

  it('searches name and description, updates the counts and says when nothing matches', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Search strategies'), 'condor');
    const neutral = screen.getByRole('tab', { name: /^Neutral/ });
    await userEvent.click(neutral);
    expect(cards().length).toBe(countOf(neutral));
    expect(cards().every((c) => /condor/i.test(c.textContent ?? ''))).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: /^Others/ }));
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toContain('Reverse Iron Condor');
    await userEvent.clear(screen.getByLabelText('Search strategies'));
    await userEvent.type(screen.getByLabelText('Search strategies'), 'no such strategy');
    expect(screen.getByText('No strategies found')).toBeTruthy();
    expect(screen.getAllByRole('tab').map(countOf)).toEqual([0, 0, 0, 0]);
  });

  it('shows a card’s risk, reward, conditions and worked example, and opens it in the builder', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('tab', { name: /^Neutral/ }));
    const card = screen.getByRole('article', { name: 'Iron Condor' });
    expect(within(card).getByText('intermediate')).toBeTruthy();
    expect(card.textContent).toContain('Width of the wider spread - net credit');
    expect(card.textContent).toContain('Sold put strike - net credit; Sold call strike + net credit');
    expect(card.textContent).toContain('Time decay helps; rising volatility hurts');
    const details = card.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(within(card).getByText('How to place it, with a worked example'));
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('XYZ trades at $100.');
    expect(within(card).getByRole('link', { name: 'Open in builder: Iron Condor' }).getAttribute('href')).toBe('/app/trading?template=iron-condor');
  });

  it('sets its title and canonical link', async () => {
    renderPage('strategy-templates');
    await waitFor(() => expect(document.title).toBe('Strategy Templates | Options Academy'));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/app\/templates$/);
    cleanup();
    renderPage('strategies');
    await waitFor(() => expect(document.title).toBe('Strategies | Options Academy'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Strategies');
  });
});
