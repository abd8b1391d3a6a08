import { Link } from 'react-router-dom';
import { usePageMeta } from '@web/lib/page-meta';
import { PLANNED_PAGES, type PlannedArea } from '../planned-pages';

/** /app/construction: every page of the route map that is not built yet, grouped by the work that builds it. */
export function ConstructionPage() {
  usePageMeta({
    title: 'Under construction',
    description: 'Pages of Options Academy that are not available yet, and what each will do.',
    path: '/app/construction',
    noindex: true,
  });
  const areas = new Map<PlannedArea, (typeof PLANNED_PAGES)[number][]>();
  const seenTitles = new Set<string>();
  for (const page of PLANNED_PAGES) {
    // Aliases (templates and strategy-templates, brokers and broker-connections) appear once.
    if (seenTitles.has(page.title)) continue;
    seenTitles.add(page.title);
    areas.set(page.area, [...(areas.get(page.area) ?? []), page]);
  }
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Under construction</h1>
        <p className="mt-1 text-slate-700">
          These pages are planned and not available yet. Each says what it will do; none shows made-up data in the meantime.
        </p>
      </header>
      {[...areas.entries()].map(([area, pages]) => (
        <section key={area} aria-labelledby={`area-${slug(area)}`} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id={`area-${slug(area)}`} className="text-lg font-semibold text-slate-900">
            {area}
          </h2>
          <ul className="mt-3 space-y-3">
            {pages.map((p) => (
              <li key={p.path}>
                <Link to={`/app/${p.path}`} className="font-medium text-brand-800 hover:underline">
                  {p.title}
                </Link>
                <p className="text-sm text-slate-700">{p.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
