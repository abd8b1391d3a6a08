import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatNewYorkTime } from '@shared/format/time';
import { useModerate, useReports, type ModerationItem } from '@web/api/community-posts';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';

const STATUSES: { id: ModerationItem['status']; label: string }[] = [
  { id: 'open', label: 'Reported' },
  { id: 'hidden', label: 'Hidden' },
  { id: 'restored', label: 'Restored' },
];

/** /app/admin/community: posts and comments learners reported; an operator hides them or shows them again. */
export function ReportsPage() {
  usePageMeta({ title: 'Community reports', description: 'Review reported strategy posts and comments.', path: '/app/admin/community', noindex: true });
  const [status, setStatus] = useState<ModerationItem['status']>('open');
  const items = useReports(status);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Community reports</h1>
        <p className="mt-1 text-slate-700">
          Hide what promises returns, insults or advertises. A hidden post leaves the feed; its author still sees it, marked hidden.
        </p>
      </header>
      <div role="group" aria-label="Show items" className="flex flex-wrap gap-2">
        {STATUSES.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={status === s.id}
            onClick={() => setStatus(s.id)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ring-1 ${status === s.id ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
          >
            {s.label}
          </button>
        ))}
      </div>
      <QueryState query={items} isEmpty={(d) => d.items.length === 0} empty={<p className="text-slate-700">Nothing here.</p>}>
        {(d) => (
          <ul className="space-y-4">
            {d.items.map((i) => (
              <ReportCard key={`${i.postId}-${i.commentId ?? ''}`} item={i} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function ReportCard({ item }: { item: ModerationItem }) {
  const moderate = useModerate();
  const action = item.status === 'hidden' ? 'restore' : 'hide';
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-xs font-semibold text-slate-600 uppercase">{item.kind}</p>
      <p className="mt-1 break-words text-slate-900">{item.excerpt}</p>
      <p className="mt-2 text-sm text-slate-700">
        by <span className="font-semibold">{item.authorName}</span> · {item.reports} {item.reports === 1 ? 'report' : 'reports'} ·{' '}
        {formatNewYorkTime(item.updatedAt)}
      </p>
      {item.reasons.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
          {item.reasons.map((r, n) => (
            <li key={n} className="break-words">
              {r}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ postId: item.postId, commentId: item.commentId, action })}
          className={`rounded-lg px-4 py-2 text-sm font-semibold text-white ${action === 'hide' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
        >
          {action === 'hide' ? 'Hide' : 'Restore'}
        </button>
        <Link to={`/app/community/posts/${item.postId}`} className="self-center text-sm font-medium text-blue-700 hover:underline">
          Open the post
        </Link>
      </div>
      {moderate.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {moderate.error.message}
        </p>
      )}
    </li>
  );
}
