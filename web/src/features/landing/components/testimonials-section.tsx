import { Link } from 'react-router-dom';
import { useTestimonials } from '../api/get-testimonials';
import type { Visitor } from '../lib/cta';

/**
 * Learner stories: quotes learners chose to share, with consent, approved by an operator. No
 * invented people: until there are some, an empty state says so.
 */
export function TestimonialsSection({ visitor }: { visitor: Visitor }) {
  const stories = useTestimonials();
  const list = stories.data?.testimonials ?? [];
  return (
    <section id="stories" aria-labelledby="stories-title" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-16">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <h2 id="stories-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Learner stories
          </h2>
          <p className="mt-3 text-slate-700">In their own words, shared by learners who chose to.</p>
        </div>
        {visitor.status === 'signedIn' && (
          <Link to="/app/community" className="font-semibold text-brand-800 hover:underline">
            Share your experience
          </Link>
        )}
      </div>
      {stories.isPending && <p className="mt-8 text-slate-600">Loading stories…</p>}
      {stories.isError && <p className="mt-8 text-slate-600">Learner stories are unavailable right now.</p>}
      {stories.isSuccess && list.length === 0 && (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">No learner stories yet.</p>
          <p className="mt-1 text-slate-700">
            When learners choose to share their experience, their words appear here. We do not make any up.
            {visitor.status !== 'signedIn' && ' Learners can share theirs from their account.'}
          </p>
        </div>
      )}
      {list.length > 0 && (
        <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {list.map((t) => (
            <li key={`${t.name}-${t.sharedAt}`}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="flex-1 text-slate-800">
                  <p>&ldquo;{t.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900">
                    {t.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    {t.role && <span className="block text-sm text-slate-600">{t.role}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
