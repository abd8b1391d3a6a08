// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentTokenSummary } from '@shared/agent/token';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));
// Scalar's viewer (a Vue app) is not drawn in jsdom: a stand-in shows what it was given.
vi.mock('@web/features/agent/components/scalar-reference', () => ({
  default: ({ document }: { document: { paths: Record<string, unknown> } }) => <p>Reference of {Object.keys(document.paths).length} paths</p>,
}));

import AgentPage from '@web/features/agent/components/agent-page';

const TOKEN_ID = '01KBZ8Y3Q4N5P6R7S8T9V0W1X2';
const SECRET = `oa_pat_${'A'.repeat(39)}abcd`;

/** The token routes as the server answers them, over a list the test can see. */
function tokenServer(initial: AgentTokenSummary[] = [], refusal?: { status: number; body: unknown }) {
  const tokens = [...initial];
  const api = stubApi({
    'GET /api/openapi.json': { openapi: '3.1.0', info: { title: 'Options Academy API', version: 'dev' }, paths: { '/api/orders': {}, '/api/portfolio': {} } },
    'GET /api/agent/tokens': () => json({ tokens, max: 10 }),
    'POST /api/agent/tokens': (_url: URL, init?: RequestInit) => {
      if (refusal) return json(refusal.body, refusal.status);
      const body = JSON.parse(String(init!.body)) as { name: string; scopes: AgentTokenSummary['scopes']; expiresInDays: number };
      const token: AgentTokenSummary = {
        id: TOKEN_ID,
        name: body.name,
        scopes: body.scopes,
        lastFour: 'abcd',
        createdAt: '2026-11-29T02:00:00.000Z',
        expiresAt: new Date(Date.parse('2026-11-29T02:00:00.000Z') + body.expiresInDays * 86_400_000).toISOString(),
        lastUsedAt: null,
      };
      tokens.push(token);
      return json({ token, secret: SECRET }, 201);
    },
    'DELETE /api/agent/tokens/01KBZ8Y3Q4N5P6R7S8T9V0W1X2': () => {
      tokens.splice(
        tokens.findIndex((t) => t.id === TOKEN_ID),
        1,
      );
      return new Response(null, { status: 204 });
    },
  });
  return { ...api, tokens };
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AgentPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T03:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Agent API page', () => {
  it('creates a token, shows it once with a copy button, lists it by its last four, and revokes it', async () => {
    const server = tokenServer();
    const user = userEvent.setup();
    renderPage();
    const list = section('Your tokens');
    await within(list).findByText(/No tokens yet/);
    expect(within(list).getByTestId('token-count').textContent).toContain('0 of 10 tokens.');

    // Create: a name, both scopes, 30 days.
    const form = section('Create a token');
    await user.type(within(form).getByLabelText('Name'), 'my-bot');
    await user.click(within(form).getByRole('checkbox', { name: /^trade/ }));
    await user.click(within(form).getByRole('radio', { name: '30 days' }));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'my-bot', scopes: ['read', 'trade'], expiresInDays: 30 });

    // Shown once, with the words that it will not be shown again, and copied.
    const dialog = await screen.findByRole('dialog', { name: 'Token "my-bot" created' });
    expect((within(dialog).getByTestId('token-secret') as HTMLInputElement).value).toBe(SECRET);
    expect(dialog.textContent).toContain('It will not be shown again');
    await user.click(within(dialog).getByRole('button', { name: 'Copy the token' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(dialog).getByText('Copied.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);

    // Listed by name, scopes and last four; never used yet.
    const row = await within(list).findByTestId('token-row');
    expect(within(row).getByText('my-bot')).toBeTruthy();
    expect(within(row).getByTestId('token-last-four').textContent).toBe('oa_pat_…abcd');
    expect(within(row).getByText('read')).toBeTruthy();
    expect(within(row).getByText('trade')).toBeTruthy();
    expect(within(row).getByText('never')).toBeTruthy();
    expect(within(row).getByText('Dec 28, 9:00 PM ET')).toBeTruthy();
    expect(within(list).getByTestId('token-count').textContent).toContain('1 of 10 tokens.');

    // Revoke, after a confirmation that says what it does.
    await user.click(within(row).getByRole('button', { name: 'Revoke my-bot' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke "my-bot"?' });
    expect(confirm.textContent).toContain('is refused from now on');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await within(list).findByText(/No tokens yet/);
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/agent/tokens/${TOKEN_ID}`]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a token when the confirmation is declined', async () => {
    const server = tokenServer([
      {
        id: TOKEN_ID,
        name: 'keeper',
        scopes: ['read'],
        lastFour: 'wxyz',
        createdAt: '2026-11-01T15:00:00Z',
        expiresAt: '2027-01-30T15:00:00Z',
        lastUsedAt: '2026-11-28T20:30:00Z',
      },
    ]);
    const user = userEvent.setup();
    renderPage();
    const row = await within(section('Your tokens')).findByTestId('token-row');
    expect(within(row).getByText('Nov 28, 3:30 PM ET')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Revoke keeper' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(section('Your tokens')).getByTestId('token-row')).toBeTruthy();
  });

  it("checks the name with the contract's own rule before asking the server", async () => {
    const server = tokenServer();
    const user = userEvent.setup();
    renderPage();
    const form = section('Create a token');
    await within(section('Your tokens')).findByText(/No tokens yet/);
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByRole('alert').textContent).toBe('Name must not be empty.');
    await user.type(within(form).getByLabelText('Name'), '-bot');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/^Name must start with a letter or digit/);
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'bot');
    await user.click(within(form).getByRole('checkbox', { name: /^read/ }));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose at least one scope.');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says the limit of 10 and offers no creation once it is reached', async () => {
    tokenServer(
      Array.from({ length: 10 }, (_, i) => ({
        id: `01KBZ8Y3Q4N5P6R7S8T9V0W1${String(i).padStart(2, '0')}`,
        name: `bot-${i}`,
        scopes: ['read' as const],
        lastFour: `00${String(i).padStart(2, '0')}`,
        createdAt: '2026-11-01T15:00:00Z',
        expiresAt: '2027-01-30T15:00:00Z',
        lastUsedAt: null,
      })),
    );
    renderPage();
    const form = section('Create a token');
    await within(form).findByText('You have 10 tokens, the most a learner may hold. Revoke one to create another.');
    expect((within(form).getByRole('button', { name: 'Create token' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(section('Your tokens')).getAllByTestId('token-row')).toHaveLength(10);
  });

  it("shows the server's refusal in its own words", async () => {
    tokenServer([], { status: 409, body: { error: 'You already have 10 tokens: revoke one first.', code: 'conflict' } });
    const user = userEvent.setup();
    renderPage();
    await within(section('Your tokens')).findByText(/No tokens yet/);
    const form = section('Create a token');
    await user.type(within(form).getByLabelText('Name'), 'eleventh');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('You already have 10 tokens: revoke one first.'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the examples against this site with a placeholder token, and the API document in the viewer', async () => {
    tokenServer();
    const user = userEvent.setup();
    renderPage();
    const examples = section('Examples');
    const curl = within(examples).getByRole('figure', { name: 'curl' }).textContent ?? '';
    expect(curl).toContain(`BASE=${window.location.origin}`);
    expect(curl).toContain('TOKEN=oa_pat_REPLACE_WITH_YOUR_TOKEN');
    expect(curl).toContain('$BASE/api/market/SPY/chain?expiry=');
    await user.click(within(examples).getByRole('radio', { name: 'TypeScript' }));
    expect(within(examples).getByRole('figure', { name: 'TypeScript' }).textContent).toContain("'POST', '/api/orders'");
    expect(await within(section('API reference')).findByText('Reference of 2 paths')).toBeTruthy();
  });
});
