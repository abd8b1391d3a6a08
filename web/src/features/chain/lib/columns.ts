import type { Currency } from '@shared/format/money';
import { currencySymbol, type Greek } from './format';

export type ColumnId = 'bid' | 'ask' | 'last' | 'volume' | 'openInterest' | 'iv' | Greek;

export interface ColumnDef {
  id: ColumnId;
  label: string;
  /** One plain sentence for the header's tooltip. */
  help: (currency: Currency) => string;
}

export const GREEKS: readonly Greek[] = ['delta', 'gamma', 'theta', 'vega'];

/** The calls' columns from the outside in (spec part 2 §2), then the optional Greeks next to IV; puts mirror them. */
export const BASE_COLUMNS: readonly ColumnDef[] = [
  { id: 'bid', label: 'Bid', help: () => 'The highest price a buyer is offering now, so it is the price you get when you sell.' },
  { id: 'ask', label: 'Ask', help: () => 'The lowest price a seller is asking now, so it is the price you pay when you buy.' },
  { id: 'last', label: 'Last', help: () => 'The price of the most recent trade in this contract.' },
  { id: 'volume', label: 'Volume', help: () => 'How many contracts changed hands in the latest session; the bar compares it with the busiest strike shown.' },
  { id: 'openInterest', label: 'OI', help: () => 'Open interest: how many contracts are still open, not yet closed, exercised or expired.' },
  { id: 'iv', label: 'IV', help: () => 'Implied volatility: how much the market expects the stock to swing in a year, read back from the option price.' },
];

export const GREEK_COLUMNS: readonly ColumnDef[] = [
  {
    id: 'delta',
    label: 'Delta',
    help: (c) => `How much the option price moves when the stock moves ${currencySymbol(c)}1, between 0 and 1 for calls and 0 and -1 for puts.`,
  },
  { id: 'gamma', label: 'Gamma', help: (c) => `How much delta itself changes when the stock moves ${currencySymbol(c)}1.` },
  { id: 'theta', label: 'Theta', help: () => 'How much value the option loses each calendar day as expiry comes closer, all else unchanged.' },
  { id: 'vega', label: 'Vega', help: () => 'How much the option price changes when implied volatility moves by one percentage point.' },
];

export const STRIKE_HELP = (c: Currency) => `The price (in ${currencySymbol(c)}) at which a call lets you buy, or a put lets you sell, the underlying stock.`;

/** The columns of one side, outside in, with the Greeks the learner turned on. */
export function visibleColumns(greeks: ReadonlySet<Greek>): ColumnDef[] {
  return [...BASE_COLUMNS, ...GREEK_COLUMNS.filter((c) => greeks.has(c.id as Greek))];
}
