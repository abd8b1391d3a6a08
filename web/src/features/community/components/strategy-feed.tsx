import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthorName } from './author-name';
import { STRATEGY_TEMPLATES } from '@shared/strategy';
import { formatNewYorkTime } from '@shared/format/time';
import { useFeed, type FeedFilter, type PostSummary } from '@web/api/community-posts';
import { QueryState } from '@web/components/query-state';

const TYPES = [...STRATEGY_TEMPLATES].sort((a, b) => a.name.localeCompare(b.name));
const select = 'mt-1 block w-full rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';

/** The strategy feed: newest or most useful first, narrowed by strategy type and underlying, 20 at a time. */
export function StrategyFeed() {
  const [filter, setFilter] = useState<FeedFilter>({ sort: 'newest' });
  const [underlying, setUnderlying] = useState('');
  const feed = useFeed(filter);
  const posts = feed.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <section aria-labelledby="feed-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="feed-heading" className="text-lg font-semibold text-slate-900">
          Shared strategies
        </h2>
        <p className="text-sm text-slate-700">
          Share one from the{' '}
          <Link to="/app/trading" className="font-medium text-blue-700 underline">
            strategy builder
          </Link>{' '}
          or a closed trade in your{' '}
          <Link to="/app/journal" className="font-medium text-blue-700 underline">
            journal
          </Link>
          .
        </p>
      </div>
      <form
        aria-label="Filter the feed"
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter((f) => ({ ...f, underlying: underlying.trim().toUpperCase() || undefined }) as FeedFilter);
        }}
      >
        <label className="text-sm font-medium text-slate-800">
          Sort
          <select className={select} value={filter.sort} onChange={(e) => setFilter((f) => ({ ...f, sort: e.target.value as FeedFilter['sort'] }))}>
            <option value="newest">Newest</option>
            <option value="useful">Most useful</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Strategy type
          <select
            className={select}
            value={filter.strategy ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, strategy: e.target.value || undefined }) as FeedFilter)}
          >
            <option value="">All strategies</option>
            {TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
            <option value="custom">Custom</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Underlying
          <input
            className={select}
            value={underlying}
            maxLength={10}
            placeholder="Any, e.g. SPY"
            onChange={(e) => setUnderlying(e.target.value)}
            onBlur={() => setFilter((f) => ({ ...f, underlying: underlying.trim().toUpperCase() || undefined }) as FeedFilter)}
          />
        </label>
        <div className="flex items-end">
          <button type="submit" className="w-full rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            Apply
          </button>
        </div>
      </form>
      <QueryState
        query={feed}
        isEmpty={() => posts.length === 0}
        empty={
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            No strategies shared here yet. Build one in the strategy builder and press Share to be the first.
          </p>
        }
      >
        {() => (
          <ul className="space-y-3" aria-label="Shared strategies">
            {posts.map((p) => (
              <PostCard key={p.id} post={p} />
            ))}
          </ul>
        )}
      </QueryState>
      {feed.hasNextPage && (
        <button
          type="button"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {feed.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </button>
      )}
    </section>
  );
}

function PostCard({ post }: { post: PostSummary }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800 ring-1 ring-brand-200">{post.strategyName}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">{post.underlying}</span>
        {post.source === 'journal' && (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-900 ring-1 ring-emerald-200">From a closed trade</span>
        )}
        {post.source === 'backtest' && <span className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-900 ring-1 ring-sky-200">From a backtest</span>}
      </div>
      <h3 className="mt-2 text-base font-semibold break-words text-slate-900">
        <Link to={`/app/community/posts/${post.id}`} className="hover:underline">
          {post.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        <AuthorName name={post.authorName} publicId={post.authorPublicId} /> · {formatNewYorkTime(post.createdAt)}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>{post.useful === 1 ? '1 learner found it useful' : `${post.useful} learners found it useful`}</span>
        <span>{post.comments === 1 ? '1 comment' : `${post.comments} comments`}</span>
        {post.tags.map((t) => (
          <span key={t} className="text-slate-600">
            #{t}
          </span>
        ))}
      </div>
    </li>
  );
}
