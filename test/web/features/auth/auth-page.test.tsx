// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const authApi = vi.hoisted(() => ({
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  requestPasswordReset: vi.fn(),
  setNewPassword: vi.fn(),
}));
vi.mock('@web/features/auth/api/auth-api', () => authApi);
vi.mock('@web/lib/runtime-config', () => ({
  runtimeConfig: () => ({
    stage: 'test',
    region: 'us-east-1',
    userPoolId: 'p',
    userPoolClientId: 'c',
    authFlowType: 'USER_PASSWORD_AUTH',
    emailVerification: true,
  }),
}));
vi.mock('@web/features/auth/hooks/auth-context', () => ({
  useAuth: () => ({ state: { status: 'signedOut', user: null }, refresh: vi.fn(), signOut: vi.fn() }),
}));

import { AuthPage } from '@web/features/auth/components/auth-page';

function renderAt(path: '/login' | '/signup') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <AuthPage initialMode="signIn" /> },
      { path: '/signup', element: <AuthPage initialMode="signUp" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('AuthPage', () => {
  beforeEach(() => Object.values(authApi).forEach((f) => f.mockReset()));
  afterEach(cleanup);

  it('opens /signup in sign-up mode with the sign-up button disabled until the terms box is ticked', async () => {
    renderAt('/signup');
    expect(screen.getByRole('heading', { name: 'Create your free account' })).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submit.disabled).toBe(false);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('heads each sign-up check with what is wrong, never "Authentication Error", without calling Cognito', async () => {
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret2');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Passwords differ');
    expect(alert.textContent).toContain('Passwords do not match');

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // A too-short password is a password too short (spec part 1 §5's message word for word), not an authentication error.
    const short = screen.getByRole('alert');
    expect(within(short).getByRole('heading').textContent).toBe('Password too short');
    expect(within(short).getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(short.textContent).not.toContain('Authentication Error');
    expect(authApi.signUpWithEmail).not.toHaveBeenCalled();
  });

  it("heads the server's too-short-password answer at sign-up the same way, with the spec's server message", async () => {
    authApi.signUpWithEmail.mockRejectedValue(
      Object.assign(new Error('Password did not conform with policy: Password not long enough'), { name: 'InvalidPasswordException' }),
    );
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Password too short');
    expect(alert.textContent).toContain('Password must be at least 6 characters long.');
  });

  it('returns to sign-in mode with the success message after a sign-up', async () => {
    authApi.signUpWithEmail.mockResolvedValue({ confirmed: false });
    const router = renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Welcome! Your account has been created successfully. Check your email to verify your account.'),
    );
    expect(authApi.signUpWithEmail).toHaveBeenCalledWith('Ada Lovelace', 'ada@example.com', 'secret1');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the invalid-credentials message followed by tips', async () => {
    authApi.signInWithEmail.mockRejectedValue(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }));
    renderAt('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading').textContent).toBe('Authentication Error');
    expect(alert.textContent).toContain('The email or password you entered is incorrect. Please check your credentials and try again.');
    expect(alert.querySelectorAll('li').length).toBeGreaterThan(0);
  });

  it('clears messages and the sign-up fields when switching modes', async () => {
    renderAt('/signup');
    await userEvent.type(screen.getByLabelText('Full name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret2');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('requires an email to reset, then returns to sign-in with the sent message', async () => {
    authApi.requestPasswordReset.mockResolvedValue(undefined);
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const email = screen.getByLabelText('Email');
    email.removeAttribute('required');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(screen.getByRole('alert').textContent).toContain('Please enter your email address');
    await userEvent.type(email, 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Password reset email sent! Check your inbox for instructions.'));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('toggles the password between hidden and shown', async () => {
    renderAt('/login');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });
});
