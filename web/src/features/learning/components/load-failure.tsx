import { Link } from 'react-router-dom';
import { QueryError } from '@web/components/query-state';
import { ApiError } from '@web/lib/api-client';

/**
 * What a learning page shows when its data did not load: the server's message with a retry (a module the course does
 * not have is not retried: it is not found), and a way back.
 */
export function LoadFailure({ error, what, onRetry, retrying }: { error: Error; what: string; onRetry?: () => unknown; retrying?: boolean }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-xl space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h1 className="text-lg font-bold text-slate-900">{notFound ? 'Not found' : `We could not load ${what}`}</h1>
      {notFound ? (
        <p role="alert" className="text-slate-700">
          There is no such module in the course.
        </p>
      ) : (
        <QueryError error={error} onRetry={onRetry} retrying={retrying} className="text-slate-700" />
      )}
      <Link to="/app/learning" className="font-semibold text-brand-800 underline">
        Back to the learning path
      </Link>
    </div>
  );
}
