import { formatNumber } from '@shared/format/number';
import { useId, useState } from 'react';
import { useSharePost, type Post, type ShareBody } from '@web/api/community-posts';
import { FormDialogActions, Modal } from '@web/components/trading/modal';
import { PostFields, tagsOf } from './post-fields';
import { useCelebrationHold } from '@web/lib/celebration-hold';

export type ShareSource =
  | {
      kind: 'builder';
      underlying: string;
      strategyName: string;
      spot: number;
      legs: { action: 'buy' | 'sell'; optionType: 'call' | 'put'; strike: number; expiration: string; quantity: number; premium: number | null }[];
    }
  | { kind: 'journal'; journalTradeId: string; strategyName: string; underlying: string };

/**
 * "Share with the community": a title, the thesis (Markdown: links and emphasis, no HTML), up to five tags and, for a
 * closed journal trade, whether to show how it ended (off unless ticked). The legs go as the server keeps them:
 * relative to today's price and expiry, so the post still means something on a later chain.
 */
export function ShareStrategyDialog({ source, onClose, onShared }: { source: ShareSource; onClose: () => void; onShared: (post: Post) => void }) {
  const [title, setTitle] = useState(`${source.strategyName} on ${source.underlying}`);
  const [thesis, setThesis] = useState('');
  const [tags, setTags] = useState('');
  const [includeOutcome, setIncludeOutcome] = useState(false);
  const share = useSharePost();
  // A level reached meanwhile waits until the dialog closes (issue 33: no modal over a form).
  useCelebrationHold(true, 'Continue');
  const ids = { form: useId(), outcome: useId() };
  const tagList = tagsOf(tags);

  const submit = () => {
    const common = { title, thesis, tags: tagList };
    const body: ShareBody =
      source.kind === 'builder'
        ? { source: 'builder', ...common, underlying: source.underlying, strategyName: source.strategyName, spot: source.spot, legs: source.legs }
        : { source: 'journal', ...common, journalTradeId: source.journalTradeId, includeOutcome };
    share.mutate(body, { onSuccess: (r) => onShared(r.post) });
  };

  return (
    <Modal
      title="Share with the community"
      onClose={onClose}
      locked={share.isPending}
      wide
      footer={<FormDialogActions formId={ids.form} pending={share.isPending} onCancel={onClose} submitLabel="Share strategy" pendingLabel="Sharing..." />}
    >
      <form
        id={ids.form}
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
          thesisPlaceholder="Why this shape, what you expect the underlying to do, and what would prove you wrong."
          tagsPlaceholder="earnings, low-iv"
        />
        {source.kind === 'journal' && (
          <label htmlFor={ids.outcome} className="flex items-start gap-2 text-sm text-slate-800">
            <input id={ids.outcome} type="checkbox" checked={includeOutcome} onChange={(e) => setIncludeOutcome(e.target.checked)} className="mt-0.5 h-4 w-4" />
            <span>Show how the trade ended (its P&amp;L and days held). Off unless you tick it.</span>
          </label>
        )}
        <p className="text-sm text-slate-700">
          {source.kind === 'builder'
            ? `The legs are shared relative to ${source.underlying} at ${formatNumber(source.spot)} and today's date: strikes as a distance from the price, expiries as days to expiry.`
            : 'The legs are shared relative to the price and date the trade was opened: strikes as a distance from the price, expiries as days to expiry.'}{' '}
          Other learners see your display name.
        </p>
        {share.isError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
            {share.error.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
