import { Link } from 'react-router-dom';
import { ApiError } from '@web/lib/api-client';

/** What a learning page shows when its data did not load: the server's message, and a way back. */
export function LoadFailure({ error, what }: { error: Error; what: string }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-xl space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <h1 className="text-lg font-bold text-slate-900">{notFound ? 'Not found' : `We could not load ${what}`}</h1>
      <p className="text-slate-700">{notFound ? `There is no such module in the course.` : error.message}</p>
      <Link to="/app/learning" className="font-semibold text-brand-800 underline">
        Back to the learning path
      </Link>
    </div>
  );
}
