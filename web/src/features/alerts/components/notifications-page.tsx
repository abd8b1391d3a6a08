import { Link } from 'react-router-dom';
import { formatNewYorkTime } from '@shared/format/time';
import { QueryState } from '@web/components/query-state';
import { Button } from '@web/components/ui/button';
import { useMarkAllRead, useMarkRead, useNotifications } from '@web/api/notifications';
import { usePageMeta } from '@web/lib/page-meta';

/** /app/notifications (issue 37): what the learner's alerts said when they fired, newest first, with mark read. */
export default function NotificationsPage() {
  usePageMeta({ title: 'Notifications', description: 'What your alerts said when they fired.', path: '/app/notifications', noindex: true });
  const q = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
          <p className="mt-1 text-slate-700">
            Your alerts, when they fired. Alerts are checked after each end-of-day ingestion.{' '}
            <Link to="/app/alerts" className="font-semibold text-brand-800 underline">
              Your alerts
            </Link>
          </p>
        </div>
        <Button variant="secondary" onClick={() => markAll.mutate(undefined)} disabled={markAll.isPending || (q.data?.unread ?? 0) === 0}>
          Mark all read
        </Button>
      </header>
      <QueryState
        query={q}
        isEmpty={(d) => d.notifications.length === 0}
        empty={<p className="text-slate-700">No notifications yet. They appear here when an alert you set fires.</p>}
      >
        {(data) => (
          <ul className="space-y-3" data-testid="notifications">
            {data.notifications.map((n) => (
              <li key={n.id} className={`rounded-2xl p-4 shadow-sm ring-1 ${n.readAt ? 'bg-white ring-slate-200' : 'bg-sky-50 ring-sky-300'}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">
                    {!n.readAt && <span className="sr-only">Unread: </span>}
                    {n.title}
                  </h2>
                  <span className="text-sm text-slate-600">{formatNewYorkTime(n.createdAt)}</span>
                </div>
                <p className="mt-1 text-slate-700">{n.body}</p>
                <div className="mt-2 flex flex-wrap gap-4 text-sm">
                  <Link to={n.link} className="font-semibold text-brand-800 underline">
                    {n.link.startsWith('/app/portfolio') ? 'Open the portfolio' : 'Open the chain'}
                  </Link>
                  {!n.readAt && (
                    <button
                      type="button"
                      className="font-semibold text-slate-700 underline"
                      onClick={() => markRead.mutate(n.id)}
                      disabled={markRead.isPending}
                    >
                      Mark read
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
