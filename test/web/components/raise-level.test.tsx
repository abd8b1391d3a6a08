// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ComplianceCheck } from '@shared/compliance/checks';
import { stubApi } from '../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { RaiseLevel } from '@web/components/trading/raise-level';
import { AccountSetupForm } from '@web/components/trading/account-setup-form';
import { templateById } from '@shared/strategy/templates';

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
const levelBlock: ComplianceCheck = {
  passed: false,
  type: 'trading_level',
  severity: 'error',
  message: 'Trading level 3 required. Current level: 2',
  details: { required: 3, current: 2 },
};

describe('a level block offers to raise the level right there', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains the level, raises it on one confirmation, and lets the caller check the order again', async () => {
    const api = stubApi({
      'PUT /api/account/settings': { settings: { optionsLevel: 3 } },
      'GET /api/portfolio': null,
      'GET /api/orders': { orders: [] },
      'GET /api/accounts': {},
    });
    const onRaised = vi.fn();
    wrap(<RaiseLevel checks={[levelBlock]} onRaised={onRaised} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Raise my level to 3 (Advanced)' }));
    expect(screen.getByRole('group', { name: 'Raise your options trading level to 3' }).textContent).toContain('spreads (vertical, calendar, diagonal)');
    await user.click(screen.getByRole('button', { name: 'Raise to level 3' }));
    await waitFor(() => expect(onRaised).toHaveBeenCalledTimes(1));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/account/settings', body: { optionsLevel: 3 } }]);
  });

  it('shows nothing when no check is a level block', () => {
    wrap(<RaiseLevel checks={[{ ...levelBlock, type: 'buying_power' }]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('opening the account', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks which trading level the learner wants, each explained, and opens with it', async () => {
    const api = stubApi({ 'POST /api/account': { account: { cash: 25_000 } }, 'GET /api/orders': { orders: [] }, 'GET /api/accounts': {} });
    wrap(<AccountSetupForm />);
    const user = userEvent.setup();
    expect((screen.getByRole('radio', { name: /Level 2: Standard/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/Everything in Standard, plus spreads/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /\$25,000/ }));
    await user.click(screen.getByRole('radio', { name: /Level 3: Advanced/ }));
    await user.click(screen.getByRole('button', { name: 'Open paper account' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/account', body: { startingCapital: 25_000, optionsLevel: 3 } },
      ]),
    );
  });

  it('says in one line what each options trading level opens, from the templates, and marks the level the Beginner templates need', () => {
    wrap(<AccountSetupForm />);
    expect(screen.getByText('Choose your options trading level')).toBeTruthy();
    expect(screen.getByTestId('level-opens-0').textContent).toBe('Opens no strategy templates.');
    expect(screen.getByTestId('level-opens-1').textContent).toMatch(/^Opens the .*Covered Call.* templates\.$/);
    expect(screen.getByTestId('level-opens-2').textContent).toContain('Long Call');
    expect(screen.getByTestId('level-opens-3').textContent).toMatch(/^Opens \d+ more templates, among them the Beginner .*Bull Call Spread/);
    const marked = screen.getAllByText('The Beginner templates need this level');
    expect(marked).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /^Level 3: Advanced.*The Beginner templates need this level/ })).toBeTruthy();
    expect(screen.queryByTestId('level-reason')).toBeNull();
  });

  it('starts at the level the template the learner came from needs, says why, and opens with it', async () => {
    const api = stubApi({ 'POST /api/account': { account: { cash: 100_000 } }, 'GET /api/orders': { orders: [] }, 'GET /api/accounts': {} });
    wrap(<AccountSetupForm template={templateById('bull-call-spread')!} />);
    expect((screen.getByRole('radio', { name: /^Level 3: Advanced/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('level-reason').textContent).toBe(
      'Options trading level 3 (Advanced) is chosen for you: the Bull Call Spread you came from needs it.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open paper account' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/account', body: { startingCapital: 100_000, optionsLevel: 3 } },
      ]),
    );
  });

  it('keeps the default level when it already allows the template, and says so', () => {
    wrap(<AccountSetupForm template={templateById('long-call')!} />);
    expect((screen.getByRole('radio', { name: /^Level 2: Standard/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('level-reason').textContent).toBe('Options trading level 2 (Standard) already allows the Long Call you came from.');
  });
});
