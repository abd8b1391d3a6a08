import { instrumentKey } from './kite.wire';

/**
 * Kite's trading symbols of the NSE indices NSE's index options are written on (NSE:NIFTY 50, NSE:NIFTY BANK,
 * NSE:NIFTY FIN SERVICE in Kite's NSE instruments dump); a stock's spot is its own symbol on NSE (NSE:RELIANCE).
 */
export const KITE_INDEX_SYMBOLS: Readonly<Record<string, string>> = {
  NIFTY: 'NIFTY 50',
  BANKNIFTY: 'NIFTY BANK',
  FINNIFTY: 'NIFTY FIN SERVICE',
};

/** The NSE trading symbol of an underlying's spot. */
export const kiteSpotSymbol = (symbol: string): string => KITE_INDEX_SYMBOLS[symbol] ?? symbol;

/** The spot's key in Kite's quote calls, `NSE:<symbol>`. */
export const kiteSpotKey = (symbol: string): string => instrumentKey('NSE', kiteSpotSymbol(symbol));
