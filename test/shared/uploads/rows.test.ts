import { describe, expect, it } from 'vitest';
import { checkHeader, duplicateTracker, OPTION_COLUMNS, STOCK_COLUMNS, UPLOAD_LIMITS, validateRow } from '@shared/uploads/rows';

const TODAY = '2026-11-27';
const stock = (over: Record<string, string> = {}) => ({
  ticker: 'SPY',
  date: '2026-11-20',
  open: '600',
  high: '605.5',
  low: '598',
  close: '603',
  volume: '1000000',
  ...over,
});
const option = (over: Record<string, string> = {}) => ({
  contract_ticker: 'SPY261218C00600000',
  underlying_ticker: 'SPY',
  date: '2026-11-20',
  bid: '10.1',
  ask: '10.3',
  last: '10.2',
  volume: '1500',
  open_interest: '20000',
  implied_volatility: '0.18',
  delta: '0.55',
  gamma: '0.012',
  theta: '-0.2',
  vega: '0.9',
  ...over,
});
const rejectionOf = (kind: 'stock' | 'option', record: Record<string, string>) => {
  const r = validateRow(kind, record, 7, TODAY);
  if (r.ok) throw new Error('expected a rejection');
  return r.rejections;
};

describe('stock bar rows', () => {
  it('accepts a valid row and keys it by ticker and date', () => {
    const r = validateRow('stock', stock({ ticker: ' spy ' }), 1, TODAY);
    expect(r).toEqual({
      ok: true,
      key: 'SPY#2026-11-20',
      row: { ticker: 'SPY', date: '2026-11-20', open: 600, high: 605.5, low: 598, close: 603, volume: 1000000 },
    });
  });

  it.each([
    ['ticker', '', 'is empty'],
    ['ticker', 'SP Y', 'must be a ticker symbol'],
    ['ticker', 'ABCDEFGHIJKL', 'must be a ticker symbol'],
    ['date', '2026/11/20', 'must be a date in the form YYYY-MM-DD'],
    ['date', '2026-02-30', 'must be a date in the form YYYY-MM-DD'],
    ['date', '2026-11-21', 'is not a NYSE trading day'],
    ['date', '2026-11-26', 'is not a NYSE trading day'],
    ['open', '-1', 'must not be negative'],
    ['high', 'abc', 'is not a number'],
    ['low', '1,000', 'is not a number'],
    ['close', '', 'is empty'],
    ['volume', '10.5', 'must be a whole number'],
    ['volume', '-3', 'must not be negative'],
  ])('rejects %s = "%s": %s', (column, value, reason) => {
    const [first] = rejectionOf('stock', stock({ [column]: value }));
    expect(first!.row).toBe(7);
    expect(first!.column).toBe(column);
    expect(first!.reason).toContain(reason);
  });

  it('rejects a low above the high and a close outside the range', () => {
    expect(rejectionOf('stock', stock({ low: '610' }))[0]).toMatchObject({ column: 'low' });
    expect(rejectionOf('stock', stock({ close: '700' }))[0]).toMatchObject({ column: 'high' });
  });

  it('rejects a date after today', () => {
    expect(rejectionOf('stock', stock({ date: '2026-12-01' }))[0]).toEqual({ row: 7, column: 'date', reason: '2026-12-01 is after today (2026-11-27)' });
  });

  it.each(['=1+2', '+SPY', '-SPY', '@SUM(A1)'])('refuses the formula cell %s in a text field', (value) => {
    const [first] = rejectionOf('stock', stock({ ticker: value }));
    expect(first).toEqual({ row: 7, column: 'ticker', reason: `starts with "${value[0]}": a formula is not accepted` });
  });

  it('refuses a cell of a megabyte without echoing it', () => {
    const [first] = rejectionOf('stock', stock({ ticker: 'A'.repeat(UPLOAD_LIMITS.maxRecordBytes) }));
    expect(first!.column).toBe('ticker');
    expect(first!.reason).toBe(`is longer than ${UPLOAD_LIMITS.maxTextLength} characters`);
    const [number] = rejectionOf('stock', stock({ open: '9'.repeat(UPLOAD_LIMITS.maxRecordBytes) }));
    expect(number!.reason.length).toBeLessThan(60);
  });

  it('names every faulty column once', () => {
    expect(rejectionOf('stock', stock({ open: '-1', volume: 'x' })).map((r) => r.column)).toEqual(['open', 'volume']);
  });
});

