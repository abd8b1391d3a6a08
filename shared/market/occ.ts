import type { ContractType } from './market-data.port';

/**
 * OCC option symbols: root, expiry YYMMDD, C or P, strike × 1000 in 8 digits, e.g. SPY261218C00600000.
 * (Options Clearing Corporation symbology, 2010; vendors prefix it, Polygon with "O:".)
 */
export interface ParsedOcc {
  underlying: string;
  expiration: string;
  type: ContractType;
  strike: number;
}

const OCC = /^([A-Z][A-Z0-9.]{0,5})(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

export function occSymbol(underlying: string, expiration: string, type: ContractType, strike: number): string {
  const [y, m, d] = expiration.split('-');
  const strikeCode = String(Math.round(strike * 1000)).padStart(8, '0');
  if (strikeCode.length > 8 || !y || !m || !d) throw new RangeError(`Cannot make an OCC symbol for ${underlying} ${expiration} ${strike}`);
  return `${underlying}${y.slice(2)}${m}${d}${type === 'call' ? 'C' : 'P'}${strikeCode}`;
}

/** Parses an OCC symbol (a vendor prefix such as "O:" is accepted); null when it is not one. */
export function parseOcc(symbol: string): ParsedOcc | null {
  const m = OCC.exec(symbol.replace(/^O:/, '').toUpperCase());
  if (!m) return null;
  const [, root, yy, mm, dd, cp, strike] = m as unknown as [string, string, string, string, string, string, string];
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { underlying: root, expiration: `20${yy}-${mm}-${dd}`, type: cp === 'C' ? 'call' : 'put', strike: Number(strike) / 1000 };
}
