// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { ShareStrategyDialog, type ShareSource } from '@web/components/community/share-strategy-dialog';
import { CommunityPage } from '@web/features/community/components/community-page';
import { PostPage } from '@web/features/community/components/post-page';
import { StrategyFeed } from '@web/features/community/components/strategy-feed';
import type { Post } from '@web/api/community-posts';

function renderAt(path: string, routes: { path: string; element: React.ReactNode }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [...routes, { path: '/app/trading', element: <p>Builder</p> }, { path: '/app/community/posts/:id', element: <p>Post shown</p> }],
    {
      initialEntries: [path],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const POST: Post = {
  id: '01JD0000000000000000000000',
  title: 'Bull call spread into earnings',
  authorName: 'Ada Lovelace',
  authorPublicId: 'pubada000001',
  underlying: 'SPY',
  strategyName: 'Bull Call Spread',
  strategyType: 'bull-call-spread',
  tags: ['earnings'],
  source: 'builder',
  useful: 2,
  comments: 1,
  createdAt: '2026-11-20T15:00:00Z',
  hasOutcome: false,
  thesis:
    'Cheaper than the call. <script>window.pwned=1</script> <img src=x onerror="window.pwned=2"> See [the docs](javascript:alert(1)) and [Cboe](https://www.cboe.com/).',
  legs: [
    { action: 'buy', optionType: 'call', strikeRatio: 1, dte: 28, quantity: 1, premiumRatio: 0.016 },
    { action: 'sell', optionType: 'call', strikeRatio: 1.03, dte: 28, quantity: 1, premiumRatio: 0.006 },
  ],
  refPrice: 580,
  refDate: '2026-11-20',
  outcome: null,
  hidden: false,
  mine: false,
  votedUseful: false,
  commentList: [
    {
      id: '01JD0000000000000000000001',
      postId: '01JD0000000000000000000000',
      authorName: 'Grace',
      authorPublicId: null,
      body: '[click](javascript:alert(2)) please',
      createdAt: '2026-11-20T16:00:00Z',
      mine: false,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the share dialog', () => {
  const builder: ShareSource = {
    kind: 'builder',
    underlying: 'SPY',
    strategyName: 'Bull Call Spread',
    spot: 580,
    legs: [{ action: 'buy', optionType: 'call', strike: 580, expiration: '2026-12-18', quantity: 1, premium: 9.5 }],
  };

  it("sends the builder's legs with the title, thesis and tags, and hands back the post", async () => {
    const { calls } = stubApi({ 'POST /api/community/posts': () => json({ post: POST }, 201) });
    const onShared = vi.fn();
    renderAt('/', [{ path: '/', element: <ShareStrategyDialog source={builder} onClose={() => undefined} onShared={onShared} /> }]);
    const dialog = screen.getByRole('dialog', { name: 'Share with the community' });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('Bull Call Spread on SPY');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Thesis'), 'A cheaper way to be bullish.');
    await userEvent.type(within(dialog).getByLabelText(/^Tags/), 'earnings, low-iv');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share strategy' }));
    await vi.waitFor(() => expect(onShared).toHaveBeenCalledWith(POST));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      source: 'builder',
      title: 'Bull Call Spread on SPY',
      thesis: 'A cheaper way to be bullish.',
      tags: ['earnings', 'low-iv'],
      underlying: 'SPY',
      strategyName: 'Bull Call Spread',
      spot: 580,
      legs: builder.kind === 'builder' ? builder.legs : [],
    });
  });

  it("leaves a closed trade's outcome out unless the learner ticks it, and shows the server's refusal", async () => {
    const { calls } = stubApi({
      'POST /api/community/posts': () =>
        json({ error: 'You have shared 10 strategies today, the most a learner can share in a day.', code: 'rate_limited' }, 429),
    });
    renderAt('/', [
      {
        path: '/',
        element: (
          <ShareStrategyDialog
            source={{ kind: 'journal', journalTradeId: 't1', strategyName: 'Long Call', underlying: 'QQQ' }}
            onClose={() => undefined}
            onShared={() => undefined}
          />
        ),
      },
    ]);
    const box = screen.getByRole('checkbox', { name: /Show how the trade ended/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await userEvent.type(screen.getByLabelText('Thesis'), 'Bought the dip with a month to go.');
    await userEvent.click(screen.getByRole('button', { name: 'Share strategy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You have shared 10 strategies today');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ source: 'journal', journalTradeId: 't1', includeOutcome: false });
  });
});

describe('the post page', () => {
  it('renders the thesis and comments as Markdown with no live HTML and no javascript: links', async () => {
    stubApi({ [`GET /api/community/posts/${POST.id}`]: { post: POST } });
    renderAt(`/app/community/posts/${POST.id}`, [{ path: '/app/community/posts/:postId', element: <PostPage /> }]);
    await screen.findByRole('heading', { level: 1, name: POST.title });
    const thesis = screen.getByRole('region', { name: 'Thesis' });
    expect(thesis.querySelector('script, img')).toBeNull();
    expect(within(thesis).queryByRole('link', { name: 'the docs' })).toBeNull();
    expect(within(thesis).getByText('the docs')).toBeTruthy();
    expect(within(thesis).getByRole('link', { name: 'Cboe' }).getAttribute('href')).toBe('https://www.cboe.com/');
    expect(within(thesis).getByRole('link', { name: 'Cboe' }).getAttribute('rel')).toContain('noopener');
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    // The legs, relative to the price: at the money and 3% above.
    const legs = screen.getByRole('region', { name: 'Legs' });
    expect(within(legs).getByText('at the money')).toBeTruthy();
    expect(within(legs).getByText('+3.0% from the price')).toBeTruthy();
    // The author made their profile public: the name opens it. The commenter did not: plain text.
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/app/people/pubada000001');
    expect(screen.queryByRole('link', { name: 'Grace' })).toBeNull();
    expect(screen.getByText('Grace')).toBeTruthy();
  });

  it('posts a comment and marks the post useful', async () => {
    const { calls } = stubApi({
      [`GET /api/community/posts/${POST.id}`]: { post: POST },
      [`POST /api/community/posts/${POST.id}/comments`]: () => json({ comment: { ...POST.commentList[0], body: 'Nice', mine: true } }, 201),
      [`PUT /api/community/posts/${POST.id}/vote`]: () => json({ useful: 3, votedUseful: true }),
    });
    renderAt(`/app/community/posts/${POST.id}`, [{ path: '/app/community/posts/:postId', element: <PostPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Useful · 2' }));
    await screen.findByRole('button', { name: 'Useful · 3', pressed: true });
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Why this width?');
    await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.body && (c.body as { body: string }).body === 'Why this width?')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ useful: true });
  });

  it("opens the legs rebuilt on today's chain in the builder", async () => {
    stubApi({
      [`GET /api/community/posts/${POST.id}`]: { post: POST },
      [`GET /api/community/posts/${POST.id}/builder`]: {
        underlying: 'SPY',
        strategyType: 'bull-call-spread',
        spot: 640,
        legs: [
          { action: 'buy', optionType: 'call', strike: 640, expiration: '2027-02-19', quantity: 1, premium: null },
          { action: 'sell', optionType: 'call', strike: 660, expiration: '2027-02-19', quantity: 1, premium: null },
        ],
      },
    });
    const router = renderAt(`/app/community/posts/${POST.id}`, [{ path: '/app/community/posts/:postId', element: <PostPage /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Open in builder' }));
    await screen.findByText('Builder');
    const url = new URLSearchParams(router.state.location.search);
    expect(url.get('underlying')).toBe('SPY');
    expect(url.get('template')).toBe('bull-call-spread');
    expect(url.get('legs')).toBe('buy.call.640.2027-02-19.1,sell.call.660.2027-02-19.1');
  });

  it('says a hidden or missing post is not found', async () => {
    stubApi({
      [`GET /api/community/posts/${POST.id}`]: () => json({ error: 'This strategy post does not exist or is no longer shown.', code: 'not_found' }, 404),
    });
    renderAt(`/app/community/posts/${POST.id}`, [{ path: '/app/community/posts/:postId', element: <PostPage /> }]);
    expect((await screen.findByRole('alert')).textContent).toContain('This strategy post does not exist or is no longer shown.');
  });
});

describe("deleting one's own post or comment", () => {
  const MINE: Post = {
    ...POST,
    mine: true,
    commentList: [...POST.commentList, { ...POST.commentList[0]!, id: '01JD0000000000000000000002', body: 'My own afterthought', mine: true }],
  };
  const atPost = () =>
    renderAt(`/app/community/posts/${POST.id}`, [
      { path: '/app/community/posts/:postId', element: <PostPage /> },
      { path: '/app/community', element: <CommunityPage suggestedName="Ada" /> },
    ]);

  it('never offers another learner’s post or comment for deletion', async () => {
    stubApi({ [`GET /api/community/posts/${POST.id}`]: { post: POST } });
    atPost();
    await screen.findByRole('heading', { level: 1, name: POST.title });
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report post' })).toBeTruthy();
  });

  it('asks first, keeps the post on Keep, and on Delete withdraws it and returns to the feed with a short word', async () => {
    const { calls } = stubApi({
      [`GET /api/community/posts/${POST.id}`]: { post: MINE },
      [`DELETE /api/community/posts/${POST.id}`]: () => new Response(null, { status: 204 }),
      'GET /api/community/testimonial': { testimonial: null },
    });
    const router = atPost();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete post' }));
    const ask = screen.getByRole('group', { name: 'Delete this post?' });
    expect(ask.textContent).toContain("It still counts toward today's 10 posts.");
    // The safe answer has the focus: Enter does not delete.
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep' }));
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('group', { name: 'Delete this post?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete post' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your post was deleted. It no longer appears in the community.');
    expect(router.state.location.pathname).toBe('/app/community');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/community/posts/${POST.id}`]);
  });

  it("shows the server's answer and stays on the post when the deletion is refused", async () => {
    stubApi({
      [`GET /api/community/posts/${POST.id}`]: { post: MINE },
      [`DELETE /api/community/posts/${POST.id}`]: () => json({ error: 'This strategy post does not exist or is no longer shown.', code: 'not_found' }, 404),
    });
    const router = atPost();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete post' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This strategy post does not exist or is no longer shown.');
    expect(router.state.location.pathname).toBe(`/app/community/posts/${POST.id}`);
  });

  it('deletes only the learner’s own comment, after asking, and reads the post again', async () => {
    let withdrawn = false;
    const { calls } = stubApi({
      [`GET /api/community/posts/${POST.id}`]: () =>
        json({ post: withdrawn ? { ...MINE, comments: 1, commentList: POST.commentList } : { ...MINE, comments: 2 } }),
      [`DELETE /api/community/posts/${POST.id}/comments/01JD0000000000000000000002`]: () => {
        withdrawn = true;
        return new Response(null, { status: 204 });
      },
    });
    atPost();
    await screen.findByText('My own afterthought');
    // One Delete: on the learner's own comment, not on Grace's.
    const deletes = screen.getAllByRole('button', { name: 'Delete comment' });
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.textContent).toBe('Delete');
    await userEvent.click(deletes[0]!);
    const ask = screen.getByRole('group', { name: 'Delete this comment?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByText('My own afterthought')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('the feed', () => {
  it('lists posts and asks again when the sort changes', async () => {
    const { calls } = stubApi({ 'GET /api/community/posts': { posts: [POST], cursor: null } });
    renderAt('/app/community', [{ path: '/app/community', element: <StrategyFeed /> }]);
    const list = await screen.findByRole('list', { name: 'Shared strategies' });
    expect(within(list).getByRole('link', { name: POST.title }).getAttribute('href')).toBe(`/app/community/posts/${POST.id}`);
    expect(within(list).getByText('2 learners found it useful')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'useful');
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes('sort=useful'))).toBe(true));
  });
});
