import { Link } from 'react-router-dom';
import { formatNewYorkTime } from '@shared/format/time';
import { useMarketStatus } from '@web/api/market';
import { useOperationsStatus } from '@web/api/operations';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { KiteSection } from './kite-section';

const STATUS_STALE_MS = 5_000;
const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/**
 * Operator pages (Cognito group admin): /app/admin gathers users and moderation (the data tools are on the data
 * manager); /app/config shows how market data is sourced and every scheduled job with its schedule and next run.
 */
export function AdminPage({ area }: { area: 'admin' | 'config' }) {
  usePageMeta({ title: area === 'admin' ? 'Admin' : 'Configuration', description: 'Operator tools for Options Academy.', path: `/app/${area}`, noindex: true });
  return area === 'admin' ? <AdminHome /> : <Configuration />;
}

const TOOLS: { to: string; title: string; text: string }[] = [
  { to: '/app/admin/community', title: 'Reported posts', text: 'Strategy posts learners reported: hide or restore them.' },
  { to: '/app/admin/testimonials', title: 'Learner stories', text: 'Stories waiting for approval before they appear on the landing page.' },
  { to: '/app/admin/mail', title: 'Sent mail', text: 'The alert e-mails the local stack wrote (in AWS they go through SES).' },
  { to: '/app/data-manager', title: 'Data Manager', text: 'Stored market data, the scheduled jobs and their runs, the scheduler, Run now, cleanup.' },
  { to: '/app/config', title: 'Configuration', text: 'The market-data provider and when every job runs.' },
];

function AdminHome() {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Admin</h1>
        <p className="text-slate-700">Users and moderation. The market data and the jobs are on the Data Manager.</p>
      </header>
      <section aria-labelledby="users-h" className={card}>
        <h2 id="users-h" className="text-lg font-semibold">
          Users
        </h2>
        <p className="mt-2 text-sm text-slate-800">
          Operators are the members of the Cognito group <code className="rounded bg-slate-100 px-1">admin</code>: add or remove them in the user pool (locally{' '}
          <code className="rounded bg-slate-100 px-1">npm run local:make-admin -- &lt;email&gt;</code>). A removed operator loses these pages within a minute.
        </p>
      </section>
      <section aria-labelledby="tools-h" className={card}>
        <h2 id="tools-h" className="text-lg font-semibold">
          Moderation and operations
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {TOOLS.map((t) => (
            <li key={t.to}>
              <Link to={t.to} className="block rounded-xl p-4 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2">
                <span className="font-semibold text-brand-800">{t.title}</span>
                <span className="mt-1 block text-sm text-slate-700">{t.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Every scheduled job, its schedule in New York time and its next run (none while an operator has it stopped). */
function JobsList() {
  const status = useOperationsStatus();
  return (
    <section aria-labelledby="jobs-h" className={card}>
      <h2 id="jobs-h" className="text-lg font-semibold">
        Scheduled jobs (New York time)
      </h2>
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          Failed to refresh stats
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm text-slate-800">
          {status.data.jobs.map((job) => (
            <li key={job.jobId} className="py-2" data-testid="config-job">
              <strong>{job.schedule}</strong>: {job.description}.{' '}
              <span className="text-slate-700">
                {job.scheduler && !job.scheduler.active
                  ? `Stopped${job.scheduler.changedBy ? ` by ${job.scheduler.changedBy}` : ''}; no next run.`
                  : job.schedulerError
                    ? job.schedulerError
                    : `Next run ${job.nextRun ? formatNewYorkTime(job.nextRun) : '—'}.`}
              </span>
            </li>
          ))}
          <li className="py-2">Retention: history 30 days (DynamoDB TTL), compliance log 30 days, job runs 30 days.</li>
        </ul>
      )}
    </section>
  );
}

function Configuration() {
  const status = useMarketStatus(STATUS_STALE_MS);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Configuration</h1>
        <p className="text-slate-700">Where market data comes from and when the scheduled jobs run.</p>
      </header>
      <section aria-labelledby="provider-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="provider-h" className="text-lg font-semibold">
          Market-data provider
        </h2>
        {status.isPending ? (
          <Spinner />
        ) : (
          <p className="mt-2 text-sm text-slate-800" data-testid="provider-state">
            {status.data?.configured
              ? 'A Polygon-compatible provider is configured: learners see live data.'
              : `No provider is configured: learners see the simulated market (demo data).${status.data?.reason ? ` ${status.data.reason}` : ''}`}
          </p>
        )}
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>
            Locally: start with <code className="rounded bg-slate-100 px-1">POLYGON_API_KEY=… npm start</code>;{' '}
            <code className="rounded bg-slate-100 px-1">POLYGON_BASE_URL</code> points at another compatible vendor.
          </li>
          <li>
            In AWS: store the key in the secret <code className="rounded bg-slate-100 px-1">options-academy/&lt;stage&gt;/market-data</code>, as the raw key or{' '}
            <code className="rounded bg-slate-100 px-1">{'{"apiKey":"…"}'}</code>. It is read again within five minutes.
          </li>
          <li>
            <code className="rounded bg-slate-100 px-1">MARKET_REALTIME=false</code> turns the provider off; placeholder keys count as not configured.
          </li>
        </ul>
      </section>
      <KiteSection />
      <JobsList />
    </div>
  );
}