describe('option bar rows', () => {
  it('accepts a valid row, a vendor prefix dropped, empty greeks as unknown', () => {
    const r = validateRow('option', option({ contract_ticker: 'O:SPY261218C00600000', delta: '', vega: '' }), 1, TODAY);
    expect(r.ok && r.row).toMatchObject({ contract_ticker: 'SPY261218C00600000', underlying_ticker: 'SPY', delta: null, vega: null, implied_volatility: 0.18 });
    expect(r.ok && r.key).toBe('SPY261218C00600000#2026-11-20');
  });

  it.each([
    ['contract_ticker', 'SPY', 'must be an OCC option symbol'],
    ['contract_ticker', '=HYPERLINK("x")', 'a formula is not accepted'],
    ['underlying_ticker', 'QQQ', 'is not the underlying of SPY261218C00600000'],
    ['underlying_ticker', '@SPY', 'a formula is not accepted'],
    ['date', '2026-11-22', 'is not a NYSE trading day'],
    ['bid', '-0.05', 'must not be negative'],
    ['ask', '', 'is empty'],
    ['last', '-1', 'must not be negative'],
    ['volume', '1.5', 'must be a whole number'],
    ['open_interest', '-1', 'must not be negative'],
    ['implied_volatility', '-0.1', 'must not be negative'],
    ['implied_volatility', '12', 'must be at most 10'],
    ['delta', '1.5', 'must be at most 1'],
    ['delta', '-1.5', 'must be at least -1'],
    ['gamma', '-0.1', 'must not be negative'],
    ['theta', 'x', 'is not a number'],
    ['vega', '-2', 'must not be negative'],
  ])('rejects %s = "%s": %s', (column, value, reason) => {
    const [first] = rejectionOf('option', option({ [column]: value }));
    expect(first!.column).toBe(column);
    expect(first!.reason).toContain(reason);
  });

  it('rejects a bid above the ask and a date after the expiration', () => {
    expect(rejectionOf('option', option({ bid: '11' }))[0]).toMatchObject({ column: 'bid', reason: '11 is above the ask 10.3' });
    expect(rejectionOf('option', option({ contract_ticker: 'SPY261120C00600000', date: '2026-11-23' }))[0]).toMatchObject({ column: 'date' });
  });

  it('accepts a root longer than the underlying (SPXW for SPX)', () => {
    expect(validateRow('option', option({ contract_ticker: 'SPXW261218C06000000', underlying_ticker: 'SPX' }), 1, TODAY).ok).toBe(true);
  });
});

describe('the header', () => {
  it('accepts the columns in any order and case, with a byte-order mark', () => {
    expect(checkHeader('stock', ['\uFEFFTicker', ...STOCK_COLUMNS.slice(1).reverse()])).toBeNull();
    expect(checkHeader('option', [...OPTION_COLUMNS])).toBeNull();
  });

  it('names what is missing, unknown or repeated', () => {
    expect(checkHeader('stock', ['ticker', 'date', 'open', 'high', 'low', 'close', 'close', 'price'])).toBe(
      'The header does not match stock bars (missing volume; unknown "price"; repeated close). Expected: ticker,date,open,high,low,close,volume',
    );
    expect(checkHeader('option', [...STOCK_COLUMNS])).toContain('missing contract_ticker, underlying_ticker, bid');
  });
});

describe('duplicates within a file', () => {
  it('rejects the second row of a key, naming the first', () => {
    const seen = duplicateTracker();
    expect(seen('SPY#2026-11-20', 1, 'stock')).toBeNull();
    expect(seen('SPY#2026-11-19', 2, 'stock')).toBeNull();
    expect(seen('SPY#2026-11-20', 5, 'stock')).toEqual({ row: 5, column: 'ticker', reason: 'repeats row 1 (same ticker and date)' });
  });
});
