import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog: focus moves in when it opens and back when it closes, Escape and the backdrop
 * close it unless `locked` (while an action is in flight), and Tab stays inside.
 */
export function Modal({
  title,
  onClose,
  locked = false,
  children,
  footer,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  locked?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button:not([disabled]), [href]');
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !locked) onClose();
      if (e.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>('input, select, textarea, button:not([disabled]), [href]')];
      if (!focusable.length) return;
      const [head, tail] = [focusable[0]!, focusable[focusable.length - 1]!];
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [locked, onClose]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !locked) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:rounded-2xl ${wide ? 'sm:max-w-2xl' : 'sm:max-w-lg'}`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={locked}
            aria-label="Close"
            className="rounded-lg p-1 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <span aria-hidden className="text-xl leading-none">
              ×
            </span>
          </button>
        </div>
        <div className="px-5 py-4">{children}</div>
        {footer && <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end">{footer}</div>}
      </div>
    </div>
  );
}

/**
 * A form dialog's footer: Cancel, and the submit button of the form named by `formId` (outside the form, in the
 * footer), both disabled while it is sent, the submit saying what is happening ("Saving...").
 */
export function FormDialogActions({
  formId,
  pending,
  onCancel,
  submitLabel,
  pendingLabel,
}: {
  formId: string;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      <button
        type="button"
        onClick={onCancel}
        disabled={pending}
        className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
      >
        Cancel
      </button>
      <button
        type="submit"
        form={formId}
        disabled={pending}
        className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300"
      >
        {pending ? pendingLabel : submitLabel}
      </button>
    </>
  );
}
