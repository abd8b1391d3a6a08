import { useRef, useState } from 'react';
import type { OptionContract } from '@shared/market/chain';
import { daysBetween } from '@shared/market/dates';
import { parseLots, stepStrike, typedStrike, type BuilderLeg, type QuotedLeg } from '../lib/legs';
import { formatMoney } from '@shared/format/money';
import { formatShortDate } from '@shared/format/time';
import { strike } from '../lib/format';
import { optionTypeLabel } from '@shared/format/options';
import { EARLY_EXERCISE_WHY } from '@shared/strategy';

interface Props {
  index: number;
  quoted: QuotedLeg;
  /** The listed contracts of the leg's type and expiry, by strike. */
  grid: readonly OptionContract[];
  expiries: readonly string[];
  today: string;
  /** The leg's early-exercise premium per share where it is worth showing (legEarlyExercise), else null. */
  earlyExercise?: number | null;
  onChange: (patch: Partial<BuilderLeg>) => void;
  onRemove: () => void;
}

const control = 'rounded-lg bg-white px-1.5 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-brand-600';

/** One leg (spec part 3 §2): buy/sell badge, Call/Put (CE/PE are the Indian market's words), expiry, strike field with steppers, lots and the read-only price. */
export function LegRow({ index, quoted, grid, expiries, today, earlyExercise = null, onChange, onRemove }: Props) {
  const { leg, status } = quoted;
  const n = index + 1;
  const [lotsText, setLotsText] = useState<string | null>(null);
  const [strikeText, setStrikeText] = useState<string | null>(null);
  const strikeCancelled = useRef(false);
  const strikeJustFocused = useRef(false);
  /** A typed strike takes effect on Enter or on leaving the field, at the nearest strike that trades; Escape undoes it. */
  const commitStrike = () => {
    const text = strikeText;
    setStrikeText(null);
    if (text === null || strikeCancelled.current) {
      strikeCancelled.current = false;
      return;
    }
    const next = typedStrike(grid, text);
    if (next !== null && next !== quoted.strike) onChange({ strike: next });
  };
  const down = stepStrike(grid, quoted.strike, -1);
  const up = stepStrike(grid, quoted.strike, 1);
  const buy = leg.action === 'buy';

  return (
    <li className="rounded-xl p-3 ring-1 ring-slate-200" data-testid="leg-row" aria-label={`Leg ${n}`}>
      <div className="flex items-end gap-2">
        <button
          type="button"
          onClick={() => onChange({ action: buy ? 'sell' : 'buy' })}
          aria-label={`Leg ${n} is a ${buy ? 'buy' : 'sell'}. Switch to ${buy ? 'sell' : 'buy'}`}
          className={`h-9 w-14 shrink-0 rounded-lg text-xs font-bold ${buy ? 'bg-emerald-700 text-white hover:bg-emerald-800' : 'bg-red-700 text-white hover:bg-red-800'}`}
        >
          {buy ? 'BUY' : 'SELL'}
        </button>
        <label className="block w-16 shrink-0 text-xs text-slate-600">
          Type
          <select
            aria-label={`Leg ${n} type`}
            value={leg.optionType}
            onChange={(e) => onChange({ optionType: e.target.value === 'put' ? 'put' : 'call' })}
            className={`mt-0.5 block w-full ${control}`}
          >
            <option value="call">{optionTypeLabel('call')}</option>
            <option value="put">{optionTypeLabel('put')}</option>
          </select>
        </label>
        <label className="block min-w-0 flex-1 text-xs text-slate-600">
          Expiry
          <select
            aria-label={`Leg ${n} expiry`}
            value={leg.expiration}
            onChange={(e) => onChange({ expiration: e.target.value })}
            // Smaller type on a phone, so "Dec 24 (29d)" fits beside the type and the remove button.
            className={`mt-0.5 block w-full ${control} max-sm:text-xs`}
          >
            {expiries.map((e) => (
              <option key={e} value={e}>{`${formatShortDate(e)} (${Math.max(0, daysBetween(today, e))}d)`}</option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove leg ${n}`}
          className="h-9 w-9 shrink-0 rounded-lg text-lg text-slate-600 hover:bg-red-50 hover:text-red-800"
        >
          <span aria-hidden>×</span>
        </button>
      </div>
      <div className="mt-2 flex items-end gap-2">
        <div className="shrink-0 text-xs text-slate-600">
          <span aria-hidden>Strike</span>
          <div className="mt-0.5 flex items-center rounded-lg bg-white ring-1 ring-inset ring-slate-300">
            <button
              type="button"
              aria-label={`Lower strike for leg ${n}`}
              disabled={down === null}
              onClick={() => down !== null && onChange({ strike: down })}
              className="h-9 w-9 rounded-l-lg text-base font-bold text-slate-800 hover:bg-slate-100 disabled:text-slate-300"
            >
              −
            </button>
            <input
              aria-label={`Leg ${n} strike`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={strikeText ?? strike(quoted.strike)}
              onFocus={(e) => {
                // Selected, so typing replaces the strike; the mouse-up of the click that focused must not undo it.
                strikeJustFocused.current = true;
                e.currentTarget.select();
              }}
              onMouseUp={(e) => {
                if (strikeJustFocused.current) e.preventDefault();
                strikeJustFocused.current = false;
              }}
              onChange={(e) => setStrikeText(e.target.value)}
              onBlur={commitStrike}
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.currentTarget.blur();
                if (e.key === 'Escape') {
                  strikeCancelled.current = true;
                  e.currentTarget.blur();
                }
              }}
              className="h-9 w-[4.5rem] bg-transparent px-1 text-center text-sm font-semibold tabular-nums text-slate-900 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-brand-600"
            />
            <button
              type="button"
              aria-label={`Higher strike for leg ${n}`}
              disabled={up === null}
              onClick={() => up !== null && onChange({ strike: up })}
              className="h-9 w-9 rounded-r-lg text-base font-bold text-slate-800 hover:bg-slate-100 disabled:text-slate-300"
            >
              +
            </button>
          </div>
        </div>
        <label className="block w-16 shrink-0 text-xs text-slate-600">
          Lots
          <input
            aria-label={`Leg ${n} lots`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={lotsText ?? String(leg.lots)}
            onChange={(e) => {
              setLotsText(e.target.value);
              const lots = parseLots(e.target.value);
              if (lots !== leg.lots) onChange({ lots });
            }}
            onBlur={() => setLotsText(null)}
            className={`mt-0.5 block w-full ${control}`}
          />
        </label>
        <div className="min-w-0 flex-1 text-xs text-slate-600">
          <span aria-hidden>Price</span>
          <output
            aria-label={`Leg ${n} price`}
            className="mt-0.5 block h-9 rounded-lg bg-slate-50 px-2 py-2 text-right text-sm font-semibold tabular-nums text-slate-900"
          >
            {status === 'loading' ? '...' : quoted.premium === null ? '-' : formatMoney(quoted.premium)}
          </output>
        </div>
      </div>
      {earlyExercise !== null && (
        <p className="mt-2 text-xs text-slate-700" data-testid="leg-early-exercise">
          <span className="font-semibold text-slate-900">Early-exercise premium {formatMoney(earlyExercise)} a share</span> (American value − European value):{' '}
          {EARLY_EXERCISE_WHY[leg.optionType]}
        </p>
      )}
      {status === 'unlisted' && (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200" data-testid="leg-unlisted">
          This contract ({strike(leg.strike)} {optionTypeLabel(leg.optionType)}, {formatShortDate(leg.expiration)}) is no longer listed
          {leg.savedPremium !== undefined ? `; it was saved at ${formatMoney(leg.savedPremium)}` : ''}. Choose another expiry or strike, or remove the leg.
        </p>
      )}
    </li>
  );
}
