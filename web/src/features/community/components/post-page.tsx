import { formatNumber, formatPercent } from '@shared/format/number';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AuthorName } from './author-name';
import { DAILY_LIMITS, legsAt, POST_BOUNDS } from '@shared/community/strategy-posts';
import { formatPnl } from '@shared/format/money';
import { formatExpiry, formatNewYorkTime } from '@shared/format/time';
import { plural } from '@shared/format/words';
import { templateById } from '@shared/strategy';
import { occSymbol } from '@shared/market/occ';
import {
  getBuilderLegs,
  POST_DELETED_STATUS,
  useBuilderLegs,
  useAddComment,
  usePost,
  useReport,
  useVote,
  useWithdrawComment,
  useWithdrawPost,
  type Post,
  type PostComment,
} from '@web/api/community-posts';
import { PayoffChart } from '@web/components/strategy/payoff-chart';
import { Spinner } from '@web/components/ui/spinner';
import { WatchStar } from '@web/components/watchlist/watch-star';
import { ApiError } from '@web/lib/api-client';
import { usePageMeta } from '@web/lib/page-meta';
import { PostMarkdown } from './post-markdown';
import { BacktestPartView } from './backtest-part';
import { QueryError } from '@web/components/query-state';

const pct = (ratio: number) => {
  const d = (ratio - 1) * 100;
  return Math.abs(d) < 0.05 ? 'at the money' : `${formatNumber(d, { digits: 1, sign: true })}% from the price`;
};

/** /app/community/posts/:postId — a shared strategy: its legs and payoff, the thesis, votes, comments, open in builder. */
export function PostPage() {
  const { postId = '' } = useParams();
  const post = usePost(postId);
  usePageMeta({
    title: post.data?.post.title ?? 'Shared strategy',
    description: 'A strategy shared by a learner.',
    path: `/app/community/posts/${postId}`,
    noindex: true,
  });
  return (
    <div className="space-y-6">
      <Link to="/app/community" className="text-sm font-medium text-blue-700 hover:underline">
        ← Community
      </Link>
      {post.isPending && <Spinner />}
      {post.isError &&
        (post.error instanceof ApiError && post.error.status === 404 ? (
          <div role="alert" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h1 className="text-xl font-bold text-slate-900">Strategy not found</h1>
            <p className="mt-1 text-slate-700">{post.error.message}</p>
          </div>
        ) : (
          <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
            <h1 className="text-xl font-bold text-slate-900">The post could not be loaded</h1>
            <QueryError error={post.error} onRetry={post.refetch} retrying={post.isFetching} className="mt-1 text-slate-700" />
          </div>
        ))}
      {post.isSuccess && <PostView post={post.data.post} />}
    </div>
  );
}

const SOURCE_WORDS: Record<Post['source'], string> = {
  builder: ' · from the strategy builder',
  journal: ' · from a closed paper trade',
  backtest: ' · from a backtest',
};

