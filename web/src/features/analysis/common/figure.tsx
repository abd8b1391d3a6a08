import { formatCount, formatNumber, formatPercent, orDash } from '@shared/format/number';
import { useId, useState, type ReactNode } from 'react';
import { formatDate } from '@shared/format/time';
import { formatOrdinal } from '@shared/format/words';

/**
 * A figure of an analysis page with its tooltip (issue 22: every figure carries its formula, its inputs and the data's
 * date). The ⓘ button shows it on hover, focus or click, and the figure names it as its description for screen readers.
 */
export interface FigureProps {
  label: string;
  value: ReactNode;
  formula: string;
  inputs: readonly string[];
  /** The session the figure is as of (yyyy-mm-dd). */
  asOf: string;
  note?: ReactNode;
  testId?: string;
}

export function FigureTip({ label, formula, inputs, asOf }: Pick<FigureProps, 'label' | 'formula' | 'inputs' | 'asOf'>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={`How ${label} is computed`}
        aria-describedby={id}
        aria-expanded={open}
        // Hover or focus has usually opened it already: a click (a tap on a phone) keeps it open; Escape or leaving closes it.
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="inline-flex h-5 w-5 items-center justify-center rounded-full text-xs font-bold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
      >
        i
      </button>
      <span
        id={id}
        role="tooltip"
        data-testid="figure-tooltip"
        className={`${open ? 'block' : 'hidden'} absolute left-0 top-6 z-20 w-72 max-w-[80vw] rounded-lg bg-slate-900 p-3 text-left text-xs font-normal text-white shadow-lg`}
      >
        <span className="block font-semibold">{formula}</span>
        {inputs.length > 0 && (
          <span className="mt-1 block">
            Inputs:{' '}
            {inputs.map((i, n) => (
              <span key={n} className="block">
                {i}
              </span>
            ))}
          </span>
        )}
        <span className="mt-1 block text-slate-300">End-of-day data as of {formatDate(asOf)}</span>
      </span>
    </span>
  );
}

export function Figure({ label, value, formula, inputs, asOf, note, testId }: FigureProps) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200" data-testid={testId ?? 'figure'}>
      <dt className="flex items-center justify-between gap-2 text-sm font-medium text-slate-700">
        {label}
        <FigureTip label={label} formula={formula} inputs={inputs} asOf={asOf} />
      </dt>
      <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
      {note && <dd className="mt-1 text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

/** Percent with one decimal (0.253 → 25.3%); a dash for an unknown value. */
export const pct = orDash((x: number, digits = 1) => formatPercent(x, digits));
export const num = orDash((x: number, digits = 2) => formatNumber(x, { digits }));
export const whole = orDash(formatCount);
/** A percentile as an ordinal: 3 → "3rd percentile", 93 → "93rd percentile"; a dash for none. */
export const ordinal = (p: number | null | undefined) => (p === null || p === undefined ? '—' : `${formatOrdinal(p)} percentile`);
