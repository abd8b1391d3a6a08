import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export const SUPPORT_EMAIL = 'support@optionsacademy.example';

export const SupportLink = () => (
  <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-800 underline">
    {SUPPORT_EMAIL}
  </a>
);

/** A legal page: title, effective date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  effective,
  intro,
  sections,
}: {
  title: string;
  effective: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/" className="text-sm font-medium text-brand-800 hover:underline">
        &larr; Back to home
      </Link>
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Effective {effective}</p>
        <div className="mt-4 space-y-3 text-slate-700">{intro}</div>
      </header>
      <nav aria-label="Contents" className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-800 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-8 space-y-8">
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-4">
            <h2 id={`${s.id}-title`} className="text-xl font-semibold text-slate-900">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">{s.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
