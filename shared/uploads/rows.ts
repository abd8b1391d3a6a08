import { z } from 'zod';
import { isTradingDay } from '../market/calendar';
import { isIsoDate } from '../market/dates';
import { parseOcc } from '../market/occ';

/**
 * The rows a bulk upload accepts: the two history tables of the market-data specification, one CSV column per field,
 * in the specification's order.
 *   stock bars: ticker, date, open, high, low, close, volume (key ticker + date)
 *   option bars: contract_ticker, underlying_ticker, date, bid, ask, last, volume, open_interest, implied_volatility,
 *                delta, gamma, theta, vega (key contract_ticker + date)
 */
export const UPLOAD_KINDS = ['stock', 'option'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const STOCK_COLUMNS = ['ticker', 'date', 'open', 'high', 'low', 'close', 'volume'] as const;
export const OPTION_COLUMNS = [
  'contract_ticker',
  'underlying_ticker',
  'date',
  'bid',
  'ask',
  'last',
  'volume',
  'open_interest',
  'implied_volatility',
  'delta',
  'gamma',
  'theta',
  'vega',
] as const;
export const COLUMNS: Record<UploadKind, readonly string[]> = { stock: STOCK_COLUMNS, option: OPTION_COLUMNS };

/** The limits of one upload. */
export const UPLOAD_LIMITS = {
  /** The largest file accepted: the presigned POST's policy, the page and the job all hold to it. */
  maxBytes: 50 * 1024 * 1024,
  /** A record longer than this is not a row of either table (a binary file, a missing line break). */
  maxRecordBytes: 1024 * 1024,
  /** The longest text cell (a ticker or an OCC symbol with a vendor prefix is far shorter). */
  maxTextLength: 32,
  /** Rejections kept in the report; the count covers all of them. */
  reportRejections: 100,
  /** Days the progress item and its report are kept after the job ends. */
  reportDays: 30,
} as const;

export interface StockBarRow {
  ticker: string;
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface OptionBarRow {
  contract_ticker: string;
  underlying_ticker: string;
  date: string;
  bid: number;
  ask: number;
  last: number;
  volume: number;
  open_interest: number;
  implied_volatility: number | null;
  delta: number | null;
  gamma: number | null;
  theta: number | null;
  vega: number | null;
}

export type UploadRow = StockBarRow | OptionBarRow;

/** One rejected cell or row: "row N: column: reason". Rows are counted from 1 after the header. */
export interface Rejection {
  row: number;
  column: string;
  reason: string;
}

/**
 * A cell starting with one of these is a formula to a spreadsheet (OWASP, "CSV Injection"): a report or export opened
 * later in Excel would run it. A text cell starting with one is refused outright, whatever follows.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const text = (pattern: RegExp, what: string) =>
  z
    .string()
    .transform((s) => s.trim())
    .superRefine((s, ctx) => {
      if (s === '') ctx.addIssue({ code: 'custom', message: 'is empty' });
      else if (FORMULA_START.test(s)) ctx.addIssue({ code: 'custom', message: `starts with "${s[0]}": a formula is not accepted` });
      else if (s.length > UPLOAD_LIMITS.maxTextLength) ctx.addIssue({ code: 'custom', message: `is longer than ${UPLOAD_LIMITS.maxTextLength} characters` });
      else if (!pattern.test(s.toUpperCase())) ctx.addIssue({ code: 'custom', message: `must be ${what}` });
    })
    .transform((s) => s.toUpperCase());

const Ticker = text(/^[A-Z][A-Z.]{0,9}$/, 'a ticker symbol such as SPY');
const Contract = text(/^(O:)?[A-Z][A-Z0-9.]{0,5}\d{6}[CP]\d{8}$/, 'an OCC option symbol such as SPY261218C00600000');

const TradingDate = z
  .string()
  .transform((s) => s.trim())
  .superRefine((s, ctx) => {
    if (s === '') ctx.addIssue({ code: 'custom', message: 'is empty' });
    else if (FORMULA_START.test(s)) ctx.addIssue({ code: 'custom', message: `starts with "${s[0]}": a formula is not accepted` });
    else if (!isIsoDate(s)) ctx.addIssue({ code: 'custom', message: 'must be a date in the form YYYY-MM-DD' });
    else if (!isTradingDay(s)) ctx.addIssue({ code: 'custom', message: `${s} is not a NYSE trading day` });
  });

/** A number cell: plain decimal notation (no thousands separators, no currency sign), finite. */
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const numberCell = (opts: { min?: number; max?: number; integer?: boolean; nullable?: boolean; what?: string }) =>
  z
    .string()
    .transform((s) => s.trim())
    .transform((s, ctx): number | null => {
      if (s === '') {
        if (opts.nullable) return null;
        ctx.addIssue({ code: 'custom', message: 'is empty' });
        return z.NEVER;
      }
      if (!NUMBER.test(s)) {
        ctx.addIssue({ code: 'custom', message: `"${s.slice(0, 20)}" is not a number` });
        return z.NEVER;
      }
      const n = Number(s);
      if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message: 'is not a finite number' });
      else if (opts.integer && !Number.isInteger(n)) ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
      else if (opts.min !== undefined && n < opts.min)
        ctx.addIssue({ code: 'custom', message: n < 0 && opts.min === 0 ? `must not be negative (${s})` : `must be at least ${opts.min}` });
      else if (opts.max !== undefined && n > opts.max) ctx.addIssue({ code: 'custom', message: `must be at most ${opts.max}` });
      else return n;
      return z.NEVER;
    });

const price = numberCell({ min: 0 });
const count = numberCell({ min: 0, integer: true });

