import { describe, expect, it } from 'vitest';
import { optionChainRows, optionExpiries, parseInstrumentsCsv, type KiteInstrument } from '@shared/market/india/kite/instruments';

// Rows in the shape of Kite's dump (Kite Connect v3 docs, "Market quotes and instruments"; kiteconnect-mocks
// instruments_all.csv): an equity, a future, NIFTY options of two expiries out of order, and BANKNIFTY options.
const CSV = [
  'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange',
  '3813889,14898,CENTRALBK-BE,CENTRAL BANK OF INDIA,0.0,,0.0,0.05,1,EQ,NSE,NSE',
  '13238786,51714,NIFTY25DECFUT,NIFTY,0.0,2025-12-30,0.0,0.1,75,FUT,NFO-FUT,NFO',
  '10487554,40967,NIFTY26JAN24000PE,NIFTY,0.0,2026-01-27,24000.0,0.05,65,PE,NFO-OPT,NFO',
  '12073986,47164,NIFTY25D0924050CE,NIFTY,12.5,2025-12-09,24050.0,0.05,75,CE,NFO-OPT,NFO',
  '12074242,47165,NIFTY25D0924000PE,NIFTY,101.35,2025-12-09,24000.0,0.05,75,PE,NFO-OPT,NFO',
  '12073730,47163,NIFTY25D0924000CE,NIFTY,150.2,2025-12-09,24000.0,0.05,75,CE,NFO-OPT,NFO',
  '10487298,40966,NIFTY26JAN24000CE,NIFTY,0.0,2026-01-27,24000.0,0.05,65,CE,NFO-OPT,NFO',
  '9441026,36879,BANKNIFTY25DEC54000CE,BANKNIFTY,0.0,2025-12-30,54000.0,0.05,35,CE,NFO-OPT,NFO',
].join('\n');

const parsed = (): KiteInstrument[] => {
  const r = parseInstrumentsCsv(CSV);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('the Kite instruments CSV', () => {
  it('reads every row with integers, prices and dates typed, and an empty expiry as none', () => {
    const rows = parsed();
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({
      instrument_token: 3813889,
      exchange_token: 14898,
      tradingsymbol: 'CENTRALBK-BE',
      name: 'CENTRAL BANK OF INDIA',
      last_price: 0,
      expiry: null,
      strike: 0,
      tick_size: 0.05,
      lot_size: 1,
      instrument_type: 'EQ',
      segment: 'NSE',
      exchange: 'NSE',
    });
    expect(rows[3]).toMatchObject({ instrument_token: 12073986, last_price: 12.5, expiry: '2025-12-09', strike: 24050, lot_size: 75, instrument_type: 'CE' });
  });

  it('reads the columns by name, in whatever order Kite sends them, and with Windows line ends', () => {
    const reordered = [
      'exchange,segment,instrument_type,lot_size,tick_size,strike,expiry,last_price,name,tradingsymbol,exchange_token,instrument_token',
      'NFO,NFO-OPT,CE,65,0.05,24000.0,2026-01-27,0.0,NIFTY,NIFTY26JAN24000CE,40966,10487298',
    ].join('\r\n');
    const r = parseInstrumentsCsv(reordered);
    expect(r.ok && r.value[0]).toMatchObject({ instrument_token: 10487298, tradingsymbol: 'NIFTY26JAN24000CE', lot_size: 65, strike: 24000 });
  });

  it("fails with 'Failed to fetch instruments' when a column is missing or a row does not read", () => {
    const noLot = CSV.replace('lot_size,', '').replace(/,(\d+),(CE|PE|EQ|FUT),/g, ',$2,');
    const missing = parseInstrumentsCsv(noLot);
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error.message).toBe('Failed to fetch instruments');
    expect(!missing.ok && missing.error.details?.reason).toBe('missing columns: lot_size');

    const badRow = parseInstrumentsCsv(CSV.replace('24050.0', 'abc'));
    expect(!badRow.ok && badRow.error.message).toBe('Failed to fetch instruments');
    expect(!badRow.ok && badRow.error.details?.reason).toBe('row 5 does not read');

    const badDate = parseInstrumentsCsv(CSV.replace('2025-12-30,54000.0', '30-12-2025,54000.0'));
    expect(badDate.ok).toBe(false);

    expect(parseInstrumentsCsv('').ok).toBe(false);
  });
});

describe('the Indian chain rows', () => {
  it('lists an underlying’s option expiries earliest first, futures left out', () => {
    expect(optionExpiries(parsed(), 'NIFTY')).toEqual(['2025-12-09', '2026-01-27']);
    expect(optionExpiries(parsed(), 'BANKNIFTY')).toEqual(['2025-12-30']);
    expect(optionExpiries(parsed(), 'FINNIFTY')).toEqual([]);
  });

  it('without a chosen expiry takes the earliest, with only the CE and PE rows of that name, by strike, call before put', () => {
    const chain = optionChainRows(parsed(), 'NIFTY');
    expect(chain.expiry).toBe('2025-12-09');
    expect(chain.rows.map((r) => r.tradingsymbol)).toEqual(['NIFTY25D0924000CE', 'NIFTY25D0924000PE', 'NIFTY25D0924050CE']);
    expect(chain.rows.every((r) => r.lot_size === 75)).toBe(true);
  });

  it('with a chosen expiry takes that one (and its own lot size)', () => {
    const chain = optionChainRows(parsed(), 'NIFTY', '2026-01-27');
    expect(chain.rows.map((r) => [r.tradingsymbol, r.lot_size])).toEqual([
      ['NIFTY26JAN24000CE', 65],
      ['NIFTY26JAN24000PE', 65],
    ]);
  });

  it('matches the name exactly: NIFTY does not pick BANKNIFTY rows, and an unknown underlying has no chain', () => {
    expect(optionChainRows(parsed(), 'BANKNIFTY').rows.map((r) => r.tradingsymbol)).toEqual(['BANKNIFTY25DEC54000CE']);
    expect(optionChainRows(parsed(), 'FINNIFTY')).toEqual({ underlying: 'FINNIFTY', expiry: null, rows: [] });
  });
});
