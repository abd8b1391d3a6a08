import { formatCount } from '@shared/format/number';
import { useEffect, useState } from 'react';
import { formatNewYorkTime } from '@shared/format/time';
import { useMarketStatus } from '@web/api/market';
import { Spinner } from '@web/components/ui/spinner';
import { QueryError } from '@web/components/query-state';
import { useAdminStats, useCleanup } from '../api/market-admin';
import { fetchFailureMessage, useRunNow } from '../api/operations-actions';
import { ScrollRegion } from '@web/components/ui/scroll-region';

const KIND_LABELS: Record<string, string> = {
  chain: 'Chain snapshots',
  expiry: 'Expiry summaries',
  stock: 'Underlying daily bars',
  option: 'Option daily bars',
};
const when = (iso: string | null | undefined) => (iso ? formatNewYorkTime(iso) : 'never');
/** Operators watch a run land: the status is asked again after a few seconds, not the chain page's half minute. */
const STATUS_STALE_MS = 5_000;

/**
 * The market-data tools that were on /app/admin: the last ingestion with its failures and Run now (one tracked
 * underlying or all), the stored tables, retention cleanup.
 */
export function MarketTools({ underlyings }: { underlyings: readonly string[] }) {
  const stats = useAdminStats();
  const status = useMarketStatus(STATUS_STALE_MS);
  const ingest = useRunNow();
  const [target, setTarget] = useState<string>('');
  const cleanup = useCleanup();
  // The sync time seen when a manual run was queued: while it is still the latest, the run is going.
  const [baseline, setBaseline] = useState<string | null | undefined>(undefined);
  const lastSync = status.data?.lastSync ?? null;
  const running = ingest.isSuccess && baseline !== undefined && lastSync === baseline;
  const { refetch: refetchStatus } = status;
  const { refetch: refetchStats } = stats;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => {
      void refetchStatus();
      void refetchStats();
    }, 2000);
    return () => clearInterval(t);
  }, [running, refetchStatus, refetchStats]);

  return (
    <div className="space-y-6">
      <section aria-labelledby="sync-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="sync-h" className="text-lg font-semibold">
          Last ingestion
        </h2>
        {status.isPending || stats.isPending ? (
          <Spinner />
        ) : (
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600">Source</dt>
              <dd className="font-semibold" data-testid="admin-source">
                {status.data?.source === 'live' ? `Live (${status.data.provider})` : 'Demo (simulated market)'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Finished</dt>
              <dd className="font-semibold">{when(lastSync)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Session stored</dt>
              <dd className="font-semibold">{status.data?.session ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Contracts stored</dt>
              <dd className="font-semibold tabular-nums">{stats.data?.lastSync ? formatCount(stats.data.lastSync.contractsStored) : '—'}</dd>
            </div>
          </dl>
        )}
        {!!stats.data?.lastSync?.failures.length && (
          <ul className="mt-3 space-y-1 text-sm text-red-900">
            {stats.data.lastSync.failures.map((f) => (
              <li key={f.underlying}>
                <strong>{f.underlying}</strong>: {f.error}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            <span className="block text-slate-600">Underlying</span>
            <select
              value={target}
              onChange={(e) => setTarget(e.target.value)}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              data-testid="run-underlying"
            >
              <option value="">All tracked underlyings</option>
              {underlyings.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={ingest.isPending || running}
            onClick={() => {
              setBaseline(lastSync);
              ingest.mutate(target || null);
            }}
            className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600"
          >
            {running || ingest.isPending ? 'Ingesting...' : 'Run now'}
          </button>
          {ingest.isError && (
            <span role="alert" className="text-sm text-red-800">
              {fetchFailureMessage(ingest.error)}
            </span>
          )}
          {running && (
            <span role="status" className="text-sm text-slate-700">
              {ingest.data?.message}
            </span>
          )}
        </div>
      </section>

      <section aria-labelledby="stats-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="stats-h" className="text-lg font-semibold">
            Stored data
          </h2>
          <button
            type="button"
            disabled={cleanup.isPending}
            onClick={() => cleanup.mutate()}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-50"
          >
            {cleanup.isPending ? 'Cleaning up...' : `Delete history older than ${stats.data?.retentionDays ?? 30} days`}
          </button>
        </div>
        {cleanup.data && (
          <p role="status" className="mt-2 text-sm text-slate-800">
            Deleted {cleanup.data.deleted.bars} bars dated before {cleanup.data.barsBefore}, {cleanup.data.deleted.chains} chains and{' '}
            {cleanup.data.deleted.expiries} expiry summaries of expiries before {cleanup.data.expiriesBefore}.
          </p>
        )}
        {stats.isError ? (
          <QueryError error={stats.error} onRetry={stats.refetch} retrying={stats.isFetching} className="mt-3 text-sm text-red-800" />
        ) : (
          // Scrolls sideways on a phone: focusable so a keyboard can scroll it too (axe: scrollable-region-focusable).
          <ScrollRegion className="mt-3" labelledBy="stats-h">
            <table className="w-full min-w-[480px] text-sm">
              <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Kind
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Rows
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Oldest
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Newest
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {stats.data?.kinds.map((k) => (
                  <tr key={k.kind} data-testid="stats-row">
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {KIND_LABELS[k.kind] ?? k.kind}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCount(k.count)}</td>
                    <td className="px-3 py-2">{k.oldest ?? '—'}</td>
                    <td className="px-3 py-2">{k.newest ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <p className="mt-3 text-xs text-slate-600">
          History expires {stats.data?.retentionDays ?? 30} days after its date through DynamoDB TTL; cleanup removes it at once, along with chains of expiries
          that have passed.
        </p>
      </section>
    </div>
  );
}
