// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { CommunityPage } from '@web/features/community/components/community-page';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/app/community', element: <CommunityPage suggestedName="Ada" /> }], { initialEntries: ['/app/community'] })}
      />
    </QueryClientProvider>,
  );
}

const STORY = {
  userId: 'u1',
  quote: 'Paper trading spreads first saved me from real mistakes.',
  name: 'Ada',
  role: '',
  status: 'pending',
  consentText: 'Show this on the public landing page',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
};

describe('sharing a learner story', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('needs the consent box before anything is sent', async () => {
    const { calls } = stubApi({ 'GET /api/community/testimonial': { testimonial: null } });
    renderPage();
    const quote = await screen.findByLabelText('Your story');
    expect((screen.getByLabelText('Name to show') as HTMLInputElement).value).toBe('Ada');
    await userEvent.type(quote, STORY.quote);
    await userEvent.click(screen.getByRole('button', { name: 'Share my story' }));
    expect(screen.getByRole('alert').textContent).toBe('Tick the box to agree that your story is shown on the public landing page.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('sends the story with consent and shows that it waits for review', async () => {
    const { calls } = stubApi({
      'GET /api/community/testimonial': { testimonial: null },
      'PUT /api/community/testimonial': () => json({ testimonial: STORY }),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your story'), STORY.quote);
    await userEvent.type(screen.getByLabelText('Role (optional)'), 'Teacher');
    await userEvent.click(screen.getByLabelText('Show this on the public landing page'));
    await userEvent.click(screen.getByRole('button', { name: 'Share my story' }));
    expect((await screen.findByTestId('story-status')).textContent).toContain('Waiting for review');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ quote: STORY.quote, name: 'Ada', role: 'Teacher', consent: true });
  });

  it('shows a published story and lets the learner withdraw it', async () => {
    const { calls } = stubApi({
      'GET /api/community/testimonial': { testimonial: { ...STORY, status: 'approved' } },
      'DELETE /api/community/testimonial': () => new Response(null, { status: 204 }),
    });
    renderPage();
    expect((await screen.findByTestId('story-status')).textContent).toContain('Published');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw my story' }));
    expect(await screen.findByRole('button', { name: 'Share my story' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(screen.queryByTestId('story-status')).toBeNull();
  });
});