function PostView({ post }: { post: Post }) {
  const legs = useMemo(() => legsAt(post.legs, { underlying: post.underlying, price: post.refPrice, date: post.refDate }), [post]);
  // The legs are kept relative to the price; what a learner can watch is today's listed contract nearest each one.
  const today = useBuilderLegs(post.id).data;
  return (
    <article className="space-y-6">
      {post.hidden && (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-950 ring-1 ring-amber-200">
          Hidden by an operator: only you can see this post.
        </p>
      )}
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800 ring-1 ring-brand-200">{post.strategyName}</span>
          <span className="inline-flex items-center gap-0.5 rounded-full bg-slate-100 py-0.5 pl-2 pr-0.5 text-slate-800">
            {post.underlying}
            <WatchStar symbol={post.underlying} className="-my-1" />
          </span>
          {post.tags.map((t) => (
            <span key={t} className="text-slate-600">
              #{t}
            </span>
          ))}
        </div>
        <h1 className="text-2xl font-bold break-words text-slate-900">{post.title}</h1>
        <p className="text-sm text-slate-700">
          Shared by <AuthorName className="font-semibold" name={post.authorName} publicId={post.authorPublicId} /> · {formatNewYorkTime(post.createdAt)}
          {SOURCE_WORDS[post.source]}
        </p>
      </header>
      <Actions post={post} />
      {post.backtest && <BacktestPartView part={post.backtest} />}
      <section aria-labelledby="legs-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="legs-heading" className="font-semibold text-slate-900">
          Legs
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Kept relative to {post.underlying} at {formatNumber(post.refPrice)} on {formatExpiry(post.refDate)}; the diagram is drawn there. Open it in the
          builder to lay the same shape on today&apos;s chain. A star watches today&apos;s listed contract nearest the leg.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-3 font-medium">Side</th>
                <th className="py-1 pr-3 font-medium">Type</th>
                <th className="py-1 pr-3 font-medium">Strike</th>
                <th className="py-1 pr-3 font-medium">Expiry</th>
                <th className="py-1 pr-3 font-medium">Qty</th>
                <th className="py-1 font-medium">Watch</th>
              </tr>
            </thead>
            <tbody>
              {post.legs.map((t, i) => (
                <tr key={i} className="border-t border-slate-100">
                  <td className="py-1.5 pr-3 capitalize">{t.action}</td>
                  <td className="py-1.5 pr-3 capitalize">{t.optionType}</td>
                  <td className="py-1.5 pr-3">
                    {pct(t.strikeRatio)} <span className="whitespace-nowrap text-slate-600">({formatNumber(legs[i]!.strike)})</span>
                  </td>
                  <td className="py-1.5 pr-3">{plural(t.dte, 'day')}</td>
                  <td className="py-1.5 pr-3">{t.quantity}</td>
                  <td className="py-0.5">
                    {today?.legs[i] ? (
                      <WatchStar symbol={occSymbol(today.underlying, today.legs[i].expiration, today.legs[i].optionType, today.legs[i].strike)} />
                    ) : (
                      <>
                        <span aria-hidden className="text-slate-600">
                          –
                        </span>
                        <span className="sr-only">No listed contract today</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4">
          <PayoffChart legs={legs} spot={post.refPrice} today={post.refDate} spotDate={formatExpiry(post.refDate)} multiplier={1} iv={null} />
        </div>
      </section>
      {post.outcome && (
        <section aria-labelledby="outcome-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="outcome-heading" className="font-semibold text-slate-900">
            How it ended
          </h2>
          <p className="mt-1 text-slate-800">
            {formatPnl(post.outcome.realizedPnl)} after {post.outcome.daysHeld} {post.outcome.daysHeld === 1 ? 'day' : 'days'}
            {post.outcome.returnOnRisk !== null && ` (${formatPercent(post.outcome.returnOnRisk, 0)} of the most it could lose)`}, in a paper account.
          </p>
        </section>
      )}
      <section aria-labelledby="thesis-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="thesis-heading" className="mb-2 font-semibold text-slate-900">
          Thesis
        </h2>
        <PostMarkdown>{post.thesis}</PostMarkdown>
      </section>
      <Comments post={post} />
    </article>
  );
}

function Actions({ post }: { post: Post }) {
  const vote = useVote(post.id);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    setOpening(true);
    try {
      const b = await getBuilderLegs(post.id);
      const legs = b.legs.map((l) => `${l.action}.${l.optionType}.${l.strike}.${l.expiration}.${l.quantity}`).join(',');
      const template = templateById(b.strategyType) ? `&template=${encodeURIComponent(b.strategyType)}` : '';
      navigate(`/app/trading?underlying=${encodeURIComponent(b.underlying)}${template}&legs=${encodeURIComponent(legs)}`);
    } catch (err) {
      setError((err as Error).message);
      setOpening(false);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {!post.hidden && (
          <button
            type="button"
            aria-pressed={post.votedUseful}
            disabled={vote.isPending}
            onClick={() => vote.mutate(!post.votedUseful)}
            className={`rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${post.votedUseful ? 'bg-emerald-700 text-white ring-emerald-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
          >
            Useful · {post.useful}
          </button>
        )}
        <button
          type="button"
          onClick={() => void open()}
          disabled={opening}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {opening ? 'Opening...' : 'Open in builder'}
        </button>
        {!post.mine && <ReportButton postId={post.id} what="post" />}
        {post.mine && <DeletePost postId={post.id} />}
      </div>
      {(error || vote.isError) && (
        <p role="alert" className="text-sm text-red-800">
          {error ?? vote.error?.message}
        </p>
      )}
    </div>
  );
}

function DeletePost({ postId }: { postId: string }) {
  const withdraw = useWithdrawPost(postId);
  const navigate = useNavigate();
  return (
    <ConfirmDelete
      trigger="Delete post"
      question="Delete this post?"
      detail={`Its comments, useful votes and reports go with it, and it cannot be undone. It still counts toward today's ${DAILY_LIMITS.posts} posts.`}
      pending={withdraw.isPending}
      error={withdraw.isError ? withdraw.error.message : null}
      onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => navigate('/app/community', { state: { status: POST_DELETED_STATUS } }) })}
    />
  );
}

/**
 * A destructive action asked twice, in place: the trigger opens "Are you sure? Delete / Keep" (Keep has the focus, so
 * Enter never deletes by accident; Escape or Keep closes it and gives the focus back to the trigger).
 */
function ConfirmDelete(props: {
  trigger: string;
  triggerLabel?: string;
  question: string;
  detail: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const id = useId();
  useEffect(() => {
    if (open) keep.current?.focus();
    else if (wasOpen.current) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!open)
    return (
      <button
        ref={trigger}
        type="button"
        aria-label={props.triggerLabel}
        onClick={() => setOpen(true)}
        className="rounded-lg px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-inset ring-red-200 hover:bg-red-50"
      >
        {props.trigger}
      </button>
    );
  return (
    <div
      role="group"
      aria-labelledby={`${id}-q`}
      aria-describedby={`${id}-d`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !props.pending) setOpen(false);
      }}
      className="w-full rounded-xl bg-red-50 p-3 ring-1 ring-red-200"
    >
      <p id={`${id}-q`} className="text-sm font-semibold text-red-900">
        {props.question}
      </p>
      <p id={`${id}-d`} className="mt-1 text-sm text-red-900">
        {props.detail}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={props.onConfirm}
          disabled={props.pending}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:bg-red-400"
        >
          {props.pending ? 'Deleting…' : 'Delete'}
        </button>
        <button
          ref={keep}
          type="button"
          onClick={() => setOpen(false)}
          disabled={props.pending}
          className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          Keep
        </button>
      </div>
      {props.error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {props.error}
        </p>
      )}
    </div>
  );
}

function ReportButton({ postId, commentId, what }: { postId: string; commentId?: string; what: 'post' | 'comment' }) {
  const report = useReport(postId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  if (report.isSuccess) return <p className="self-center text-sm text-slate-700">Reported. Thank you: an operator will look at it.</p>;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Report {what}
      </button>
    );
  return (
    <form
      className="flex w-full flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        report.mutate({ ...(commentId ? { commentId } : {}), reason });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Why should an operator look at this {what}?
        <input
          id={id}
          value={reason}
          maxLength={POST_BOUNDS.reason.max}
          onChange={(e) => setReason(e.target.value)}
          className="mt-1 block w-72 max-w-full rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-300"
        />
      </label>
      <button type="submit" disabled={report.isPending} className="rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
        Send report
      </button>
      <button type="button" onClick={() => setOpen(false)} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        Cancel
      </button>
      {report.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          {report.error.message}
        </p>
      )}
    </form>
  );
}

function Comments({ post }: { post: Post }) {
  const add = useAddComment(post.id);
  const [body, setBody] = useState('');
  const id = useId();
  return (
    <section aria-labelledby="comments-heading" className="space-y-3">
      <h2 id="comments-heading" className="text-lg font-semibold text-slate-900">
        Comments ({post.commentList.length})
      </h2>
      {post.commentList.length === 0 && <p className="text-slate-700">No comments yet. Ask a question or say what you would change.</p>}
      <ul className="space-y-3">
        {post.commentList.map((c) => (
          <CommentItem key={c.id} postId={post.id} comment={c} />
        ))}
      </ul>
      {!post.hidden && (
        <form
          className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(body, { onSuccess: () => setBody('') });
          }}
        >
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            Add a comment
          </label>
          <textarea
            id={id}
            rows={3}
            required
            maxLength={POST_BOUNDS.comment.max}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            className="w-full rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-slate-600">
              Markdown, no HTML. {body.length}/{POST_BOUNDS.comment.max}
            </span>
            <button type="submit" disabled={add.isPending} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
              {add.isPending ? 'Posting...' : 'Post comment'}
            </button>
          </div>
          {add.isError && (
            <p role="alert" className="text-sm text-red-800">
              {add.error.message}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

function DeleteComment({ postId, commentId }: { postId: string; commentId: string }) {
  const withdraw = useWithdrawComment(postId);
  return (
    <div className="mt-1 flex">
      <ConfirmDelete
        trigger="Delete"
        triggerLabel="Delete comment"
        question="Delete this comment?"
        detail={`It disappears from the post and cannot be undone. It still counts toward today's ${DAILY_LIMITS.comments} comments.`}
        pending={withdraw.isPending}
        error={withdraw.isError ? withdraw.error.message : null}
        onConfirm={() => withdraw.mutate(commentId)}
      />
    </div>
  );
}

function CommentItem({ postId, comment }: { postId: string; comment: PostComment }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">
        <AuthorName className="font-semibold text-slate-900" name={comment.authorName} publicId={comment.authorPublicId} /> ·{' '}
        {formatNewYorkTime(comment.createdAt)}
      </p>
      <div className="mt-1">
        <PostMarkdown>{comment.body}</PostMarkdown>
      </div>
      {!comment.mine && (
        <div className="mt-1 flex">
          <ReportButton postId={postId} commentId={comment.id} what="comment" />
        </div>
      )}
      {comment.mine && <DeleteComment postId={postId} commentId={comment.id} />}
    </li>
  );
}
