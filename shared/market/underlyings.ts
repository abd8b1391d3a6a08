/**
 * The underlyings the product tracks (spec part 2 §9), with what the simulated market needs to
 * make a believable market for each: a reference price on an anchor day, dividend yield, listing
 * style, and the shape of its volatility surface.
 */
export type ListingStyle = 'index-etf' | 'stock';

export interface UnderlyingProfile {
  ticker: string;
  name: string;
  sector: string;
  style: ListingStyle;
  /** Close on REFERENCE_DATE; the seeded walk runs forwards and backwards from it. */
  referencePrice: number;
  /** Continuous dividend yield. */
  dividendYield: number;
  /** At-the-money implied volatility at 30 days. */
  atmVol: number;
  /** Slope of IV in standardised log-moneyness (negative: puts richer than calls). */
  skew: number;
  /** Curvature of IV in standardised log-moneyness. */
  smile: number;
  /** Average shares traded a day, for the simulated underlying bars. */
  shareVolume: number;
  /** Open interest of an at-the-money 30-day strike, the scale for volume and OI. */
  oiScale: number;
  /** Whether it is one of the eight names the scheduled ingestion stores. */
  tracked: boolean;
}

export const REFERENCE_DATE = '2026-11-02';

export const UNDERLYINGS: readonly UnderlyingProfile[] = [
  {
    ticker: 'SPY',
    name: 'SPDR S&P 500 ETF Trust',
    sector: 'Index ETF',
    style: 'index-etf',
    referencePrice: 598,
    dividendYield: 0.012,
    atmVol: 0.15,
    skew: -0.28,
    smile: 0.06,
    shareVolume: 62_000_000,
    oiScale: 28_000,
    tracked: true,
  },
  {
    ticker: 'QQQ',
    name: 'Invesco QQQ Trust',
    sector: 'Index ETF',
    style: 'index-etf',
    referencePrice: 521,
    dividendYield: 0.006,
    atmVol: 0.19,
    skew: -0.24,
    smile: 0.06,
    shareVolume: 38_000_000,
    oiScale: 16_000,
    tracked: true,
  },
  {
    ticker: 'AAPL',
    name: 'Apple Inc.',
    sector: 'Technology',
    style: 'stock',
    referencePrice: 231,
    dividendYield: 0.0045,
    atmVol: 0.26,
    skew: -0.12,
    smile: 0.08,
    shareVolume: 52_000_000,
    oiScale: 9_000,
    tracked: true,
  },
  {
    ticker: 'TSLA',
    name: 'Tesla, Inc.',
    sector: 'Consumer Discretionary',
    style: 'stock',
    referencePrice: 338,
    dividendYield: 0,
    atmVol: 0.55,
    skew: -0.05,
    smile: 0.1,
    shareVolume: 95_000_000,
    oiScale: 11_000,
    tracked: true,
  },
  {
    ticker: 'NVDA',
    name: 'NVIDIA Corporation',
    sector: 'Technology',
    style: 'stock',
    referencePrice: 182,
    dividendYield: 0.0003,
    atmVol: 0.46,
    skew: -0.08,
    smile: 0.09,
    shareVolume: 210_000_000,
    oiScale: 14_000,
    tracked: true,
  },
  {
    ticker: 'MSFT',
    name: 'Microsoft Corporation',
    sector: 'Technology',
    style: 'stock',
    referencePrice: 468,
    dividendYield: 0.007,
    atmVol: 0.23,
    skew: -0.12,
    smile: 0.07,
    shareVolume: 21_000_000,
    oiScale: 5_000,
    tracked: true,
  },
  {
    ticker: 'AMZN',
    name: 'Amazon.com, Inc.',
    sector: 'Consumer Discretionary',
    style: 'stock',
    referencePrice: 224,
    dividendYield: 0,
    atmVol: 0.31,
    skew: -0.1,
    smile: 0.08,
    shareVolume: 41_000_000,
    oiScale: 7_000,
    tracked: true,
  },
  {
    ticker: 'GOOGL',
    name: 'Alphabet Inc. Class A',
    sector: 'Communication Services',
    style: 'stock',
    referencePrice: 188,
    dividendYield: 0.0045,
    atmVol: 0.29,
    skew: -0.1,
    smile: 0.08,
    shareVolume: 28_000_000,
    oiScale: 6_000,
    tracked: true,
  },
  // The spec's further mock-price symbols: priced on demand, not ingested on the schedule.
  {
    ticker: 'IWM',
    name: 'iShares Russell 2000 ETF',
    sector: 'Index ETF',
    style: 'index-etf',
    referencePrice: 241,
    dividendYield: 0.011,
    atmVol: 0.21,
    skew: -0.2,
    smile: 0.06,
    shareVolume: 30_000_000,
    oiScale: 8_000,
    tracked: false,
  },
  {
    ticker: 'DIA',
    name: 'SPDR Dow Jones Industrial Average ETF',
    sector: 'Index ETF',
    style: 'index-etf',
    referencePrice: 452,
    dividendYield: 0.016,
    atmVol: 0.14,
    skew: -0.25,
    smile: 0.06,
    shareVolume: 3_500_000,
    oiScale: 2_000,
    tracked: false,
  },
  {
    ticker: 'META',
    name: 'Meta Platforms, Inc.',
    sector: 'Communication Services',
    style: 'stock',
    referencePrice: 612,
    dividendYield: 0.0035,
    atmVol: 0.33,
    skew: -0.1,
    smile: 0.08,
    shareVolume: 14_000_000,
    oiScale: 5_000,
    tracked: false,
  },
];

export const TRACKED_UNDERLYINGS = UNDERLYINGS.filter((u) => u.tracked).map((u) => u.ticker);

export const underlyingProfile = (ticker: string): UnderlyingProfile | undefined => UNDERLYINGS.find((u) => u.ticker === ticker.toUpperCase());

/**
 * When an option may be exercised: any day up to expiry ('american') or only at expiry ('european'). The one
 * place that decides it for every underlying, listed or not: options on US stocks and ETFs (every underlying the
 * product tracks) are American-style; options on cash-settled indices are European-style.
 */
export type ExerciseStyle = 'american' | 'european';

/** Cash-settled indices whose options are European-style (Cboe's SPX, XSP, NDX, RUT, VIX, DJX; NSE's and BSE's). */
const EUROPEAN_STYLE_INDICES: ReadonlySet<string> = new Set([
  'SPX',
  'SPXW',
  'XSP',
  'NDX',
  'NDXP',
  'RUT',
  'VIX',
  'DJX',
  'NIFTY',
  'BANKNIFTY',
  'FINNIFTY',
  'SENSEX',
]);

export const exerciseStyle = (ticker: string): ExerciseStyle => (EUROPEAN_STYLE_INDICES.has(ticker.toUpperCase()) ? 'european' : 'american');

/** Continuous risk-free rate the simulated market prices with (about the 3-month T-bill yield). */
export const RISK_FREE_RATE = 0.04;
