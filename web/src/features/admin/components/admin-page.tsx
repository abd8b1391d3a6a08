import { usePageMeta } from '../../../lib/page-meta';

/** Operator tools. The market-data issue adds data statistics, cleanup and manual ingestion here. */
export function AdminPage({ area }: { area: 'admin' | 'config' }) {
  usePageMeta({ title: area === 'admin' ? 'Admin' : 'Configuration', description: 'Operator tools for Options Academy.', path: `/app/${area}`, noindex: true });
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="text-2xl font-bold">{area === 'admin' ? 'Admin' : 'Configuration'}</h1>
      <p className="mt-2 text-slate-700">
        You are signed in as an administrator. Operator tools (market-data statistics, cleanup of old history and a manual data sync) are not available yet; they arrive with the market-data service.
      </p>
    </section>
  );
}
