import type { Currency } from '@shared/format/money';
import type { OptionContract } from '@shared/market/chain';
import { currencySymbol, type Greek } from './format';

export type ColumnId = 'bid' | 'ask' | 'last' | 'volume' | 'openInterest' | 'iv' | Greek;

export interface ColumnDef {
  id: ColumnId;
  label: string;
  /** One plain sentence for the header's tooltip; the model's sentence after it where the column comes from a model. */
  help: (currency: Currency, model?: PricingModel | null) => string;
}

export type PricingModel = OptionContract['pricing_model'];

/** Which model the chain's IV and Greeks (and time value) come from, and why (issue 23 §3). */
export const MODEL_HELP: Record<PricingModel, string> = {
  american:
    'From the American-style model (Andersen-Lake-Offengenden): these options can be exercised on any day before expiry, and the model values that right, so no price is below what exercising pays.',
  european: 'From the European-style model (Black-Scholes-Merton): these index options can be exercised only at expiry.',
};

const withModel = (text: string, model: PricingModel | null | undefined) => (model ? `${text} ${MODEL_HELP[model]}` : text);

/** The chain's model: the one its contracts were priced with (null for an empty chain, or a chain of both). */
export function chainModel(contracts: readonly Pick<OptionContract, 'pricing_model'>[]): PricingModel | null {
  const models = new Set(contracts.map((c) => c.pricing_model));
  return models.size === 1 ? [...models][0]! : null;
}

export const GREEKS: readonly Greek[] = ['delta', 'gamma', 'theta', 'vega'];

/** The calls' columns from the outside in (spec part 2 §2), then the optional Greeks next to IV; puts mirror them. */
export const BASE_COLUMNS: readonly ColumnDef[] = [
  { id: 'bid', label: 'Bid', help: () => 'The highest price a buyer is offering now, so it is the price you get when you sell.' },
  { id: 'ask', label: 'Ask', help: () => 'The lowest price a seller is asking now, so it is the price you pay when you buy.' },
  { id: 'last', label: 'Last', help: () => 'The price of the most recent trade in this contract. Point at a price to see its intrinsic value and time value.' },
  { id: 'volume', label: 'Volume', help: () => 'How many contracts changed hands in the latest session; the bar compares it with the busiest strike shown.' },
  { id: 'openInterest', label: 'OI', help: () => 'Open interest: how many contracts are still open, not yet closed, exercised or expired.' },
  {
    id: 'iv',
    label: 'IV',
    help: (_, m) => withModel('Implied volatility: how much the market expects the stock to swing in a year, read back from the option price.', m),
  },
];

export const GREEK_COLUMNS: readonly ColumnDef[] = [
  {
    id: 'delta',
    label: 'Delta',
    help: (c, m) =>
      withModel(`How much the option price moves when the stock moves ${currencySymbol(c)}1, between 0 and 1 for calls and 0 and -1 for puts.`, m),
  },
  { id: 'gamma', label: 'Gamma', help: (c, m) => withModel(`How much delta itself changes when the stock moves ${currencySymbol(c)}1.`, m) },
  {
    id: 'theta',
    label: 'Theta',
    help: (_, m) => withModel('How much value the option loses each calendar day as expiry comes closer, all else unchanged.', m),
  },
  { id: 'vega', label: 'Vega', help: (_, m) => withModel('How much the option price changes when implied volatility moves by one percentage point.', m) },
];

export const STRIKE_HELP = (c: Currency) => `The price (in ${currencySymbol(c)}) at which a call lets you buy, or a put lets you sell, the underlying stock.`;

/** The columns of one side, outside in, with the Greeks the learner turned on. */
export function visibleColumns(greeks: ReadonlySet<Greek>): ColumnDef[] {
  return [...BASE_COLUMNS, ...GREEK_COLUMNS.filter((c) => greeks.has(c.id as Greek))];
}
