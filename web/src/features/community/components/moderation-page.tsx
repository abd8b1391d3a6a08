import { useState } from 'react';
import { formatNewYorkTime } from '@shared/format/time';
import { Button } from '@web/components/ui/button';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';
import { TESTIMONIAL_STATUSES, type Testimonial, type TestimonialStatus } from '@shared/community/testimonials';
import { useDecideStory, useStoriesForModeration } from '../api/moderation';

const TAB_LABEL: Record<TestimonialStatus, string> = { pending: 'Waiting for review', approved: 'Published', rejected: 'Not published' };

/** /app/admin/testimonials: operators read each learner story before it can appear on the landing page. */
export function ModerationPage() {
  usePageMeta({
    title: 'Learner stories',
    description: 'Review learner stories before they appear on the landing page.',
    path: '/app/admin/testimonials',
    noindex: true,
  });
  const [status, setStatus] = useState<TestimonialStatus>('pending');
  const stories = useStoriesForModeration(status);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Learner stories</h1>
        <p className="mt-1 text-slate-700">
          Approve only stories that are genuine, respectful and promise no returns. The landing page shows the six newest published.
        </p>
      </header>
      <div role="group" aria-label="Show stories" className="flex flex-wrap gap-2">
        {TESTIMONIAL_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ring-1 ${status === s ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
          >
            {TAB_LABEL[s]}
          </button>
        ))}
      </div>
      <QueryState query={stories} isEmpty={(d) => d.testimonials.length === 0} empty={<p className="text-slate-700">No stories here.</p>}>
        {(d) => (
          <ul className="space-y-4">
            {d.testimonials.map((t) => (
              <StoryCard key={`${t.userId}-${t.updatedAt}`} story={t} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function StoryCard({ story }: { story: Testimonial }) {
  const decide = useDecideStory();
  const [error, setError] = useState<string | null>(null);
  const act = async (decision: 'approve' | 'reject') => {
    setError(null);
    try {
      await decide.mutateAsync({ userId: story.userId, updatedAt: story.updatedAt, decision });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <blockquote className="text-slate-900">&ldquo;{story.quote}&rdquo;</blockquote>
      <p className="mt-2 text-sm text-slate-700">
        <span className="font-semibold">{story.name}</span>
        {story.role && <>, {story.role}</>} · written {formatNewYorkTime(story.updatedAt)}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="mt-4 flex gap-3">
        {story.status !== 'approved' && (
          <Button onClick={() => void act('approve')} disabled={decide.isPending}>
            Approve
          </Button>
        )}
        {story.status !== 'rejected' && (
          <Button variant="secondary" onClick={() => void act('reject')} disabled={decide.isPending}>
            {story.status === 'approved' ? 'Unpublish' : 'Reject'}
          </Button>
        )}
      </div>
    </li>
  );
}
