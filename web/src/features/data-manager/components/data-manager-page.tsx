import { formatCount } from '@shared/format/number';
import { formatExpiry, formatNewYorkTime } from '@shared/format/time';
import { OPERATIONS_TEXTS } from '@shared/operations/operations.errors';
import { useOperationsStatus, type JobStatus, type OperationsStatus } from '@web/api/operations';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { useStartScheduler, useStopScheduler } from '../api/operations-actions';
import { MarketTools } from './market-tools';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const when = (iso: string | null | undefined) => (iso ? formatNewYorkTime(iso) : '—');
const day = (date: string | null) => (date ? formatExpiry(date) : '—');
const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`);
const TRIGGER: Record<string, string> = { schedule: 'Schedule', manual: 'Manual', startup: 'Local start' };
const OUTCOME_STYLE: Record<string, string> = {
  succeeded: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  failed: 'bg-red-50 text-red-900 ring-red-200',
  skipped: 'bg-slate-50 text-slate-800 ring-slate-200',
};
const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/**
 * The data manager (admin): the scheduler's Stop and Start with who changed it and when, Run now, what is stored per
 * underlying, every job's last runs, and the market-data tools. The status refreshes every 60 s and after each action.
 */
export function DataManagerPage() {
  usePageMeta({ title: 'Data Manager', description: "Operators' view of the product's data and jobs.", path: '/app/data-manager', noindex: true });
  const status = useOperationsStatus();
  const data = status.data;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Data Manager</h1>
        <p className="text-slate-700">
          What the product runs on: the stored market data, the scheduled jobs and their last runs. Times are New York time (ET).
        </p>
        {data && (
          <p className="mt-1 text-xs text-slate-600" data-testid="status-as-of">
            Status as of {formatNewYorkTime(data.asOf)}; refreshed every minute and after each action.
          </p>
        )}
      </header>
      {status.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {OPERATIONS_TEXTS.refreshFailed}
          {data ? ' (showing the last status read).' : '.'}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void status.refetch()}>
            Try again
          </button>
        </p>
      )}
      {status.isPending ? (
        <Spinner />
      ) : data ? (
        <>
          <SchedulerPanel jobs={data.jobs.filter((j) => j.controllable)} />
          <MarketTools underlyings={data.underlyings.map((u) => u.underlying)} />
          <UnderlyingsTable underlyings={data.underlyings} />
          <JobRuns jobs={data.jobs} />
        </>
      ) : null}
    </div>
  );
}

function SchedulerPanel({ jobs }: { jobs: JobStatus[] }) {
  const stop = useStopScheduler();
  const start = useStartScheduler();
  const busy = stop.isPending || start.isPending;
  return (
    <section aria-labelledby="scheduler-h" className={card}>
      <h2 id="scheduler-h" className="text-lg font-semibold">
        Scheduler
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Stop a job during a provider outage. Starting the market-data ingestion again also runs one fetch within seconds; each job then runs on its schedule.
      </p>
      {stop.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {OPERATIONS_TEXTS.stopFailed}
        </p>
      )}
      {start.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {OPERATIONS_TEXTS.startFailed}
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-100">
        {jobs.map((job) => (
          <li key={job.jobId} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`scheduler-${job.jobId}`}>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                {job.description}{' '}
                {job.scheduler && (
                  <span
                    className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
                      job.scheduler.active ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200'
                    }`}
                    data-testid="scheduler-state"
                  >
                    {job.scheduler.active ? 'Active' : 'Stopped'}
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-700">{job.schedule}</p>
              {job.schedulerError ? (
                <p role="alert" className="text-sm text-red-800">
                  {job.schedulerError}
                </p>
              ) : job.scheduler ? (
                <>
                  <p className="text-sm text-slate-700">Next run: {job.scheduler.active ? when(job.nextRun) : 'none while stopped'}</p>
                  {job.scheduler.changedBy && job.scheduler.changedAt && (
                    <p className="break-words text-sm text-slate-700" data-testid="scheduler-changed">
                      {job.scheduler.active ? 'Started' : 'Stopped'} by {job.scheduler.changedBy} on {when(job.scheduler.changedAt)}
                    </p>
                  )}
                </>
              ) : null}
            </div>
            {job.scheduler &&
              (job.scheduler.active ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => stop.mutate(job.jobId)}
                  className="rounded-lg px-4 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-50"
                  aria-label={`Stop ${job.jobId}`}
                >
                  Stop
                </button>
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => start.mutate(job.jobId)}
                  className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600"
                  aria-label={`Start ${job.jobId}`}
                >
                  Start
                </button>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

