import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { POST_BOUNDS } from '@shared/community/strategy-posts';
import { useShareRun, type SavedRun } from '@web/api/backtest';
import { PostFields, postFieldErrors, tagsOf, type PostField } from '@web/components/community/post-fields';
import { FormDialogActions, Modal } from '@web/components/trading/modal';
import { useCelebrationHold } from '@web/lib/celebration-hold';

/**
 * "Share to the community": a saved run as a strategy post with its rules and headline figures (title, thesis, tags in
 * the community's bounds), then a link to the post.
 */
export function ShareRunDialog({ run, onClose }: { run: SavedRun; onClose: () => void }) {
  const [title, setTitle] = useState(`Backtest: ${run.name}`.slice(0, POST_BOUNDS.title.max));
  const [thesis, setThesis] = useState('');
  const [tags, setTags] = useState('backtest');
  const [touched, setTouched] = useState<Set<PostField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const share = useShareRun();
  useCelebrationHold(true, 'Continue');
  const formId = useId();
  const tagList = tagsOf(tags);
  const errors = postFieldErrors(title, thesis, tagList);
  const shown = Object.fromEntries(Object.entries(errors).filter(([f]) => submitted || touched.has(f as PostField)));
  const postId = share.data?.postId;

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    share.mutate({ id: run.id, body: { title: title.trim(), thesis: thesis.trim(), tags: tagList } });
  };

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
          <FormDialogActions formId={formId} pending={share.isPending} onCancel={onClose} submitLabel="Share run" pendingLabel="Sharing..." />
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
          id={formId}
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <PostFields
            title={title}
            thesis={thesis}
            tags={tags}
            onChange={(f, v) => ({ title: setTitle, thesis: setThesis, tags: setTags })[f](v)}
            thesisPlaceholder="What you tested, what the result taught you, and what you would change."
            errors={shown}
            onTouch={(f) => setTouched((s) => new Set(s).add(f))}
          />
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
