import { useId, useState } from 'react';

/**
 * A figure's explanation (issue 22: every figure has its formula, its inputs and the data's date): a small "i" button
 * whose text shows on hover, focus or click and is the button's accessible description.
 */
export function FormulaTip({ label, formula, inputs, asOf }: { label: string; formula: string; inputs?: string; asOf?: string | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="group relative inline-flex align-middle">
      <button
        type="button"
        aria-label={`How ${label} is computed`}
        aria-describedby={id}
        aria-expanded={open}
        onClick={(e) => {
          e.stopPropagation();
          setOpen((o) => !o);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        className="inline-flex h-4 w-4 items-center justify-center rounded-full text-[10px] font-bold text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100"
      >
        i
      </button>
      <span
        id={id}
        role="tooltip"
        className={`absolute left-1/2 top-full z-30 mt-1 w-64 -translate-x-1/2 rounded-lg bg-slate-900 p-2.5 text-left text-xs font-normal normal-case leading-relaxed text-white shadow-lg ${open ? 'block' : 'hidden group-hover:block group-focus-within:block'}`}
      >
        <span className="block font-semibold">{label}</span>
        <span className="block">{formula}</span>
        {inputs && <span className="mt-1 block text-slate-300">Inputs: {inputs}</span>}
        {asOf && <span className="mt-1 block text-slate-300">Data: end of day {formatAsOf(asOf)}</span>}
      </span>
    </span>
  );
}

/** An ISO instant as the New York session it closes ("Nov 25, 2026, 4:00 PM ET"). */
export function formatAsOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleString('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })} ET`;
}