function UnderlyingsTable({ underlyings }: { underlyings: OperationsStatus['underlyings'] }) {
  return (
    <section aria-labelledby="underlyings-h" className={card}>
      <h2 id="underlyings-h" className="text-lg font-semibold">
        Stored data per underlying
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Chain snapshots (one per expiry, by the time of their quotes), daily summaries with the NYSE trading days missing between the first and the last, and
        the underlying&apos;s daily bars.
      </p>
      <ScrollRegion className="mt-3" labelledBy="underlyings-h">
        <table className="w-full min-w-[760px] text-sm">
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Underlying
              </th>
              <th scope="col" className="px-3 py-2">
                Chain snapshots
              </th>
              <th scope="col" className="px-3 py-2">
                Daily summaries
              </th>
              <th scope="col" className="px-3 py-2">
                Gaps
              </th>
              <th scope="col" className="px-3 py-2">
                Daily bars
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {underlyings.map((u) => (
              <tr key={u.underlying} data-testid="underlying-row">
                <th scope="row" className="px-3 py-2 text-left font-semibold">
                  {u.underlying}
                </th>
                <td className="px-3 py-2">
                  <span className="tabular-nums">{formatCount(u.chains.count)}</span>
                  {u.chains.newest && (
                    <span className="block text-xs text-slate-600">
                      {u.chains.oldest === u.chains.newest ? when(u.chains.newest) : `${when(u.chains.oldest)} – ${when(u.chains.newest)}`}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">
                  <span className="tabular-nums">{formatCount(u.summaries.count)}</span>
                  {u.summaries.oldest && (
                    <span className="block text-xs text-slate-600">
                      {day(u.summaries.oldest)} – {day(u.summaries.newest)}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">
                  {u.summaries.gapCount === 0 ? (
                    <span className="text-slate-600">None</span>
                  ) : (
                    <span className="text-amber-900" title={u.summaries.gaps.join(', ')}>
                      {formatCount(u.summaries.gapCount)} ({u.summaries.gaps.slice(0, 3).map(day).join(', ')}
                      {u.summaries.gapCount > 3 ? ', …' : ''})
                    </span>
                  )}
                </td>
                <td className="px-3 py-2">
                  <span className="tabular-nums">{formatCount(u.stockBars.count)}</span>
                  {u.stockBars.oldest && (
                    <span className="block text-xs text-slate-600">
                      {day(u.stockBars.oldest)} – {day(u.stockBars.newest)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function JobRuns({ jobs }: { jobs: JobStatus[] }) {
  return (
    <section aria-labelledby="runs-h" className={card}>
      <h2 id="runs-h" className="text-lg font-semibold">
        Last runs of every job
      </h2>
      <div className="mt-3 space-y-5">
        {jobs.map((job) => (
          <div key={job.jobId} data-testid={`runs-${job.jobId}`}>
            <h3 className="font-medium text-slate-900">
              {job.description} <span className="text-sm font-normal text-slate-600">({job.jobId})</span>
            </h3>
            <p className="text-sm text-slate-700">
              {job.schedule}; next run {job.nextRun ? when(job.nextRun) : job.scheduler && !job.scheduler.active ? 'none while stopped' : '—'}
            </p>
            {job.runs.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No run recorded in the last 30 days.</p>
            ) : (
              <ScrollRegion className="mt-2" label={`Last runs of ${job.jobId}`}>
                <table className="w-full min-w-[640px] text-sm">
                  <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Started
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Trigger
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Outcome
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        Duration
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        Contracts
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Failures and notes
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {job.runs.map((run) => (
                      <tr key={run.startedAt}>
                        <td className="whitespace-nowrap px-3 py-2">{when(run.startedAt)}</td>
                        <td className="px-3 py-2">{TRIGGER[run.trigger] ?? run.trigger}</td>
                        <td className="px-3 py-2">
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${OUTCOME_STYLE[run.outcome] ?? ''}`}>{run.outcome}</span>
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">{duration(run.durationMs)}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{run.contracts === undefined ? '—' : formatCount(run.contracts)}</td>
                        <td className="px-3 py-2">
                          {run.failures.length > 0 && (
                            <ul className="text-red-900">
                              {run.failures.map((f, i) => (
                                <li key={i}>
                                  {f.underlying && <strong>{f.underlying}: </strong>}
                                  {f.reason}
                                </li>
                              ))}
                            </ul>
                          )}
                          {run.note && <span className="text-slate-700">{run.note}</span>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
