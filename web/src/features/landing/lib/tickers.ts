/**
 * The two tapes (spec part 1 §2), drawn from the product's own quotes API. Index ETFs stand in for
 * the indices themselves, and say so in their labels.
 */
export const INDEX_TAPE = [
  { ticker: 'SPY', label: 'S&P 500 (SPY)' },
  { ticker: 'QQQ', label: 'NASDAQ-100 (QQQ)' },
  { ticker: 'DIA', label: 'Dow 30 (DIA)' },
  { ticker: 'IWM', label: 'Russell 2000 (IWM)' },
] as const;

export const STOCK_TAPE = ['AAPL', 'MSFT', 'TSLA', 'NVDA', 'AMZN', 'QQQ', 'SPY'].map((ticker) => ({ ticker, label: ticker }));

export interface TapeEntry {
  ticker: string;
  label: string;
}
