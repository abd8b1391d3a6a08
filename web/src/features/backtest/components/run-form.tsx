import { useId, type ReactNode } from 'react';
import { formatExpiry } from '@shared/format/time';
import { formatCount } from '@shared/format/number';
import { formatUsd } from '@shared/format/money';
import type { BacktestHistory, Draft } from '@web/api/backtest';
import { MAX_LEGS, newLeg, storedOf, type FieldErrors, type FormFields, type LegFields } from '../lib/form';

const input =
  'mt-1 w-full rounded-lg bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';
const fieldset = 'min-w-0 space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200';
const legend = 'px-1 text-base font-semibold text-slate-900';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

export interface RunFormProps {
  history: BacktestHistory;
  fields: FormFields;
  onChange: (next: FormFields) => void;
  /** The errors to show now: of touched fields, or all of them after a submit. */
  errors: FieldErrors;
  onTouch: (field: string) => void;
  onSubmit: () => void;
  running: boolean;
  /** A failure that names no field of the form. */
  formError: string | null;
  /** A note about legs that came from the builder or a draft. */
  note: string | null;
  /** The learner's saved drafts, to start the legs from one. */
  drafts?: readonly Draft[];
  onDraft?: (draft: Draft) => void;
}

/** One labelled input with its hint and its error, the error tied to the input (aria-describedby). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800" data-testid={`error-${id}`}>
          Error: {error}
        </p>
      )}
    </div>
  );
}

type TextKey = { [K in keyof FormFields]: FormFields[K] extends string ? K : never }[keyof FormFields];

interface TextFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  onBlur: () => void;
  onChange: (value: string) => void;
}

/** A numeric text input in its Field: whole numbers (the numeric keypad) unless `decimal`. */
function NumberField({ decimal = false, value, onBlur, onChange, ...field }: TextFieldProps & { decimal?: boolean }) {
  return (
    <Field {...field}>
      {(p) => (
        <input {...p} inputMode={decimal ? 'decimal' : 'numeric'} className={input} value={value} onBlur={onBlur} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** A date input in its Field, within the stored sessions. */
function DateField({ min, max, value, onBlur, onChange, ...field }: TextFieldProps & { min?: string; max?: string }) {
  return (
    <Field {...field}>
      {(p) => <input {...p} type="date" className={input} min={min} max={max} value={value} onBlur={onBlur} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/**
 * The backtest's rules (issue 39): underlying and range, strategy, entry, exit, size and costs, in fieldsets that
 * stack on a phone. Each error shows on a field once it is touched, or on every field after a submit.
 */
export function RunForm({ history, fields: f, onChange, errors, onTouch, onSubmit, running, formError, note, drafts = [], onDraft }: RunFormProps) {
  const uid = useId();
  const id = (path: string) => `${uid}-${path.replace(/\./g, '-')}`;
  const set = (patch: Partial<FormFields>) => onChange({ ...f, ...patch });
  const setLeg = (i: number, patch: Partial<LegFields>) => set({ legs: f.legs.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const blur = (path: string) => () => onTouch(path);
  const stored = storedOf(history, f.underlying);
  /** A NumberField's or DateField's id, error, value and handlers for the form's field at `path` (touching `touch` on blur). */
  const fieldOf = (path: string, key: TextKey, touch = path) => ({
    id: id(path),
    error: errors[path],
    value: f[key],
    onBlur: blur(touch),
    onChange: (v: string) => set({ [key]: v }),
  });
  const legNumeric = (i: number, field: 'quantity' | 'strike', key: 'quantity' | 'value') => ({
    id: id(`strategy.legs.${i}.${field}`),
    error: errors[`strategy.legs.${i}.${field}`],
    value: f.legs[i]![key],
    onBlur: blur(`strategy.legs.${i}.${field}`),
    onChange: (v: string) => setLeg(i, { [key]: v }),
  });

  return (
    <form
      noValidate
      aria-label="Backtest rules"
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <fieldset className={fieldset}>
          <legend className={legend}>Underlying and dates</legend>
          <p className="text-xs text-slate-600" data-testid="history-source">
            {history.source.label}
            {history.source.asOf ? ` End-of-day data through ${formatExpiry(history.source.asOf)}.` : ''}
          </p>
          <Field
            id={id('underlying')}
            label="Underlying"
            error={errors.underlying}
            hint={
              stored
                ? `Stored: ${formatExpiry(stored.first)} to ${formatExpiry(stored.last)} (${formatCount(stored.sessions)} sessions, end of day)`
                : undefined
            }
          >
            {(p) => (
              <select
                {...p}
                className={input}
                value={f.underlying}
                onBlur={blur('underlying')}
                onChange={(e) => {
                  const u = storedOf(history, e.target.value);
                  set({ underlying: e.target.value, ...(u ? { from: u.defaultRange.from, to: u.defaultRange.to } : {}) });
                }}
              >
                {history.underlyings.map((u) => (
                  <option key={u.symbol} value={u.symbol}>
                    {u.symbol}
                    {u.name ? ` · ${u.name}` : ''} ({formatExpiry(u.first)} to {formatExpiry(u.last)})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <DateField {...fieldOf('from', 'from')} label="From" min={stored?.first} max={stored?.last} />
            <DateField {...fieldOf('to', 'to')} label="To" min={stored?.first} max={stored?.last} />
          </div>
          <Field id={id('name')} label="Name (optional)" error={errors.name} hint="Left blank: the underlying, strategy and dates.">
            {(p) => <input {...p} className={input} value={f.name} maxLength={80} onBlur={blur('name')} onChange={(e) => set({ name: e.target.value })} />}
          </Field>
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Strategy</legend>
          {note && (
            <p className="rounded-lg bg-sky-50 p-2 text-sm text-sky-900" data-testid="builder-note">
              {note}
            </p>
          )}
          <div role="radiogroup" aria-label="Strategy source" className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${uid}-kind`} checked={f.strategyKind === 'template'} onChange={() => set({ strategyKind: 'template' })} />A template
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${uid}-kind`} checked={f.strategyKind === 'legs'} onChange={() => set({ strategyKind: 'legs' })} />
              My own legs
            </label>
          </div>
          {f.strategyKind === 'template' ? (
            <Field
              id={id('strategy')}
              label="Template"
              error={errors.strategy}
              hint="The builder’s templates on one expiry, options only. Each entry places it on that day’s strikes, as the builder does."
            >
              {(p) => (
                <select {...p} className={input} value={f.template} onBlur={blur('strategy')} onChange={(e) => set({ template: e.target.value })}>
                  {(['bullish', 'bearish', 'neutral', 'volatility'] as const)
                    .filter((c) => history.templates.some((t) => t.category === c))
                    .map((c) => (
                      <optgroup key={c} label={c[0]!.toUpperCase() + c.slice(1)}>
                        {history.templates
                          .filter((t) => t.category === c)
                          .map((t) => (
                            <option key={t.id} value={t.id}>
                              {t.name}
                            </option>
                          ))}
                      </optgroup>
                    ))}
                </select>
              )}
            </Field>
          ) : (
            <div className="space-y-3">
              {drafts.length > 0 && onDraft && (
                <Field id={id('draft')} label="Start from a saved draft (optional)" hint="Its strikes become distances from the underlying’s latest close.">
                  {(p) => (
                    <select
                      {...p}
                      className={input}
                      value=""
                      onChange={(e) => {
                        const d = drafts.find((x) => x.draftId === e.target.value);
                        if (d) onDraft(d);
                      }}
                    >
                      <option value="">Choose a draft…</option>
                      {drafts.map((d) => (
                        <option key={d.draftId} value={d.draftId}>
                          {d.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}
              {errors.strategy && (
                <p className="text-sm font-medium text-red-800" role="alert">
                  Error: {errors.strategy}
                </p>
              )}
              <ol className="space-y-3">
                {f.legs.map((leg, i) => (
                  <li key={i} className="space-y-2 rounded-lg bg-slate-50 p-3">
                    <div className="flex items-center justify-between gap-2">
                      <h3 className="text-sm font-semibold text-slate-900">Leg {i + 1}</h3>
                      {f.legs.length > 1 && (
                        <button
                          type="button"
                          className="text-sm font-semibold text-red-800 underline"
                          onClick={() => set({ legs: f.legs.filter((_, j) => j !== i) })}
                        >
                          Remove leg {i + 1}
                        </button>
                      )}
                    </div>
                    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                      <Field id={id(`strategy.legs.${i}.side`)} label="Buy or sell">
                        {(p) => (
                          <select {...p} className={input} value={leg.side} onChange={(e) => setLeg(i, { side: e.target.value as LegFields['side'] })}>
                            <option value="sell">Sell</option>
                            <option value="buy">Buy</option>
                          </select>
                        )}
                      </Field>
                      <Field id={id(`strategy.legs.${i}.type`)} label="Type">
                        {(p) => (
                          <select {...p} className={input} value={leg.type} onChange={(e) => setLeg(i, { type: e.target.value as LegFields['type'] })}>
                            <option value="put">Put</option>
                            <option value="call">Call</option>
                          </select>
                        )}
                      </Field>
                      <NumberField {...legNumeric(i, 'quantity', 'quantity')} label="Contracts per lot" />
                      <Field id={id(`strategy.legs.${i}.by`)} label="Strike by">
                        {(p) => (
                          <select
                            {...p}
                            className={input}
                            value={leg.by}
                            onChange={(e) => {
                              const by = e.target.value as LegFields['by'];
                              setLeg(i, { by, value: by === 'delta' ? '0.3' : '-5' });
                            }}
                          >
                            <option value="delta">Delta</option>
                            <option value="distance">Distance from the price (%)</option>
                          </select>
                        )}
                      </Field>
                    </div>
                    <NumberField
                      {...legNumeric(i, 'strike', 'value')}
                      label={leg.by === 'delta' ? 'Delta (0.30 is a 30-delta option)' : 'Distance from the price, % (−5 is 5% below)'}
                      decimal
                    />
                  </li>
                ))}
              </ol>
              {f.legs.length < MAX_LEGS && (
                <button
                  type="button"
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
                  onClick={() => set({ legs: [...f.legs, newLeg()] })}
                >
                  Add a leg
                </button>
              )}
              <p className="text-xs text-slate-600">Every leg goes on the one expiry the entry rule picks.</p>
            </div>
          )}
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Entry</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={id('entry.scheduleKind')} label="Enter">
              {(p) => (
                <select {...p} className={input} value={f.scheduleKind} onChange={(e) => set({ scheduleKind: e.target.value as FormFields['scheduleKind'] })}>
                  <option value="weekday">Every week on a weekday</option>
                  <option value="every">Every N trading days</option>
                </select>
              )}
            </Field>
            {f.scheduleKind === 'weekday' ? (
              <Field id={id('entry.schedule')} label="Weekday" error={errors['entry.schedule']}>
                {(p) => (
                  <select {...p} className={input} value={f.weekday} onChange={(e) => set({ weekday: e.target.value })}>
                    {WEEKDAYS.map((d, i) => (
                      <option key={d} value={String(i + 1)}>
                        {d}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : (
              <NumberField {...fieldOf('entry.schedule', 'tradingDays')} label="Trading days between entries" hint="1 to 63; 1 enters every session." />
            )}
            <NumberField {...fieldOf('entry.daysToExpiry', 'daysToExpiry')} label="Days to expiry at entry" hint="The listed expiry nearest it." />
            <NumberField {...fieldOf('entry.maxOpen', 'maxOpen')} label="Most positions open at once" />
            <NumberField {...fieldOf('filters.ivRank', 'ivRankAbove')} label="Only when IV rank is above (optional)" decimal hint="0-100; blank: any." />
            <NumberField
              {...fieldOf('filters.ivRankBelow', 'ivRankBelow', 'filters.ivRank')}
              label="Only when IV rank is below (optional)"
              decimal
              hint="0-100; blank: any."
            />
          </div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" className="mt-1" checked={f.noEarnings} onChange={(e) => set({ noEarnings: e.target.checked })} />
            Skip an entry when earnings fall before the expiry
          </label>
          {errors['filters.noEarningsBeforeExpiry'] && <p className="text-sm font-medium text-red-800">Error: {errors['filters.noEarningsBeforeExpiry']}</p>}
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Exit</legend>
          <p className="text-xs text-slate-600">Checked at each close. Leave all three blank to hold every trade to expiry.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <NumberField {...fieldOf('exit.profitTargetPct', 'profitTargetPct')} label="Profit target, % of max profit" decimal hint="Blank: no target." />
            <NumberField {...fieldOf('exit.daysBeforeExpiry', 'daysBeforeExpiry')} label="Close this many days before expiry" hint="Blank: no such rule." />
            <NumberField {...fieldOf('exit.stopLoss', 'stopPct')} label="Stop loss, %" decimal hint="Blank: no stop." />
            <Field id={id('exit.stopOf')} label="Stop measured as % of">
              {(p) => (
                <select {...p} className={input} value={f.stopOf} onChange={(e) => set({ stopOf: e.target.value as FormFields['stopOf'] })}>
                  <option value="max-loss">The max loss</option>
                  <option value="credit">The credit received (debit paid)</option>
                </select>
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Size</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={id('size.kind')} label="Size each trade by">
              {(p) => (
                <select {...p} className={input} value={f.sizeKind} onChange={(e) => set({ sizeKind: e.target.value as FormFields['sizeKind'] })}>
                  <option value="contracts">A number of lots</option>
                  <option value="risk">Risk per trade, % of the balance</option>
                </select>
              )}
            </Field>
            {f.sizeKind === 'contracts' ? (
              <NumberField {...fieldOf('size.contracts', 'contracts')} label="Lots per trade" hint="1 to 100." />
            ) : (
              <NumberField {...fieldOf('size.riskPct', 'riskPct')} label="Risk per trade, %" decimal hint="As many lots as keep the max loss within it." />
            )}
            <NumberField {...fieldOf('startingBalance', 'startingBalance')} label="Starting balance, $" decimal />
          </div>
        </fieldset>

        <fieldset className={fieldset}>
          <legend className={legend}>Costs</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <NumberField
              {...fieldOf('costs.commissionPerContract', 'commission')}
              label="Commission per contract, $"
              decimal
              hint={`Default ${formatUsd(history.defaults.costs.commissionPerContract)}, on the opening and on a closing trade.`}
            />
            <NumberField
              {...fieldOf('costs.spreadPerContract', 'spread')}
              label="Spread cost per contract, $"
              decimal
              hint={`Default ${formatUsd(history.defaults.costs.spreadPerContract)}: crossing a quote from its mid. None at expiry.`}
            />
          </div>
        </fieldset>
      </div>

      {formError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800" data-testid="run-error">
          {formError}
        </p>
      )}
      <button
        type="submit"
        disabled={running}
        className="w-full rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
      >
        {running ? 'Running the backtest…' : 'Run the backtest'}
      </button>
    </form>
  );
}
