import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { POST_BOUNDS } from '@shared/community/strategy-posts';
import { useShareRun, type SavedRun } from '@web/api/backtest';
import { Modal } from '@web/components/trading/modal';
import { useCelebrationHold } from '@web/lib/celebration-hold';

const field = 'mt-1 w-full rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';

type ShareField = 'title' | 'thesis' | 'tags';

/** The community's bounds of a strategy post, checked as the server checks them (ShareRunBody). */
export function shareErrors(title: string, thesis: string, tags: readonly string[]): Partial<Record<ShareField, string>> {
  const out: Partial<Record<ShareField, string>> = {};
  const t = title.trim();
  const th = thesis.trim();
  if (t.length < POST_BOUNDS.title.min) out.title = `The title must be at least ${POST_BOUNDS.title.min} characters`;
  else if (t.length > POST_BOUNDS.title.max) out.title = `The title must be at most ${POST_BOUNDS.title.max} characters`;
  if (th.length < POST_BOUNDS.thesis.min) out.thesis = `The thesis must be at least ${POST_BOUNDS.thesis.min} characters`;
  else if (th.length > POST_BOUNDS.thesis.max) out.thesis = `The thesis must be at most ${POST_BOUNDS.thesis.max} characters`;
  if (tags.length > POST_BOUNDS.tag.count) out.tags = `At most ${POST_BOUNDS.tag.count} tags`;
  else if (tags.some((g) => g.length < POST_BOUNDS.tag.min || g.length > POST_BOUNDS.tag.max))
    out.tags = `Each tag is ${POST_BOUNDS.tag.min} to ${POST_BOUNDS.tag.max} characters`;
  return out;
}

/**
 * "Share to the community": a saved run as a strategy post with its rules and headline figures (title, thesis, tags in
 * the community's bounds), then a link to the post.
 */
export function ShareRunDialog({ run, onClose }: { run: SavedRun; onClose: () => void }) {
  const [title, setTitle] = useState(`Backtest: ${run.name}`.slice(0, POST_BOUNDS.title.max));
  const [thesis, setThesis] = useState('');
  const [tags, setTags] = useState('backtest');
  const [touched, setTouched] = useState<Set<ShareField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const share = useShareRun();
  useCelebrationHold(true, 'Continue');
  const ids = { form: useId(), title: useId(), thesis: useId(), tags: useId() };
  const tagList = tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const errors = shareErrors(title, thesis, tagList);
  const shown = (f: ShareField) => (submitted || touched.has(f) ? errors[f] : undefined);
  const touch = (f: ShareField) => () => setTouched((s) => new Set(s).add(f));
  const postId = share.data?.postId;

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    share.mutate({ id: run.id, body: { title: title.trim(), thesis: thesis.trim(), tags: tagList } });
  };

  const errorLine = (f: ShareField, id: string) =>
    shown(f) && (
      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
        Error: {shown(f)}
      </p>
    );

  return (
    <Modal
      title="Share to the community"
      onClose={onClose}
      locked={share.isPending}
      wide
      footer={
        postId ? (
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300">
            Close
          </button>
        ) : (
          <>
            <button
              type="button"
              onClick={onClose}
              disabled={share.isPending}
              className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              form={ids.form}
              disabled={share.isPending}
              className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
            >
              {share.isPending ? 'Sharing...' : 'Share run'}
            </button>
          </>
        )
      }
    >
      {postId ? (
        <div className="space-y-2 text-sm text-slate-800" role="status">
          <p className="font-semibold">Shared. Your run is on the community feed.</p>
          <Link to={`/app/community/posts/${encodeURIComponent(postId)}`} className="font-semibold text-brand-800 underline">
            See your post
          </Link>
        </div>
      ) : (
        <form
          id={ids.form}
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div>
            <label htmlFor={ids.title} className="block text-sm font-medium text-slate-800">
              Title
            </label>
            <input
              id={ids.title}
              value={title}
              maxLength={POST_BOUNDS.title.max}
              aria-invalid={!!shown('title')}
              aria-describedby={shown('title') ? `${ids.title}-error` : undefined}
              onBlur={touch('title')}
              onChange={(e) => setTitle(e.target.value)}
              className={field}
            />
            {errorLine('title', ids.title)}
          </div>
          <div>
            <label htmlFor={ids.thesis} className="block text-sm font-medium text-slate-800">
              Thesis
            </label>
            <textarea
              id={ids.thesis}
              value={thesis}
              rows={5}
              maxLength={POST_BOUNDS.thesis.max}
              aria-invalid={!!shown('thesis')}
              aria-describedby={[`${ids.thesis}-help`, shown('thesis') ? `${ids.thesis}-error` : ''].join(' ').trim()}
              onBlur={touch('thesis')}
              onChange={(e) => setThesis(e.target.value)}
              className={field}
              placeholder="What you tested, what the result taught you, and what you would change."
            />
            <p id={`${ids.thesis}-help`} className="mt-1 text-xs text-slate-600">
              {POST_BOUNDS.thesis.min} to {POST_BOUNDS.thesis.max} characters; {thesis.length} so far.
            </p>
            {errorLine('thesis', ids.thesis)}
          </div>
          <div>
            <label htmlFor={ids.tags} className="block text-sm font-medium text-slate-800">
              Tags <span className="font-normal text-slate-600">(up to {POST_BOUNDS.tag.count}, separated by commas)</span>
            </label>
            <input
              id={ids.tags}
              value={tags}
              maxLength={200}
              aria-invalid={!!shown('tags')}
              aria-describedby={shown('tags') ? `${ids.tags}-error` : undefined}
              onBlur={touch('tags')}
              onChange={(e) => setTags(e.target.value)}
              className={field}
            />
            {errorLine('tags', ids.tags)}
          </div>
          <p className="text-sm text-slate-700">
            The post carries the run’s rules and headline figures; its legs are the first trade’s, relative to its entry, so other learners can open them in the
            builder. Other learners see your display name.
          </p>
          {share.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
              {share.error.message}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
