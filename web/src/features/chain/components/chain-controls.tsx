import { useId, type ReactNode } from 'react';
import { SORT_KEYS, type SortKey, type SortOrder } from '../lib/chain-rows';
import { GREEK_COLUMNS } from '../lib/columns';
import type { Greek } from '../lib/format';

export interface ControlValues {
  /** Kept as typed so the field can be edited freely; parsed by the page. */
  minVolume: string;
  sortKey: SortKey;
  order: SortOrder;
  from: string;
  to: string;
}

interface Props {
  values: ControlValues;
  onChange: (patch: Partial<ControlValues>) => void;
  greeks: ReadonlySet<Greek>;
  onToggleGreek: (greek: Greek) => void;
  onReset: () => void;
  /** On a phone the controls fold into a panel the learner opens. */
  compact: boolean;
}

const inputClass =
  'w-full rounded-lg bg-white px-3 py-2 text-sm tabular-nums ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';

/** Min Volume, Sort By, Order, Strike Range (spec part 2 §2) and the Greek columns. */
export function ChainControls({ values, onChange, greeks, onToggleGreek, onReset, compact }: Props) {
  const id = useId();
  // A reversed range shows no rows; say why rather than show an empty chain (issue 24).
  const reversed = values.from !== '' && values.to !== '' && Number(values.from) > Number(values.to);
  const body = (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:flex-wrap lg:items-end">
      <Field id={`${id}-min`} label="Min Volume" className="lg:w-32">
        <input
          id={`${id}-min`}
          type="number"
          inputMode="numeric"
          min={0}
          step={100}
          value={values.minVolume}
          onChange={(e) => {
            const n = Number(e.target.value);
            // Spec part 2 §5: Min Volume cannot go below 0.
            onChange({ minVolume: e.target.value !== '' && Number.isFinite(n) && n < 0 ? '0' : e.target.value });
          }}
          className={inputClass}
        />
      </Field>
      <Field id={`${id}-sort`} label="Sort By" className="lg:w-40">
        <select id={`${id}-sort`} value={values.sortKey} onChange={(e) => onChange({ sortKey: e.target.value as SortKey })} className={inputClass}>
          {SORT_KEYS.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-order`} label="Order" className="lg:w-36">
        <select id={`${id}-order`} value={values.order} onChange={(e) => onChange({ order: e.target.value as SortOrder })} className={inputClass}>
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </Field>
      <fieldset className="col-span-2 sm:col-span-3 lg:col-span-1">
        <legend className="mb-1 text-xs font-semibold text-slate-700">Strike Range</legend>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-from`} className="sr-only">
            Strike range from
          </label>
          <input
            id={`${id}-from`}
            type="number"
            inputMode="decimal"
            step={5}
            min={0}
            placeholder="From"
            value={values.from}
            onChange={(e) => onChange({ from: e.target.value })}
            className={`${inputClass} lg:w-28`}
          />
          <span aria-hidden className="text-slate-500">
            to
          </span>
          <label htmlFor={`${id}-to`} className="sr-only">
            Strike range to
          </label>
          <input
            id={`${id}-to`}
            type="number"
            inputMode="decimal"
            step={5}
            min={0}
            placeholder="To"
            value={values.to}
            onChange={(e) => onChange({ to: e.target.value })}
            className={`${inputClass} lg:w-28`}
          />
        </div>
        {reversed && (
          <p role="alert" className="mt-1 text-xs font-medium text-red-800">
            From is above To
          </p>
        )}
      </fieldset>
      <fieldset className="col-span-2 sm:col-span-2 lg:col-span-1">
        <legend className="mb-1 text-xs font-semibold text-slate-700">Greeks</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-1 py-2">
          {GREEK_COLUMNS.map((g) => (
            <label key={g.id} className="flex items-center gap-1.5 text-sm text-slate-800">
              <input type="checkbox" checked={greeks.has(g.id as Greek)} onChange={() => onToggleGreek(g.id as Greek)} className="h-4 w-4 accent-brand-700" />
              {g.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-end">
        <button type="button" onClick={onReset} className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
          Reset filters
        </button>
      </div>
    </div>
  );

  if (!compact) return <div className="rounded-xl bg-white p-3 ring-1 ring-slate-200">{body}</div>;
  return (
    <details className="group rounded-xl bg-white ring-1 ring-slate-200">
      <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900">
        Filters, sorting and Greeks
        <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="border-t border-slate-100 p-3">{body}</div>
    </details>
  );
}

function Field({ id, label, className = '', children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
