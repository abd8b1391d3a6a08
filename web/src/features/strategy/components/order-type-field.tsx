import { useId } from 'react';
import { limitWords, type NetLimit, type NetSide } from '../lib/trade';

export type OrderKind = 'market' | 'limit';

interface Props {
  kind: OrderKind;
  onKind: (kind: OrderKind) => void;
  text: string;
  side: NetSide;
  /** One leg's side is its action: the choice of debit or credit is not offered. */
  sideFixed: boolean;
  onText: (text: string) => void;
  onSide: (side: NetSide) => void;
  /** The parsed limit, or why it cannot be sent. */
  parsed: { ok: true; limit: NetLimit } | { ok: false; message: string };
  /** When the legs' lots share a factor, the unit the paper account prices the limit in, in words. */
  unitNote: string | null;
}

/** Trade All as a market order, or as a limit at a net price for the whole strategy (a day order either way). */
export function OrderTypeField({ kind, onKind, text, side, sideFixed, onText, onSide, parsed, unitNote }: Props) {
  const name = useId();
  const ids = { amount: useId(), side: useId(), words: useId() };
  return (
    <fieldset className="mt-3 rounded-lg p-3 ring-1 ring-slate-200" data-testid="order-type">
      <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Order type</legend>
      <div className="flex flex-wrap gap-4 text-sm text-slate-800">
        <label className="flex items-center gap-1.5">
          <input type="radio" name={name} checked={kind === 'market'} onChange={() => onKind('market')} className="accent-brand-700" /> Market
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name={name} checked={kind === 'limit'} onChange={() => onKind('limit')} className="accent-brand-700" /> Limit at a net price
        </label>
      </div>
      {kind === 'limit' && (
        <div className="mt-2">
          <div className="flex flex-wrap items-end gap-2">
            <label htmlFor={ids.amount} className="block text-xs text-slate-600">
              Net price per unit ($)
              <input
                id={ids.amount}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={text}
                onChange={(e) => onText(e.target.value)}
                aria-invalid={!parsed.ok}
                aria-describedby={ids.words}
                className="mt-0.5 block w-28 rounded-lg bg-white px-2 py-2 text-sm tabular-nums ring-1 ring-inset ring-slate-300"
              />
            </label>
            {sideFixed ? (
              <p className="pb-2 text-sm text-slate-700">net {side}</p>
            ) : (
              <label htmlFor={ids.side} className="block text-xs text-slate-600">
                Debit or credit
                <select
                  id={ids.side}
                  value={side}
                  onChange={(e) => onSide(e.target.value as NetSide)}
                  className="mt-0.5 block rounded-lg bg-white px-2 py-2 text-sm ring-1 ring-inset ring-slate-300"
                >
                  <option value="debit">net debit (you pay)</option>
                  <option value="credit">net credit (you receive)</option>
                </select>
              </label>
            )}
          </div>
          <p id={ids.words} className={`mt-1 text-sm ${parsed.ok ? 'font-medium text-slate-900' : 'text-red-800'}`} data-testid="limit-words">
            {parsed.ok ? limitWords(parsed.limit) : parsed.message}
          </p>
          {unitNote && (
            <p className="mt-1 text-xs text-slate-700" data-testid="limit-unit">
              {unitNote}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-600">
            It starts at the mid. A limit order fills only at your price or better; one that cannot fill now stays open until the market reaches your price, and
            expires at the close.
          </p>
        </div>
      )}
    </fieldset>
  );
}
