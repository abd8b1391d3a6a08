import { Link } from 'react-router-dom';
import { QueryState } from '@web/components/query-state';
import { useAlerts, useDeleteAlert, usePauseAlert, useResumeAlert } from '@web/api/alerts';
import { usePageMeta } from '@web/lib/page-meta';
import { AlertForm } from './alert-form';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
const STATUS: Record<string, string> = { active: 'Active', paused: 'Paused', done: 'Fired, done' };

/** /app/alerts (issue 37): the learner's own alerts, a form to set one, pause, resume and delete. */
export default function AlertsPage() {
  usePageMeta({
    title: 'Alerts',
    description: 'Alerts you set on an underlying or a contract, checked after each end-of-day ingestion.',
    path: '/app/alerts',
    noindex: true,
  });
  const q = useAlerts();
  const pause = usePauseAlert();
  const resume = useResumeAlert();
  const remove = useDeleteAlert();
  const busy = pause.isPending || resume.isPending || remove.isPending;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Alerts</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Alerts you set tell you when a figure you watch reaches your level. They are checked after each end-of-day ingestion and write a{' '}
          <Link to="/app/notifications" className="font-semibold text-brand-800 underline">
            notification
          </Link>
          .
        </p>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="new-alert-h" className={card}>
          <h2 id="new-alert-h" className="text-lg font-semibold text-slate-900">
            Set an alert
          </h2>
          <div className="mt-3">
            <AlertForm full={(q.data?.active ?? 0) >= (q.data?.maxActive ?? 50)} />
          </div>
        </section>
        <section aria-labelledby="alerts-h" className={`${card} min-w-0`}>
          <h2 id="alerts-h" className="text-lg font-semibold text-slate-900">
            Your alerts
          </h2>
          <QueryState query={q}>
            {(data) => (
              <>
                <p className="mt-1 text-sm text-slate-700">
                  {data.active} of {data.maxActive} active. {data.schedule}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  Each alert that fires shows under the bell{data.emailOn ? ' and is e-mailed to you' : ''}; e-mail is chosen in{' '}
                  <Link to="/app/settings#alerts" className="font-semibold text-brand-700 underline">
                    Settings
                  </Link>
                  .
                </p>
                {data.alerts.length === 0 ? (
                  <p className="mt-3 text-slate-700">No alerts yet.</p>
                ) : (
                  <ul className="mt-3 divide-y divide-slate-200" data-testid="alerts">
                    {data.alerts.map((a) => (
                      <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                        <div className="min-w-0">
                          <Link to={a.link} className="font-medium text-slate-900 underline">
                            {a.description}
                          </Link>
                          <p className="text-sm text-slate-600">
                            {STATUS[a.status]} · {a.repeat === 'daily' ? 'repeats, at most once a trading day' : 'once'}
                            {a.lastFiredOn ? ` · last fired on the close of ${a.lastFiredOn}` : ''}
                          </p>
                        </div>
                        <div className="flex gap-3 text-sm">
                          {a.status === 'active' && (
                            <button type="button" className="font-semibold text-slate-700 underline" disabled={busy} onClick={() => pause.mutate(a.id)}>
                              Pause<span className="sr-only"> {a.description}</span>
                            </button>
                          )}
                          {a.status === 'paused' && (
                            <button type="button" className="font-semibold text-slate-700 underline" disabled={busy} onClick={() => resume.mutate(a.id)}>
                              Resume<span className="sr-only"> {a.description}</span>
                            </button>
                          )}
                          <button type="button" className="font-semibold text-red-800 underline" disabled={busy} onClick={() => remove.mutate(a.id)}>
                            Delete<span className="sr-only"> {a.description}</span>
                          </button>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </QueryState>
        </section>
      </div>
    </div>
  );
}
