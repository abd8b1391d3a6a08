import { occSymbol } from '@shared/market/occ';
import type { Quote } from '@shared/trading/order';
import { DEFAULT_SETTINGS, type PaperAccount, type Position } from '@shared/paper/types';

export const NOW = new Date('2026-11-23T15:00:00Z'); // Monday 10:00 New York
export const SESSION = '2026-11-23';
export const EXPIRY = '2026-12-18';

export const call = (strike: number, expiration = EXPIRY, underlying = 'XYZ') => occSymbol(underlying, expiration, 'call', strike);
export const put = (strike: number, expiration = EXPIRY, underlying = 'XYZ') => occSymbol(underlying, expiration, 'put', strike);

export function quote(contract: string, bid: number | null, ask: number | null, underlyingPrice = 100): Quote {
  const mark = bid !== null && ask !== null ? (bid + ask) / 2 : null;
  return {
    contract,
    bid,
    ask,
    last: mark,
    mark,
    asOf: '2026-11-20T21:00:00.000Z',
    underlyingPrice,
    delta: 0.5,
    gamma: 0.02,
    theta: -0.05,
    vega: 0.1,
    rho: 0.03,
  };
}

export function account(overrides: Partial<PaperAccount> = {}): PaperAccount {
  return {
    userId: 'u1',
    startingCapital: 100_000,
    cash: 100_000,
    realizedPnl: 0,
    heldForOrders: 0,
    run: 1,
    createdAt: '2026-11-01T00:00:00Z',
    settings: { ...DEFAULT_SETTINGS },
    dayTrades: [],
    sessionStart: null,
    version: 1,
    ...overrides,
  };
}

export function optionPosition(symbol: string, quantity: number, avgPrice: number, openedDate = '2026-11-20'): Position {
  const [, und, yy, mm, dd, cp, k] = /^([A-Z]+)(\d\d)(\d\d)(\d\d)([CP])(\d{8})$/.exec(symbol)!;
  return {
    symbol,
    kind: 'option',
    underlying: und!,
    optionType: cp === 'C' ? 'call' : 'put',
    strike: Number(k) / 1000,
    expiration: `20${yy}-${mm}-${dd}`,
    quantity,
    avgPrice,
    openedAt: `${openedDate}T15:00:00Z`,
    openedDate,
    version: 1,
  };
}

export function stockPosition(symbol: string, quantity: number, avgPrice: number): Position {
  return { symbol, kind: 'stock', underlying: symbol, quantity, avgPrice, openedAt: '2026-11-02T15:00:00Z', openedDate: '2026-11-02', version: 1 };
}
