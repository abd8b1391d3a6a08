// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../app/api-stub';

/** A signed-in learner in Amplify's place: tokens until the tab signs out. */
const amplify = vi.hoisted(() => {
  const state = { signedIn: true };
  return {
    state,
    fetchAuthSession: async () =>
      state.signedIn ? { tokens: { idToken: { toString: () => 'id-token', payload: { sub: 'u1', email: 'ada@example.com', name: 'Ada Learner' } } } } : {},
    signOut: vi.fn(async () => {
      state.signedIn = false;
    }),
  };
});
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: amplify.fetchAuthSession, signOut: amplify.signOut }));
vi.mock('@web/features/auth/api/auth-api', () => ({
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  requestPasswordReset: vi.fn(),
  setNewPassword: vi.fn(),
}));
vi.mock('@web/lib/runtime-config', () => ({ runtimeConfig: () => ({ stage: 'test', region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' }) }));

import { api, ApiError } from '@web/lib/api-client';
import { expectAccountDeletion, leaveDeletedAccount, onSessionEnd, sessionCleared, sessionEndOf } from '@web/lib/session-end';
import { AuthProvider } from '@web/features/auth/hooks/auth-context';
import { AuthPage } from '@web/features/auth/components/auth-page';
import { RequireAuth } from '@web/app/guards';

const AWARDS = '/api/gamification/awards';
const refusal = (code: string, error: string) => () => json({ error, code }, 401);

/** A page of the app that polls as the awards feed does, often. */
function Polling() {
  const awards = useQuery({ queryKey: ['awards'], queryFn: () => api.get<{ awards: unknown[] }>(AWARDS), refetchInterval: 20, retry: false });
  return <p>{awards.isSuccess ? 'Polling the awards' : 'Waiting'}</p>;
}

function renderApp(client: QueryClient) {
  const router = createMemoryRouter(
    [
      {
        path: '/app',
        element: (
          <RequireAuth>
            <Polling />
          </RequireAuth>
        ),
      },
      { path: '/login', element: <AuthPage initialMode="signIn" /> },
    ],
    { initialEntries: ['/app'] },
  );
  render(
    <QueryClientProvider client={client}>
      <AuthProvider configured>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const awardCalls = (calls: { path: string }[]) => calls.filter((c) => c.path.startsWith(AWARDS)).length;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

describe('a session the server refuses signs the tab out, in one place', () => {
  beforeEach(() => {
    amplify.state.signedIn = true;
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    sessionCleared();
  });

  for (const [code, error, sentence] of [
    ['account_deleted', 'This account has been deleted. Sign up again to start afresh.', 'This account has been deleted.'],
    ['signed_out', 'You signed out everywhere, or changed your password. Please sign in again.', 'You were signed out on every device.'],
  ] as const) {
    it(`a 401 with code ${code}: tokens and cache cleared, the polling stops, the sign-in page says why`, async () => {
      let refuse = false;
      const stub = stubApi({ [`GET ${AWARDS}`]: () => (refuse ? refusal(code, error)() : json({ awards: [] })) });
      const client = new QueryClient();
      const router = renderApp(client);
      await screen.findByText('Polling the awards');
      refuse = true;

      expect((await screen.findByTestId('session-ended')).textContent).toBe(sentence);
      expect(router.state.location.pathname).toBe('/login');
      await waitFor(() => expect(amplify.signOut).toHaveBeenCalledTimes(1));
      expect(client.getQueryCache().getAll()).toEqual([]);
      // The sign-in page stays: the tokens are gone, so it does not send the learner back into the app.
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();

      const asked = awardCalls(stub.calls);
      await settle();
      expect(awardCalls(stub.calls)).toBe(asked);
    });
  }

  it('a token the server refuses without a code is a session that has ended', async () => {
    stubApi({ [`GET ${AWARDS}`]: refusal('unauthorized', 'Sign in to continue.') });
    renderApp(new QueryClient());
    expect((await screen.findByTestId('session-ended')).textContent).toBe('Your session has ended. Please sign in again.');
  });

  it('a refusal answering a request sent before the tab signed out is old news: it ends nothing', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const ends: string[] = [];
    const stop = onSessionEnd((why) => ends.push(why));
    const late = api.get(AWARDS);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    sessionCleared();
    answer(json({ error: 'You signed out everywhere, or changed your password. Please sign in again.', code: 'signed_out' }, 401));
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(ends).toEqual([]);
    stop();
  });

  it('a 401 to a request that carried no token says nothing about a session', () => {
    expect(sessionEndOf(401, { error: 'Sign in to continue.', code: 'unauthorized' }, false)).toBeNull();
    expect(sessionEndOf(401, { code: 'account_deleted' }, false)).toBe('account_deleted');
    expect(sessionEndOf(403, { code: 'forbidden' }, true)).toBeNull();
  });
});

describe('deleting the account in this tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionCleared();
  });

  it('keeps to the deletion’s progress, sends nothing else, and signs out when the learner leaves', async () => {
    const stub = stubApi({
      'POST /api/me/deletion': { status: 'deleting' },
      'GET /api/me/deletion': { status: 'deleted' },
      [`GET ${AWARDS}`]: refusal('account_deleted', 'This account has been deleted. Sign up again to start afresh.'),
    });
    const ends: string[] = [];
    const stop = onSessionEnd((why) => ends.push(why));
    expectAccountDeletion();
    await api.post('/api/me/deletion', { confirmation: 'DELETE MY ACCOUNT' });
    await expect(api.get(AWARDS)).rejects.toBeInstanceOf(ApiError);
    expect(ends).toEqual([]);

    // Every other request is held back without reaching the server; the progress still answers.
    await expect(api.get('/api/portfolio')).rejects.toMatchObject({ status: 401, message: 'This account has been deleted.' });
    expect(await api.get('/api/me/deletion')).toEqual({ status: 'deleted' });
    expect(stub.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/me/deletion', `GET ${AWARDS}`, 'GET /api/me/deletion']);

    leaveDeletedAccount();
    expect(ends).toEqual(['account_deleted']);
    stop();
  });

  it('a deletion the server refused lets a refusal that came meanwhile sign the tab out', async () => {
    stubApi({
      'POST /api/me/deletion': () => json({ error: 'Type DELETE MY ACCOUNT to confirm.', code: 'bad_request' }, 400),
      [`GET ${AWARDS}`]: refusal('account_deleted', 'This account has been deleted. Sign up again to start afresh.'),
    });
    const ends: string[] = [];
    const stop = onSessionEnd((why) => ends.push(why));
    const undo = expectAccountDeletion();
    await expect(api.get(AWARDS)).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/me/deletion', { confirmation: 'x' })).rejects.toBeInstanceOf(ApiError);
    undo();
    expect(ends).toEqual(['account_deleted']);
    stop();
  });
});
