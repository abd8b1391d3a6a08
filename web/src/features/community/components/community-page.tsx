import { usePageMeta } from '@web/lib/page-meta';
import { ShareStoryPanel } from './share-story-panel';

/** /app/community: sharing a learner story works now; strategy sharing and discussion come later. */
export function CommunityPage({ suggestedName }: { suggestedName: string }) {
  usePageMeta({ title: 'Community', description: 'Share your experience of learning options with Options Academy.', path: '/app/community', noindex: true });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Community</h1>
        <p className="mt-1 text-slate-700">Learn from other learners, and help the next ones get started.</p>
      </header>
      <ShareStoryPanel suggestedName={suggestedName} />
      <section aria-labelledby="community-next" className="rounded-2xl border border-dashed border-slate-300 bg-white p-6">
        <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-950">Not available yet</p>
        <h2 id="community-next" className="mt-2 text-lg font-semibold text-slate-900">
          Strategy sharing
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Sharing strategies and journal insights with other learners, and discussing them, is planned as part of the community work.
        </p>
      </section>
    </div>
  );
}
