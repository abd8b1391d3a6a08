// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState, type QueryLike } from '@web/components/query-state';

afterEach(cleanup);

const query = <T,>(over: Partial<QueryLike<T>>): QueryLike<T> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: () => undefined,
  ...over,
});
const list = (q: QueryLike<string[]>, extra: { pending?: string } = {}) =>
  render(
    <QueryState query={q} pendingLabel={extra.pending} isEmpty={(d) => d.length === 0} empty={<p>No screens saved yet.</p>}>
      {(d) => (
        <ul>
          {d.map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the page’s spinner label while the first answer is on its way', () => {
    list(query({ isPending: true }), { pending: 'Loading your screens' });
    expect(screen.getByRole('status').textContent).toBe('Loading your screens');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the server’s message, and its retry refetches', async () => {
    const refetch = vi.fn();
    list(query({ isError: true, error: new Error('The analysis store is unavailable.'), refetch }));
    expect(screen.getByRole('alert').textContent).toBe('The analysis store is unavailable.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('cannot be retried twice while a retry is on its way', () => {
    list(query({ isError: true, error: new Error('Down.'), isFetching: true }));
    expect((screen.getByRole('button', { name: 'Trying again…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the page’s own empty text when the data has nothing to show, and the content otherwise', () => {
    list(query({ data: [] }));
    expect(screen.getByText('No screens saved yet.')).toBeTruthy();
    cleanup();
    list(query({ data: ['Covered calls'] }));
    expect(screen.getByRole('listitem').textContent).toBe('Covered calls');
    expect(screen.queryByText('No screens saved yet.')).toBeNull();
  });

  it('with a real query: a failed read shows the error, and Try again shows the data once the server answers', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let calls = 0;
    const load = async () => {
      calls += 1;
      if (calls === 1) throw new Error('Temporarily unavailable.');
      return ['Iron condor'];
    };
    function Page() {
      const q = useQuery({ queryKey: ['test-only'], queryFn: load });
      return <QueryState query={q}>{(d) => <p>{d.join(', ')}</p>}</QueryState>;
    }
    render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Temporarily unavailable.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Iron condor')).toBeTruthy());
    expect(calls).toBe(2);
  });
});
