import { useId, useState } from 'react';
import { plural } from '@shared/format/words';
import { useDeleteDraft, useDrafts, useUpdateDraft } from '../api/drafts';
import type { Draft } from '@shared/drafts/drafts';
import { formatNewYorkTime } from '@shared/format/time';
import { QueryState } from '@web/components/query-state';

/** The learner's saved drafts: reopen one (re-priced from today's chain), rename it or delete it. */
export function DraftsPanel({ onOpen }: { onOpen: (draft: Draft) => void }) {
  const drafts = useDrafts();
  return (
    <section aria-labelledby="drafts-h" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="drafts-h" className="text-lg font-bold text-slate-900">
        Drafts
      </h2>
      <QueryState
        query={drafts}
        pending={
          <p role="status" className="mt-2 text-sm text-slate-700">
            Loading drafts...
          </p>
        }
        errorClassName="mt-2 text-sm text-red-800"
        isEmpty={(d) => d.drafts.length === 0}
        empty={<p className="mt-2 text-sm text-slate-700">No drafts yet. Build a strategy and choose Add to Drafts to keep it for later.</p>}
      >
        {(data) => (
          <ul className="mt-3 max-h-96 space-y-2 overflow-y-auto" aria-label="Saved drafts">
            {data.drafts.map((d) => (
              <DraftItem key={d.draftId} draft={d} onOpen={() => onOpen(d)} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function DraftItem({ draft, onOpen }: { draft: Draft; onOpen: () => void }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const update = useUpdateDraft();
  const remove = useDeleteDraft();
  const inputId = useId();
  const error = update.error?.message ?? remove.error?.message ?? null;

  const saveName = () => {
    const name = (renaming ?? '').trim();
    if (!name) return;
    update.mutate(
      { id: draft.draftId, body: { name, underlying: draft.underlying, strategy: draft.strategy, multiplier: draft.multiplier, legs: draft.legs } },
      { onSuccess: () => setRenaming(null) },
    );
  };

  return (
    <li className="rounded-xl p-3 ring-1 ring-slate-200" data-testid="draft-item">
      {renaming !== null ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            saveName();
          }}
        >
          <label htmlFor={inputId} className="block min-w-0 flex-1 text-xs text-slate-600">
            New name
            <input
              id={inputId}
              value={renaming}
              maxLength={80}
              onChange={(e) => setRenaming(e.target.value)}
              autoFocus
              className="mt-0.5 block w-full rounded-lg px-2 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300"
            />
          </label>
          <button
            type="submit"
            disabled={update.isPending || !renaming.trim()}
            className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
          >
            {update.isPending ? 'Saving...' : 'Save name'}
          </button>
          <button type="button" onClick={() => setRenaming(null)} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300">
            Cancel
          </button>
        </form>
      ) : (
        <>
          <p className="font-semibold text-slate-900">{draft.name}</p>
          <p className="text-xs text-slate-600">
            {draft.underlying} · {draft.strategy ?? 'Custom'} · {plural(draft.legs.length, 'leg')} · ×{draft.multiplier} · saved{' '}
            {formatNewYorkTime(draft.updatedAt)}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={onOpen}
              aria-label={`Open ${draft.name}`}
              className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Open
            </button>
            <button
              type="button"
              onClick={() => setRenaming(draft.name)}
              aria-label={`Rename ${draft.name}`}
              className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Rename
            </button>
            {confirmDelete ? (
              <>
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(draft.draftId)}
                  className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:bg-slate-300"
                >
                  {remove.isPending ? 'Deleting...' : `Delete ${draft.name}?`}
                </button>
                <button
                  type="button"
                  onClick={() => setConfirmDelete(false)}
                  className="rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300"
                >
                  Keep it
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={() => setConfirmDelete(true)}
                aria-label={`Delete ${draft.name}`}
                className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50"
              >
                Delete
              </button>
            )}
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </li>
  );
}
