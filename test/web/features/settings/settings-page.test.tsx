// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@shared/format/money';
import { applyDisplay } from '@web/lib/display';
import { DEFAULT_API, stubApi, type Stub } from '../../app/api-stub';

const amplify = vi.hoisted(() => ({
  signOut: vi.fn(async () => undefined),
  updatePassword: vi.fn(async () => undefined),
  updateUserAttributes: vi.fn(async () => ({})),
}));
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}), ...amplify }));

import { SettingsPage } from '@web/features/settings/components/settings-page';
import { AuthProvider } from '@web/features/auth/hooks/auth-context';

const settings = { notifications: true, sounds: true, animations: true, widgetPosition: 'top-right' };
const deleting = {
  status: 'deleting',
  requestedAt: '2026-11-25T15:00:00Z',
  completedAt: null,
  itemsDeleted: 120,
  steps: ['signed_out'],
  message: 'Your account is being deleted. You have been signed out everywhere; this page says when every item is gone.',
};
const deleted = {
  ...deleting,
  status: 'deleted',
  completedAt: '2026-11-25T15:00:31Z',
  itemsDeleted: 130,
  message: 'Your account and all its data have been deleted.',
};

function renderSettings(overrides: Record<string, Stub> = {}) {
  const api = stubApi({ 'GET /api/gamification/state': { settings }, ...overrides });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider configured>
        <MemoryRouter>
          <SettingsPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return api;
}
const section = (name: string) => screen.getByRole('region', { name });

