import { useSiteStats } from '../api/get-site-stats';
import { formatCount } from '../lib/format';

const FIGURES = [
  { key: 'learners', label: 'Learners who have practised' },
  { key: 'paperTrades', label: 'Paper trades placed' },
  { key: 'strategiesBuilt', label: 'Strategies built' },
] as const;

/** Live counts from GET /api/stats: '—' while they load, a quiet note if they cannot. Never invented. */
export function StatsSection() {
  const stats = useSiteStats();
  return (
    <section aria-labelledby="stats-title" className="bg-brand-900 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="stats-title" className="text-2xl font-bold">
          Options Academy in numbers
        </h2>
        <p className="mt-1 text-sm text-brand-100">Counted live from the platform, not estimated.</p>
        <dl className="mt-8 grid gap-6 sm:grid-cols-3">
          {FIGURES.map((f) => (
            <div key={f.key} className="rounded-2xl bg-white/10 p-5">
              <dt className="text-sm text-brand-50">{f.label}</dt>
              <dd className="mt-1 text-4xl font-bold tabular-nums" data-testid={`stat-${f.key}`}>
                {stats.data ? formatCount(stats.data[f.key]) : '—'}
              </dd>
            </div>
          ))}
        </dl>
        {stats.isError && <p className="mt-4 text-sm text-brand-100">The live figures are unavailable right now.</p>}
      </div>
    </section>
  );
}
