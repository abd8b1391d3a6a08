import { Link } from 'react-router-dom';
import { templateById } from '@shared/strategy';

/**
 * Links a finding to templates in the builder (issue 22), framed as education: what practitioners use in that
 * situation, not advice. Each opens the strategy builder on the underlying with the template's legs filled in.
 */
export function TemplateLinks({ underlying, ids, why }: { underlying: string; ids: readonly string[]; why: string }) {
  const templates = ids.map((id) => templateById(id)).filter((t) => t !== undefined);
  return (
    <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200" data-testid="template-links">
      <p className="text-sm text-slate-800">
        <span className="font-semibold">To study in the builder</span> (education, not advice): {why}
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {templates.map((t) => (
          <li key={t.id}>
            <Link
              to={`/app/trading?underlying=${encodeURIComponent(underlying)}&template=${t.id}`}
              className="inline-block rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
              aria-label={`Open in builder: ${t.name} on ${underlying}`}
            >
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
