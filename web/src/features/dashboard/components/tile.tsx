import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { QueryState, type QueryLike } from '@web/components/query-state';

/**
 * One dashboard tile: a titled card whose heading links to the page it summarises. While its one request is pending
 * it says so; when the request fails it says what failed and offers to try again, without hiding the other tiles.
 */
export function Tile({
  id,
  title,
  to,
  linkLabel,
  query,
  className = '',
  children,
}: {
  id: string;
  title: string;
  to: string;
  linkLabel: string;
  query?: Omit<QueryLike<unknown>, 'data'>;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = `tile-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`tile-${id}`}
      className={`flex min-w-0 flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={to} className="shrink-0 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          {linkLabel}
        </Link>
      </div>
      <div className="mt-3 min-w-0 flex-1">
        {query ? (
          <QueryState
            query={{ ...query, data: true }}
            pending={
              <p role="status" className="text-sm text-slate-600">
                Loading…
              </p>
            }
            errorClassName="text-sm text-red-800"
          >
            {() => children}
          </QueryState>
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** What a new learner should do first, in place of figures they do not have yet. */
export function EmptyState({ text, action, to }: { text: string; action: string; to: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
      <p>{text}</p>
      <Link to={to} className="mt-2 inline-block font-semibold text-brand-700 underline">
        {action}
      </Link>
    </div>
  );
}

export function Figure({ label, value, tone = '', testId }: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
