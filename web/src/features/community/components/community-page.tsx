import { useLocation } from 'react-router-dom';
import { usePageMeta } from '@web/lib/page-meta';
import { ShareStoryPanel } from './share-story-panel';
import { StrategyFeed } from './strategy-feed';

/** /app/community: strategies learners shared (the feed), and a learner story for the landing page. */
export function CommunityPage({ suggestedName }: { suggestedName: string }) {
  // A short word from the page the learner came from (the post page after they deleted their post).
  const status = (useLocation().state as { status?: unknown } | null)?.status;
  usePageMeta({
    title: 'Community',
    description: 'Strategies other learners shared, and your story of learning options.',
    path: '/app/community',
    noindex: true,
  });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Community</h1>
        <p className="mt-1 text-slate-700">Learn from other learners, and help the next ones get started.</p>
      </header>
      {typeof status === 'string' && (
        <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900 ring-1 ring-emerald-200">
          {status}
        </p>
      )}
      <StrategyFeed />
      <ShareStoryPanel suggestedName={suggestedName} />
    </div>
  );
}
