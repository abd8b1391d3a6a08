// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { UNSUBSCRIBED_PAGE } from '@shared/alerts/messages';
import { UnsubscribePage } from '@web/features/alerts/components/unsubscribe-page';
import { stubApi } from '../../app/api-stub';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(url: string, post: (u: URL) => Response) {
  const api = stubApi({ 'POST /api/unsubscribe': post as never });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <UnsubscribePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('the unsubscribe page (public)', () => {
  afterEach(cleanup);

  it("turns alert e-mails off once with the link's token and says so", async () => {
    const api = renderAt('/unsubscribe?token=abc.def', () => json({ emailOn: false, message: UNSUBSCRIBED_PAGE.done }));
    expect(await screen.findByText(UNSUBSCRIBED_PAGE.done)).toBeTruthy();
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/unsubscribe?token=abc.def', body: undefined }]);
  });

  it('says a bad link is not valid, in words, and points to Settings', async () => {
    renderAt('/unsubscribe?token=tampered', () => json({ error: UNSUBSCRIBED_PAGE.refused, code: 'bad_request' }, 400));
    expect(await screen.findByText(UNSUBSCRIBED_PAGE.refused)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/app/settings');
  });

  it('asks nothing of the server without a token', () => {
    const api = renderAt('/unsubscribe', () => json({}));
    expect(screen.getByText(UNSUBSCRIBED_PAGE.refused)).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
