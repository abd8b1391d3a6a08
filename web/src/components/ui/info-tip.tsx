import { useId, useState } from 'react';

/**
 * A small "i" button whose explanation shows on hover, focus or click, and is its accessible description. On a phone the
 * explanation sits across the bottom of the screen, so it never widens the page.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        className="inline-flex h-5 w-5 items-center justify-center rounded-full text-xs font-bold text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100"
      >
        i
      </button>
      <span
        id={id}
        role="tooltip"
        className={`fixed inset-x-4 bottom-4 z-50 rounded-lg sm:absolute sm:inset-x-auto sm:bottom-full sm:left-1/2 sm:z-20 sm:mb-2 sm:w-64 sm:-translate-x-1/2 bg-slate-900 p-2.5 text-xs font-normal leading-relaxed text-white shadow-lg ${open ? 'block' : 'hidden group-hover:block group-focus-within:block'}`}
      >
        {text}
      </span>
    </span>
  );
}