describe('settings', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    applyDisplay({ theme: 'system', motion: 'system', numberFormat: 'en-US' });
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('shows the email, saves the name through the user pool, and checks a new password as sign-up does', async () => {
    const api = renderSettings({ 'POST /api/me/sign-out-everywhere': { signedOutAt: '2026-11-25T15:00:00.000Z' } });
    const account = section('Account');
    await waitFor(() => expect(within(account).getByTestId('settings-email').textContent).toBe('ada@example.com'));
    const user = userEvent.setup();
    const name = within(account).getByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(within(account).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(amplify.updateUserAttributes).toHaveBeenCalledWith({ userAttributes: { name: 'Ada King' } }));
    await user.type(within(account).getByLabelText('Current password'), 'secret1');
    await user.type(within(account).getByLabelText('New password'), 'abc');
    await user.type(within(account).getByLabelText('Confirm new password'), 'abc');
    await user.click(within(account).getByRole('button', { name: 'Change password' }));
    expect(within(account).getByRole('alert').textContent).toBe('Password must be at least 6 characters');
    expect(amplify.updatePassword).not.toHaveBeenCalled();
    await user.click(within(account).getByRole('button', { name: 'Sign out everywhere' }));
    // The server revokes the sessions and refuses older tokens; then this browser forgets its own.
    await waitFor(() => expect(amplify.signOut).toHaveBeenCalledWith());
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/me/sign-out-everywhere', body: { reason: 'sign_out_everywhere' } });
  });

  it('signs out everywhere after a password change, this browser included', async () => {
    const api = renderSettings({ 'POST /api/me/sign-out-everywhere': { signedOutAt: '2026-11-25T15:00:00.000Z' } });
    const account = section('Account');
    const user = userEvent.setup();
    await user.type(within(account).getByLabelText('Current password'), 'secret1');
    await user.type(within(account).getByLabelText('New password'), 'secret2');
    await user.type(within(account).getByLabelText('Confirm new password'), 'secret2');
    await user.click(within(account).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(amplify.signOut).toHaveBeenCalledWith());
    expect(amplify.updatePassword).toHaveBeenCalledWith({ oldPassword: 'secret1', newPassword: 'secret2' });
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/me/sign-out-everywhere', body: { reason: 'password_changed' } });
  });

  it('links the paper account’s settings, one place only', () => {
    renderSettings();
    expect(within(section('Paper account')).getByRole('link', { name: "Open the paper account's settings" }).getAttribute('href')).toBe(
      '/app/portfolio#account-settings',
    );
  });

  it('changes a gamification setting on the server', async () => {
    const api = renderSettings({ 'PUT /api/gamification/settings': { state: { settings: { ...settings, sounds: false } } } });
    const sounds = await within(section('Gamification')).findByRole('checkbox', { name: /Sounds/ });
    await waitFor(() => expect((sounds as HTMLInputElement).disabled).toBe(false));
    await userEvent.setup().click(sounds);
    await waitFor(() => expect((sounds as HTMLInputElement).checked).toBe(false));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/gamification/settings', body: { sounds: false } }]);
  });

  it('takes the learner off the leaderboards with one box', async () => {
    const api = renderSettings({ 'PUT /api/gamification/settings': { state: { settings: { ...settings, showOnLeaderboards: false } } } });
    const box = await within(section('Gamification')).findByRole('checkbox', { name: /Show me on leaderboards/ });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ showOnLeaderboards: false }]);
  });

  it('turns alert e-mails on and off with one switch, read and written on the server', async () => {
    let emailOn = false;
    const reply = () => new Response(JSON.stringify({ emailOn }), { headers: { 'content-type': 'application/json' } });
    const api = renderSettings({
      'GET /api/notifications/settings': reply,
      'PUT /api/notifications/settings': (_url: URL, init?: RequestInit) => {
        emailOn = (JSON.parse(String(init?.body)) as { emailOn: boolean }).emailOn;
        return reply();
      },
    });
    const box = await within(section('Alerts')).findByRole('checkbox', { name: /E-mail me when an alert fires/ });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.setup().click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await userEvent.setup().click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ emailOn: true }, { emailOn: false }]);
  });

  it('switches to the dark theme at once and keeps it with the profile and in this browser', async () => {
    const me = DEFAULT_API['GET /api/me'] as { user: object; profile: { display: object } };
    const api = renderSettings({
      'PATCH /api/me/profile': { ...me, profile: { ...me.profile, display: { theme: 'dark', motion: 'system', numberFormat: 'en-US' } } },
    });
    const display = section('Display');
    await userEvent.setup().click(within(display).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('oa.display')!)).toMatchObject({ theme: 'dark' });
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ display: { theme: 'dark' } }]));
    expect(within(display).getByText('Now dark. Following your system switches with it.')).toBeTruthy();
  });

  it('reduces motion app-wide and writes numbers the chosen way', async () => {
    const me = DEFAULT_API['GET /api/me'] as { user: object; profile: object };
    renderSettings({ 'PATCH /api/me/profile': me });
    const display = section('Display');
    await userEvent.setup().click(within(display).getByRole('radio', { name: 'Reduce motion' }));
    expect(document.documentElement.dataset.motion).toBe('reduce');
    await userEvent.setup().selectOptions(within(display).getByLabelText(/Number format/), 'de-DE');
    expect(within(display).getByTestId('number-example').textContent).toContain('$1.234,56');
    expect(formatMoney(1234.5)).toBe('$1.234,50');
  });

  it('downloads all the data as one file and says how much it held', async () => {
    renderSettings({ 'GET /api/me/export': { exportedAt: '2026-11-25T15:00:00Z', userId: 'u1', about: '', sections: { profile: [{}], orders: [{}, {}] } } });
    await userEvent.setup().click(within(section('Privacy')).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(within(section('Privacy')).getByText('Downloaded: 3 items in 2 kinds.')).toBeTruthy());
  });

  it('deletes the account only after the exact confirmation is typed, and says when it is done', async () => {
    let reads = 0;
    const api = renderSettings({
      'POST /api/me/deletion': deleting,
      'GET /api/me/deletion': () => new Response(JSON.stringify(++reads < 2 ? deleting : deleted), { headers: { 'content-type': 'application/json' } }),
    });
    const privacy = section('Privacy');
    const button = within(privacy).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    const user = userEvent.setup();
    await user.type(within(privacy).getByLabelText(/to confirm/), 'delete my account');
    expect(button.disabled).toBe(true);
    await user.clear(within(privacy).getByLabelText(/to confirm/));
    await user.type(within(privacy).getByLabelText(/to confirm/), 'DELETE MY ACCOUNT');
    await user.click(button);
    await waitFor(() => expect(within(privacy).getByTestId('deletion-status').textContent).toContain('Your account is being deleted.'));
    expect(api.calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/me/deletion', body: { confirmation: 'DELETE MY ACCOUNT' } });
    await waitFor(() => expect(within(privacy).getByTestId('deletion-status').textContent).toContain('Your account and all its data have been deleted.'), {
      timeout: 6000,
    });
    await user.click(within(privacy).getByRole('button', { name: 'Leave Options Academy' }));
    await waitFor(() => expect(amplify.signOut).toHaveBeenCalledWith());
  }, 10_000);
});