export const StockBarRowSchema = z
  .object({ ticker: Ticker, date: TradingDate, open: price, high: price, low: price, close: price, volume: count })
  .transform((r) => r as StockBarRow)
  .superRefine((r, ctx) => {
    if (r.low > r.high) ctx.addIssue({ code: 'custom', path: ['low'], message: `${r.low} is above the high ${r.high}` });
    else if (r.open > r.high || r.close > r.high) ctx.addIssue({ code: 'custom', path: ['high'], message: `${r.high} is below the open or the close` });
    else if (r.open < r.low || r.close < r.low) ctx.addIssue({ code: 'custom', path: ['low'], message: `${r.low} is above the open or the close` });
  });

export const OptionBarRowSchema = z
  .object({
    contract_ticker: Contract,
    underlying_ticker: Ticker,
    date: TradingDate,
    bid: price,
    ask: price,
    last: price,
    volume: count,
    open_interest: count,
    // A vendor leaves the greeks of an illiquid contract empty: an empty cell is stored as unknown (null).
    implied_volatility: numberCell({ min: 0, max: 10, nullable: true }),
    delta: numberCell({ min: -1, max: 1, nullable: true }),
    gamma: numberCell({ min: 0, nullable: true }),
    theta: numberCell({ nullable: true }),
    vega: numberCell({ min: 0, nullable: true }),
  })
  .transform((r) => ({ ...r, contract_ticker: r.contract_ticker.replace(/^O:/, '') }) as OptionBarRow)
  .superRefine((r, ctx) => {
    const occ = parseOcc(r.contract_ticker);
    if (!occ) ctx.addIssue({ code: 'custom', path: ['contract_ticker'], message: 'must be an OCC option symbol such as SPY261218C00600000' });
    // The OCC root is the underlying, or a longer root of it (SPXW for SPX).
    else if (!occ.underlying.startsWith(r.underlying_ticker.replace('.', ''))) {
      ctx.addIssue({ code: 'custom', path: ['underlying_ticker'], message: `${r.underlying_ticker} is not the underlying of ${r.contract_ticker}` });
    } else if (occ.expiration < r.date)
      ctx.addIssue({ code: 'custom', path: ['date'], message: `${r.date} is after the contract's expiration ${occ.expiration}` });
    else if (r.bid > r.ask && r.ask > 0) ctx.addIssue({ code: 'custom', path: ['bid'], message: `${r.bid} is above the ask ${r.ask}` });
  });

/**
 * The header must name the kind's columns, each once, in any order (a spreadsheet may reorder them); names are
 * compared without case and surrounding spaces. Answers the problem in words, or null when the header is right.
 */
export function checkHeader(kind: UploadKind, header: readonly string[]): string | null {
  const expected = COLUMNS[kind];
  const names = header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );
  const missing = expected.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => !expected.includes(n));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  const problems = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    unknown.length ? `unknown ${unknown.map((u) => `"${u.slice(0, 40)}"`).join(', ')}` : '',
    repeated.length ? `repeated ${[...new Set(repeated)].join(', ')}` : '',
  ].filter(Boolean);
  if (!problems.length) return null;
  return `The header does not match ${kind === 'stock' ? 'stock bars' : 'option bars'} (${problems.join('; ')}). Expected: ${expected.join(',')}`;
}

/** The header's names as the job keys each record by (lower case, trimmed, without a byte-order mark). */
export const headerNames = (header: readonly string[]): string[] =>
  header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase(),
  );

export type RowResult = { ok: true; row: UploadRow; key: string } | { ok: false; rejections: Rejection[] };

/**
 * Validates one record (cells by column name). `rowNumber` counts data rows from 1. `today` (New York) bounds the
 * date: history cannot be dated after the session it is uploaded in.
 */
export function validateRow(kind: UploadKind, record: Readonly<Record<string, string | undefined>>, rowNumber: number, today: string): RowResult {
  const schema = kind === 'stock' ? StockBarRowSchema : OptionBarRowSchema;
  const cells = Object.fromEntries(COLUMNS[kind].map((c) => [c, record[c] ?? '']));
  const parsed = schema.safeParse(cells);
  if (!parsed.success) {
    const seen = new Set<string>();
    const rejections = parsed.error.issues.flatMap((issue) => {
      const column = String(issue.path[0] ?? 'row');
      if (seen.has(column)) return [];
      seen.add(column);
      return [{ row: rowNumber, column, reason: issue.message }];
    });
    return { ok: false, rejections };
  }
  const row = parsed.data;
  if (row.date > today) return { ok: false, rejections: [{ row: rowNumber, column: 'date', reason: `${row.date} is after today (${today})` }] };
  return { ok: true, row, key: rowKey(kind, row) };
}

/** The table key of a row: ticker (or contract) and date. */
export const rowKey = (kind: UploadKind, row: UploadRow): string =>
  `${kind === 'stock' ? (row as StockBarRow).ticker : (row as OptionBarRow).contract_ticker}#${row.date}`;

/**
 * Remembers the keys seen in one file: a second row for the same key is rejected, naming the first, so the stored
 * bar is the one the file gives first and the operator sees which line repeats it.
 */
export function duplicateTracker() {
  const first = new Map<string, number>();
  return (key: string, rowNumber: number, kind: UploadKind): Rejection | null => {
    const earlier = first.get(key);
    if (earlier !== undefined) {
      return {
        row: rowNumber,
        column: kind === 'stock' ? 'ticker' : 'contract_ticker',
        reason: `repeats row ${earlier} (same ${kind === 'stock' ? 'ticker' : 'contract'} and date)`,
      };
    }
    first.set(key, rowNumber);
    return null;
  };
}
