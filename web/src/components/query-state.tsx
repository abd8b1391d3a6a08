import type { ReactNode } from 'react';
import { Spinner } from './ui/spinner';

/** What the three states need of a TanStack query (a combined read like the learning course's fits it too). */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  isFetching?: boolean;
  refetch: () => unknown;
}

/**
 * A read that failed: the server's message (the API client puts the body's `error` in it), and a button that asks
 * again. The message alone carries role="alert", so a screen reader reads what went wrong and not the button's name;
 * while the retry is on its way the button says so and cannot be pressed twice.
 */
export function QueryError({
  error,
  onRetry,
  retrying = false,
  fallback = 'This could not be loaded.',
  className = 'rounded-lg bg-red-50 p-3 text-sm text-red-800',
}: {
  error: Error | null;
  onRetry?: () => unknown;
  retrying?: boolean;
  fallback?: string;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 ${className}`} data-testid="query-error">
      <p role="alert">{error?.message || fallback}</p>
      {onRetry && (
        <button type="button" onClick={() => void onRetry()} disabled={retrying} className="font-semibold underline disabled:opacity-60">
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      )}
    </div>
  );
}

/**
 * One read's three states before its content: pending (the page's own spinner or skeleton, a spinner by default), failed
 * (the server's message and a retry that refetches), and, when the page says its data is empty, the page's own empty
 * text. Otherwise it renders `children` with the data. A page that returns early writes
 * `if (q.isPending || q.isError) return <QueryState query={q} />;` and reads `q.data` below, narrowed by TypeScript.
 */
export function QueryState<T>({
  query,
  pending,
  pendingLabel,
  isEmpty,
  empty = null,
  errorClassName,
  children,
}: {
  query: QueryLike<T>;
  /** What shows while the first answer is on its way; a spinner with `pendingLabel` by default. */
  pending?: ReactNode;
  pendingLabel?: string;
  /** When the data is there but has nothing to show, `empty` shows instead of `children`. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  errorClassName?: string;
  /** The content; left out where a page returns early on the pending and failed states and goes on with the data itself. */
  children?: (data: T) => ReactNode;
}) {
  if (query.isError) return <QueryError error={query.error} onRetry={query.refetch} retrying={query.isFetching} className={errorClassName} />;
  if (query.isPending || query.data === undefined) return <>{pending ?? <Spinner label={pendingLabel} />}</>;
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children?.(query.data)}</>;
}
