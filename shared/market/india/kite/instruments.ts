import { parse } from 'csv-parse/sync';
import { fail, ok, type Result } from '../../../result';
import { KITE_MESSAGES } from './errors';

/**
 * Kite Connect's instrument dump, `GET /instruments/{exchange}` (Kite Connect v3 docs, "Market quotes and
 * instruments"): a CSV with one header row, the columns below in any order. pykiteconnect's `_parse_instruments`
 * reads the tokens and the lot size as integers, the prices, the strike and the tick size as floats, and an empty
 * expiry as none; so does this. The product's "Indian instrument" keeps Kite's own field names.
 */
export const KITE_INSTRUMENT_COLUMNS = [
  'instrument_token',
  'exchange_token',
  'tradingsymbol',
  'name',
  'last_price',
  'expiry',
  'strike',
  'tick_size',
  'lot_size',
  'instrument_type',
  'segment',
  'exchange',
] as const;

export interface KiteInstrument {
  instrument_token: number;
  exchange_token: number;
  tradingsymbol: string;
  /** The underlying's name for derivatives (NIFTY, BANKNIFTY), the company's for equities; may be empty. */
  name: string;
  last_price: number;
  /** YYYY-MM-DD, or null for instruments that do not expire. */
  expiry: string | null;
  strike: number;
  tick_size: number;
  lot_size: number;
  /** EQ, FUT, CE or PE (Kite's dump); kept open, as Kite may add types. */
  instrument_type: string;
  segment: string;
  exchange: string;
}

export type KiteOptionRow = KiteInstrument & { instrument_type: 'CE' | 'PE'; expiry: string };

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Parses the instruments CSV. A dump without Kite's header, or with a row whose numbers or expiry do not read,
 * fails with the spec's 'Failed to fetch instruments' and the row in the details: a half-read dump would show a chain
 * with contracts missing, which is worse than none.
 */
export function parseInstrumentsCsv(csv: string): Result<KiteInstrument[]> {
  let records: Record<string, string>[];
  let columns: string[] = [];
  try {
    records = parse(csv, {
      columns: (header: string[]) => (columns = header),
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as Record<string, string>[];
  } catch (err) {
    return fail('bad_gateway', KITE_MESSAGES.instruments, { reason: (err as Error).message });
  }
  const missing = KITE_INSTRUMENT_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) return fail('bad_gateway', KITE_MESSAGES.instruments, { reason: `missing columns: ${missing.join(', ')}` });

  const rows: KiteInstrument[] = [];
  for (const [i, r] of records.entries()) {
    const row = toInstrument(r);
    if (!row) return fail('bad_gateway', KITE_MESSAGES.instruments, { reason: `row ${i + 2} does not read`, row: r });
    rows.push(row);
  }
  return ok(rows);
}

function toInstrument(r: Record<string, string>): KiteInstrument | null {
  const int = (v: string | undefined) => (v !== undefined && INTEGER.test(v) ? Number(v) : null);
  const num = (v: string | undefined) => (v !== undefined && NUMBER.test(v) ? Number(v) : v === '' ? 0 : null);
  const instrument_token = int(r.instrument_token);
  const exchange_token = int(r.exchange_token);
  const lot_size = int(r.lot_size);
  const last_price = num(r.last_price);
  const strike = num(r.strike);
  const tick_size = num(r.tick_size);
  const expiry = r.expiry ?? '';
  if (instrument_token === null || exchange_token === null || lot_size === null) return null;
  if (last_price === null || strike === null || tick_size === null) return null;
  if (expiry !== '' && !DATE.test(expiry)) return null;
  return {
    instrument_token,
    exchange_token,
    tradingsymbol: r.tradingsymbol ?? '',
    name: r.name ?? '',
    last_price,
    expiry: expiry === '' ? null : expiry,
    strike,
    tick_size,
    lot_size,
    instrument_type: r.instrument_type ?? '',
    segment: r.segment ?? '',
    exchange: r.exchange ?? '',
  };
}

const isOption = (r: KiteInstrument): r is KiteOptionRow => (r.instrument_type === 'CE' || r.instrument_type === 'PE') && r.expiry !== null;

/** The expiries of an underlying's options (CE or PE rows whose name is the underlying), earliest first. */
export function optionExpiries(rows: readonly KiteInstrument[], underlying: string): string[] {
  const set = new Set<string>();
  for (const r of rows) if (isOption(r) && r.name === underlying) set.add(r.expiry);
  return [...set].sort();
}

export interface OptionChainRows {
  underlying: string;
  /** The expiry shown: the chosen one, or the earliest when none was chosen; null when the underlying has no options. */
  expiry: string | null;
  /** The CE and PE rows of that expiry, by strike, the call before the put at each strike. */
  rows: KiteOptionRow[];
}

/**
 * The rows of an Indian chain (spec part 2, "Validation rules"): only instruments of type CE or PE whose name
 * matches the underlying; without a chosen expiry, the earliest expiry.
 */
export function optionChainRows(rows: readonly KiteInstrument[], underlying: string, expiry?: string): OptionChainRows {
  const chosen = expiry ?? optionExpiries(rows, underlying)[0] ?? null;
  const picked = rows
    .filter(isOption)
    .filter((r) => r.name === underlying && r.expiry === chosen)
    .sort((a, b) => a.strike - b.strike || (a.instrument_type === b.instrument_type ? 0 : a.instrument_type === 'CE' ? -1 : 1));
  return { underlying, expiry: chosen, rows: picked };
}
