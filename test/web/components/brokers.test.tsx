// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const link = {
  environment: 'paper',
  key_id_masked: 'PK…7QX2',
  options_trading_level: 2,
  compliance_acknowledged: false,
  compliance_acknowledged_at: null,
  last_validated_at: '2026-11-26T01:00:00Z',
  is_active: true,
  created_at: '2026-11-26T01:00:00Z',
  updated_at: '2026-11-26T01:00:00Z',
  host: '127.0.0.1:4700',
  standIn: true,
  account: {
    account_number: 'PA123',
    account_status: 'ACTIVE',
    trading_level: 2,
    options_approved_level: 3,
    buying_power: 100000,
    options_buying_power: 100000,
    pattern_day_trader: null,
    day_trade_count: null,
    equity: 100000,
    cash: 100000,
    portfolio_value: 100000,
    multiplier: 1,
    last_synced_at: '2026-11-26T01:00:00Z',
  },
};
let valid = true;
vi.mock('@web/api/broker', () => ({
  useBrokerCredentials: () => ({
    data: { credentials: [], environments: [{ environment: 'paper', host: '127.0.0.1:4700', standIn: true }] },
    isPending: false,
  }),
  useBrokerRefresh: () => async () => undefined,
  saveCredentials: vi.fn(async (env: string, body: { apiKey: string }) => {
    calls.push(`save ${env} ${body.apiKey}`);
    return { credentials: link };
  }),
  validateCredentials: vi.fn(async (env: string) => {
    calls.push(`validate ${env}`);
    return valid
      ? { valid: true, credentials: link }
      : { valid: false, message: 'Failed to validate credentials. Please check your API keys.', credentials: { ...link, account: null } };
  }),
  deleteCredentials: vi.fn(),
  acknowledgeDisclosures: vi.fn(async (env: string, list: string[]) => {
    calls.push(`ack ${env} ${list.join(',')}`);
    return { credentials: link };
  }),
}));

import { CredentialsPanel } from '@web/components/brokers/credentials-panel';
import { SetupWizard } from '@web/components/brokers/setup-wizard';

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
beforeEach(() => {
  calls.length = 0;
  valid = true;
});
afterEach(cleanup);

describe('the brokerage credentials panel', () => {
  it('opens to the connect prompt, shows the form’s issues once a field is left, and keeps Save disabled while one is an error', async () => {
    wrap(<CredentialsPanel />);
    await userEvent.click(screen.getByRole('button', { name: /Brokerage credentials/ }));
    expect(screen.getByText('Connect your Alpaca account for live trading')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('API Key'), 'XY12');
    await userEvent.tab();
    expect(screen.getByText(/API Key should start with PK \(paper\) or AK \(live\)/)).toBeTruthy();
    expect(screen.getByText(/API Key appears to be too short/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText('API Secret'));
    await userEvent.tab();
    expect(screen.getByText(/API Secret is required/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Environment'), 'live');
    expect(screen.getByText(/You are setting up LIVE trading with real money/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Options trading level'), '0');
    expect(screen.getByText(/Level 0 means options trading is disabled on your account/)).toBeTruthy();
  });

  it('opens one help text at a time', async () => {
    wrap(<CredentialsPanel defaultOpen />);
    const help = (what: string) => screen.getAllByRole('button').find((b) => b.textContent === `Help with ${what}`)!;
    await userEvent.click(help('the API key'));
    expect(screen.getByText(/open API Keys and create a key pair/)).toBeTruthy();
    await userEvent.click(help('the API secret'));
    expect(screen.queryByText(/open API Keys and create a key pair/)).toBeNull();
    expect(screen.getByText(/Alpaca shows the secret once/)).toBeTruthy();
  });

  it("saves with warnings ('Credentials saved successfully!'), and Test Connection saves then validates", async () => {
    wrap(<CredentialsPanel defaultOpen />);
    await userEvent.type(screen.getByLabelText('API Key'), 'PKABCDEFGHIJKLMNOPQRS');
    await userEvent.type(screen.getByLabelText('API Secret'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Credentials saved successfully!');
    expect(calls).toEqual(['save paper PKABCDEFGHIJKLMNOPQRS']);
    expect((screen.getByLabelText('API Secret') as HTMLInputElement).value).toBe('');
    valid = false;
    await userEvent.type(screen.getByLabelText('API Key'), 'PKABCDEFGHIJKLMNOPQRS');
    await userEvent.type(screen.getByLabelText('API Secret'), 'x'.repeat(40));
    await userEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    await screen.findByText('Failed to validate credentials. Please check your API keys.');
    expect(calls.slice(1)).toEqual(['save paper PKABCDEFGHIJKLMNOPQRS', 'validate paper']);
  });
});

describe('the setup wizard', () => {
  it('goes through the four steps, with Back, the credentials check and the required disclosures', async () => {
    const done = vi.fn();
    wrap(<SetupWizard onComplete={done} onCancel={() => undefined} />);
    expect(screen.getByText(/Step 1 of 4/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Validate & Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter both API Key and API Secret');
    valid = false;
    await userEvent.type(screen.getByLabelText('API Key'), 'PKABCDEFGHIJKLMNOPQRS');
    await userEvent.type(screen.getByLabelText('API Secret'), 'x'.repeat(40));
    await userEvent.click(screen.getByRole('button', { name: 'Validate & Continue' }));
    await screen.findByText('Invalid credentials. Please check your API key and secret.');
    valid = true;
    await userEvent.click(screen.getByRole('button', { name: 'Validate & Continue' }));
    await screen.findByText(/Step 3 of 4/);
    expect(screen.getByText('Strategies allowed at options trading level 2')).toBeTruthy();
    expect(screen.getByText('no longer reported by Alpaca')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText(/Step 2 of 4/)).toBeTruthy();
    // The secret is not kept once validated: it is typed again.
    await userEvent.type(screen.getByLabelText('API Secret'), 'x'.repeat(40));
    await userEvent.click(screen.getByRole('button', { name: 'Validate & Continue' }));
    await screen.findByText(/Step 3 of 4/);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const complete = screen.getByRole('button', { name: 'Complete Setup' }) as HTMLButtonElement;
    expect(complete.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText(/Characteristics and Risks/));
    await userEvent.click(screen.getByLabelText(/Pattern Day Trader rules/));
    expect(complete.disabled).toBe(false);
    await userEvent.click(complete);
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(calls.at(-1)).toBe('ack paper options_risk,pdt_rules');
  });
});
