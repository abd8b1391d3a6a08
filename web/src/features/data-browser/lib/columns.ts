import { formatCount, formatNumber, formatPercent } from '@shared/format/number';
import { formatNewYorkTime } from '@shared/format/time';
import { toCsv } from '@shared/text/csv';
import type { DataTable } from '../api/data-browser';

/** How a column's values read: the CSV keeps the stored value, the table shows it formatted. */
type Kind = 'text' | 'date' | 'price' | 'count' | 'fraction' | 'greek' | 'instant' | 'origin';

export interface Column {
  key: string;
  label: string;
  kind: Kind;
  /** Left out of the table and the CSV when no row of the page has a value (an upload's quote fields, say). */
  optional?: boolean;
}

export type Row = Record<string, unknown>;
export type BrowsedTable = DataTable | 'contracts';

const col = (key: string, label: string, kind: Kind, optional = false): Column => ({ key, label, kind, ...(optional ? { optional } : {}) });

const BAR = [
  col('open', 'Open', 'price', true),
  col('high', 'High', 'price', true),
  col('low', 'Low', 'price', true),
  col('close', 'Close', 'price', true),
  col('volume', 'Volume', 'count', true),
];
/** A quote's prices, and its open interest, IV and Greeks: an option bar's quote fields and a stored contract's. */
const PRICES = [col('bid', 'Bid', 'price', true), col('ask', 'Ask', 'price', true), col('last', 'Last', 'price', true)];
const RISK = [
  col('open_interest', 'Open interest', 'count', true),
  col('implied_volatility', 'IV', 'fraction', true),
  col('delta', 'Delta', 'greek', true),
  col('gamma', 'Gamma', 'greek', true),
  col('theta', 'Theta', 'greek', true),
  col('vega', 'Vega', 'greek', true),
];

/** The columns of each table, in the order the page and the CSV give them. */
export const COLUMNS: Record<BrowsedTable, readonly Column[]> = {
  'stock-bars': [col('date', 'Date (New York, end of day)', 'date'), col('ticker', 'Ticker', 'text'), ...BAR, col('origin', 'Origin', 'origin')],
  'option-bars': [
    col('date', 'Date (New York, end of day)', 'date'),
    col('contract', 'Contract', 'text'),
    ...BAR,
    ...PRICES,
    ...RISK,
    col('origin', 'Origin', 'origin'),
  ],
  chains: [
    col('expiration', 'Expiration', 'date'),
    col('asOf', 'Fetched (New York time)', 'instant'),
    col('underlyingPrice', 'Underlying price', 'price'),
    col('contracts', 'Contracts', 'count'),
    col('source', 'Source', 'text'),
    col('provider', 'Provider', 'text'),
  ],
  summaries: [
    col('date', 'Session (New York, end of day)', 'date'),
    col('close', 'Close', 'price'),
    col('volume', 'Volume', 'count', true),
    col('iv30', 'IV30', 'fraction', true),
    col('iv90', 'IV90', 'fraction', true),
    col('hv20', 'HV20', 'fraction', true),
    col('iv25dCall', '25Δ call IV', 'fraction', true),
    col('iv25dPut', '25Δ put IV', 'fraction', true),
    col('callVolume', 'Call volume', 'count', true),
    col('putVolume', 'Put volume', 'count', true),
    col('callOpenInterest', 'Call OI', 'count', true),
    col('putOpenInterest', 'Put OI', 'count', true),
    col('source', 'Source', 'text'),
    col('basis', 'Basis', 'text'),
  ],
  contracts: [
    col('contract_ticker', 'Contract', 'text'),
    col('contract_type', 'Type', 'text'),
    col('strike_price', 'Strike', 'price'),
    ...PRICES,
    col('mark', 'Mark', 'price', true),
    col('volume', 'Volume', 'count', true),
    ...RISK,
  ],
};

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The columns a page shows: every fixed one, and an optional one when some row has a value in it. */
export const shownColumns = (table: BrowsedTable, rows: readonly Row[]): Column[] =>
  COLUMNS[table].filter((c) => !c.optional || rows.some((r) => present(r[c.key])));

/** A cell as the table shows it: a dash for a missing value. */
export function cellText(column: Column, value: unknown): string {
  if (!present(value)) return '—';
  if (typeof value === 'number') {
    switch (column.kind) {
      case 'price':
        return formatNumber(value, { digits: 4, minDigits: 2 });
      case 'count':
        return formatCount(value);
      case 'fraction':
        return formatPercent(value, 1);
      case 'greek':
        return formatNumber(value, { digits: 4, minDigits: 0 });
      default:
        return String(value);
    }
  }
  if (column.kind === 'instant' && typeof value === 'string') return formatNewYorkTime(value);
  if (column.kind === 'origin') return value === 'upload' ? 'uploaded' : 'ingested';
  return String(value);
}

/**
 * The CSV of what the page shows: the shown columns (headed by their field names, with the zone in the date's name)
 * and the stored values, not the formatted ones, so a spreadsheet reads numbers; cells are escaped by the one CSV writer.
 */
export function pageCsv(columns: readonly Column[], rows: readonly Row[]): string {
  const header = columns.map((c) => (c.kind === 'date' ? `${c.key}_new_york` : c.kind === 'instant' ? `${c.key}_utc` : c.key));
  return toCsv(
    header,
    rows.map((r) => columns.map((c) => r[c.key])),
  );
}
