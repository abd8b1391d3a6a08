import type { ReactNode } from 'react';

const fieldBase =
  'mt-1 block w-full min-w-0 rounded-lg bg-white px-3 py-2 text-slate-900 ring-inset focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:opacity-60';
/** A field's look; a field marked wrong has a red ring instead of the grey one (never both: Tailwind would pick one by its CSS order). */
export const fieldClass = `${fieldBase} ring-1 ring-slate-300`;
export const invalidFieldClass = `${fieldBase} ring-2 ring-red-600`;
export const hintClass = 'mt-1 text-xs text-slate-600';
export const errorClass = 'mt-1 text-sm font-medium text-red-800';

/** A public source as a link that says it opens a new tab, or its title alone. */
export const sourceLink = (s: { title: string; publisher: string; url?: string }) =>
  s.url ? (
    <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline underline-offset-2">
      {s.title}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    s.title
  );

/**
 * A labelled text input for a number, with its hint and, once the learner has touched it (or asked for the price), what
 * is wrong with it: read with the field (aria-describedby) and marked aria-invalid.
 */
export function NumberField({
  id,
  label,
  value,
  onChange,
  onBlur,
  hint,
  suffix,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  suffix?: string;
  /** Shown only when given: the page passes it once the field is touched or the form submitted. */
  error?: string;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {suffix && (
          <>
            {' '}
            <span className="text-slate-600">({suffix})</span>
          </>
        )}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={error ? invalidFieldClass : fieldClass}
      />
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
      {hint && (
        <div id={`${id}-hint`} className={hintClass}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  disabled,
  hint,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`${fieldClass} truncate`}
      >
        {children}
      </select>
      {hint && (
        <div id={`${id}-hint`} className={hintClass}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** Two or more choices as radio buttons under a legend. */
export function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (v: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map(([v, label]) => (
          <label key={v} className="flex items-center gap-1.5 text-sm text-slate-800">
            <input type="radio" name={name} checked={value === v} onChange={() => onChange(v)} className="accent-brand-700" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
