import { useId, useState } from 'react';
import { FormDialogActions, Modal } from '@web/components/trading/modal';
import { useCreateDraft, type DraftBody } from '../api/drafts';

/** "Add to Drafts": asks for a name (a sensible default is filled in) and saves the legs for this learner. */
export function SaveDraftDialog({
  body,
  defaultName,
  onClose,
  onSaved,
}: {
  body: DraftBody;
  defaultName: string;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState(defaultName);
  const create = useCreateDraft();
  const inputId = useId();
  const formId = useId();
  return (
    <Modal
      title="Save to drafts"
      onClose={onClose}
      locked={create.isPending}
      footer={<FormDialogActions formId={formId} pending={create.isPending} onCancel={onClose} submitLabel="Save draft" pendingLabel="Saving..." />}
    >
      <form
        id={formId}
        onSubmit={(e) => {
          e.preventDefault();
          const chosen = name.trim() || defaultName;
          create.mutate({ ...body, name: chosen }, { onSuccess: (r) => onSaved(r.draft.name) });
        }}
      >
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Draft name
        </label>
        <input
          id={inputId}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          className="mt-1 w-full rounded-lg px-3 py-2 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
        <p className="mt-2 text-sm text-slate-700">
          The legs, strikes, expiries, lots and multiplier are saved with today&apos;s prices for reference. A reopened draft is priced again from that
          day&apos;s chain.
        </p>
        {create.isError && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
            {create.error.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
