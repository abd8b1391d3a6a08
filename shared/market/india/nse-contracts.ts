/**
 * NSE equity-derivative (F&O) contract specifications for the simulated Indian market, as they stand in 2026, and the
 * profile each underlying's simulated market is drawn from (as `UnderlyingProfile` is for the US market).
 *
 * Every fact carries the public source it was checked against. Where no stored source could be found, the entry says
 * so (`confirmed: false`) and the value is a best reading to be checked against NSE's daily contract file
 * (NSE_FO_contract_ddmmyyyy.csv.gz) or the lot_size column of Kite's NFO instruments dump, which carry the live values.
 */

/** A public source a specification was checked against: what it is, who published it, and when. */
export interface NseSource {
  title: string;
  publisher: string;
  /** The circular's or the report's date, YYYY-MM-DD. */
  date: string;
  url?: string;
}

export const NSE_SOURCES = {
  /**
   * SEBI circular of 1 October 2024, "Measures to strengthen Equity Index Derivatives framework": from 20 November 2024
   * index derivatives are introduced with a contract value of at least ₹15 lakh, and each exchange keeps weekly expiries
   * on one benchmark index only (NSE kept NIFTY). Checked against the NDTV Profit reports of 1 and 3 October 2024.
   */
  sebiIndexDerivatives2024: {
    title: 'SEBI: Measures to strengthen Equity Index Derivatives framework for increased investor protection and market stability',
    publisher: 'Securities and Exchange Board of India (reported by NDTV Profit)',
    date: '2024-10-01',
    url: 'https://www.ndtvprofit.com/markets/sebi-fo-framework-new-measures-investor-protection-market-stability',
  },
  /**
   * NSE's revision of the expiry day to Tuesday: index and stock derivatives expire on Tuesday from the end of day of
   * 28 August 2025 (NIFTY weekly every Tuesday; monthlies on the last Tuesday), the previous trading day when the Tuesday
   * is a holiday. NSE's contract-specifications page refers to circular NSE/FAOP/68747; Business Today reported the
   * circular of 23 June 2025 that set the dates.
   */
  nseTuesdayExpiry2025: {
    title: 'NSE: Revision in expiry day of Index and Stock derivatives contracts (NSE/FAOP/68747)',
    publisher: 'National Stock Exchange of India (reported by Business Today)',
    date: '2025-06-23',
    url: 'https://businesstoday.in/markets/stocks/story/nse-revises-expiry-dates-for-index-derivatives-contracts-from-august-29-481484-2025-06-23',
  },
  /**
   * NSE circular FAOP70616: index lot sizes revised from the end of day of 28 October 2025 (NIFTY 75→65, BANKNIFTY
   * 35→30, FINNIFTY 65→60, MIDCPNIFTY 140→120, NIFTYNXT50 unchanged at 25), for weekly and monthly contracts from the
   * January 2026 expiries. The circular is dated 3 October 2025 (Flattrade's notice); checked against Financial
   * Express, Capital Market (7 October 2025) and Upstox's notice.
   */
  nseIndexLots2025: {
    title: 'NSE: Revision in market lot of derivative contracts on indices (NSE/FAOP/70616)',
    publisher: 'National Stock Exchange of India (reported by Financial Express, Capital Market, Upstox, Flattrade)',
    date: '2025-10-03',
    url: 'https://www.financialexpress.com/market/nse-revises-lot-sizes-for-key-index-derivatives-effective-october-28-3998519',
  },
  /** NSE's periodic stock lot revision effective 29 October 2025 (HDFCBANK 1100→550 from the November 2025 expiries). */
  nseStockLots2025: {
    title: 'NSE: Revision in market lot of derivative contracts on individual stocks',
    publisher: 'National Stock Exchange of India (reported by Zerodha TradingQ&A)',
    date: '2025-10-29',
    url: 'https://tradingqna.com/t/nse-revises-market-lots-for-stock-derivatives-effective-october-29-2025/188238',
  },
  /**
   * NSE's NIFTY strike scheme from 30 August 2013: near, mid and far month series every 50 points (30-1-30). No later
   * change to the weekly and monthly series was found; NSE's change of 16 December 2025 (1000 to 1500 points) is to
   * the long-dated series only, which the simulated market does not list.
   */
  nseNiftyStrikes2013: {
    title: 'NSE: Revision in scheme of strikes in Nifty Index Options',
    publisher: 'National Stock Exchange of India (reported by TradeSmart, 31 July 2013)',
    date: '2013-07-31',
    url: 'https://tradesmartonline.in/blog/revision-in-scheme-of-strikes-in-nifty-index-options/',
  },
  /** NSE's BANKNIFTY strike scheme from 24 March 2023: strikes every 100 points (25-1-25), and every 500 further out. */
  nseBankNiftyStrikes2023: {
    title: 'NSE: Revision in strike scheme of BANKNIFTY options',
    publisher: 'National Stock Exchange of India (reported by Angel One and Zerodha TradingQ&A)',
    date: '2023-03-24',
    url: 'https://www.angelone.in/announcements/market/revision-in-strike-scheme-of-banknifty-options',
  },
  /**
   * NSE's stock-option strike schemes (chapter 1.10 of the F&O consolidated circular NSE/FAOP/67775 of 30 April 2025,
   * revised on 17 December 2025 and 17 March 2026): each stock has its own step value for the near, mid and far month,
   * the far month's typically twice the near's (e.g. APOLLOHOSP 50/50/100, ASHOKLEY 2.5/2.5/5).
   */
  nseStockStrikes2026: {
    title: 'NSE: Revision in scheme of strikes in stock options',
    publisher: 'National Stock Exchange of India (summarised by rhnvrm.github.io/stock-market-circulars)',
    date: '2026-03-17',
    url: 'https://rhnvrm.github.io/stock-market-circulars/circulars/nse/2026/nse-2026-03-17-37fd8d9de6dbcb07-revision-in-scheme-of-strikes-in-stock-options',
  },
  /**
   * NSE's equity-derivatives contract specifications: NIFTY has 4 weekly expiries (besides the monthlies) and 3 monthly
   * ones, BANKNIFTY and FINNIFTY 3 monthly ones (NIFTY and BANKNIFTY also quarterlies, NIFTY half-yearlies: not
   * simulated); stock options the near, mid and far month; premiums in steps of ₹0.05 (the stored copy of 27 June
   * 2025). NSE's options contract specification pages state the contracts are European-styled, exercised only on the
   * expiration date (the Bank Nifty options page, stored December 2024).
   */
  nseContractSpecifications: {
    title: 'NSE: Equity Derivatives contract specifications',
    publisher: 'National Stock Exchange of India',
    date: '2025-06-27',
    url: 'https://www.nseindia.com/products-services/equity-derivatives-contract-specifications',
  },
} as const satisfies Record<string, NseSource>;

export type NseUnderlyingKind = 'index' | 'stock';
export type NseExpiryKind = 'weekly' | 'monthly';

export interface NseContractSpec {
  /** NSE's underlying symbol, as Kite's instruments dump names it (`name` column). */
  symbol: string;
  name: string;
  kind: NseUnderlyingKind;
  /** Shares (or index units) per contract. */
  lotSize: number;
  /** Strike step of the weekly and near/mid monthly series, in rupees. */
  strikeInterval: number;
  /** Strike step of the far-month series (the third monthly), in rupees. */
  farStrikeInterval: number;
  /** Weekly expiries exist for NIFTY only (SEBI, 1 October 2024); every underlying has monthlies. */
  expiryKinds: readonly NseExpiryKind[];
  /** Whether the lot size and the strike steps were found in a stored 2025–2026 source, and which. */
  confirmed: { lotSize: boolean; strikeInterval: boolean };
  sources: readonly NseSource[];
  // The simulated market's profile (cf. UnderlyingProfile): illustrative, not market data.
  /** Close on NSE_REFERENCE_DATE the seeded walk runs from, in rupees. */
  referencePrice: number;
  /** Continuous dividend yield. */
  dividendYield: number;
  /** At-the-money implied volatility at 30 days. */
  atmVol: number;
  /** Slope of IV in standardised log-moneyness (negative: puts richer than calls). */
  skew: number;
  /** Curvature of IV in standardised log-moneyness. */
  smile: number;
  /** Open interest (contracts) of an at-the-money 30-day strike, the scale for volume and OI. */
  oiScale: number;
}

/** Options premium tick on NSE F&O: ₹0.05 (NSE contract specifications). */
export const NSE_OPTION_TICK = 0.05;

/** All NSE index and stock options are European-style: exercised only on the expiry day (NSE contract specifications). */
export const NSE_EXERCISE_STYLE = 'european' as const;

/** The day the simulated Indian market's reference closes are set on (an NSE trading day). */
export const NSE_REFERENCE_DATE = '2026-11-02';

const S = NSE_SOURCES;
const MONTHLY: readonly NseExpiryKind[] = ['monthly'];

/**
 * A stock whose lot size and strike steps were not found in a stored source: the values are NSE's as last known to the
 * author (lot sizes of the December 2024 – October 2025 revisions), to be checked against NSE's contract file.
 *
 * Checked on 30 November 2026 against the stored reports of NSE's stock lot revisions: the circular effective
 * 29 October 2025 (Zerodha TradingQ&A; wownews24x7) revised 28 stocks (8 down, 17 up, 3 down to a non-multiple), and
 * of the 17 chosen here only HDFCBANK is among them (1,100 → 550); the other 16 are in its "unchanged" annexure, whose
 * values no stored report lists. The April 2025 revision (Fyers' notice: 89 stocks up from the July 2025 expiries) is
 * stored without its annexures, and no report of an April 2026 revision was found. So those 16 lot sizes, and every
 * stock's strike step, stay unconfirmed (`confirmed: false`); the page says so beside each.
 */
const stock = (
  symbol: string,
  name: string,
  lotSize: number,
  strikeInterval: number,
  profile: { referencePrice: number; atmVol: number; dividendYield: number; oiScale: number },
  lotConfirmed = false,
): NseContractSpec => ({
  symbol,
  name,
  kind: 'stock',
  lotSize,
  strikeInterval,
  // The far month's step is twice the near month's, as in NSE's published strike schemes.
  farStrikeInterval: strikeInterval * 2,
  expiryKinds: MONTHLY,
  confirmed: { lotSize: lotConfirmed, strikeInterval: false },
  sources: lotConfirmed ? [S.nseStockLots2025, S.nseStockStrikes2026, S.nseTuesdayExpiry2025] : [S.nseStockStrikes2026, S.nseTuesdayExpiry2025],
  skew: -0.1,
  smile: 0.08,
  ...profile,
});

/**
 * NIFTY, BANKNIFTY, FINNIFTY and the 17 stocks that complete the spec's list of 20 popular Indian underlyings. The spec
 * (part 2 §9) names only the first three ("20 entries, starting with NIFTY, BANKNIFTY, FINNIFTY"); the 17 stocks are
 * chosen here as NSE's most traded large-cap stock options, a choice for the lead to confirm.
 */
export const NSE_CONTRACTS: readonly NseContractSpec[] = [
  {
    symbol: 'NIFTY',
    name: 'Nifty 50',
    kind: 'index',
    lotSize: 65,
    // Every 50 points by NSE's 2013 scheme; not restated in a 2025–2026 source found, hence unconfirmed.
    strikeInterval: 50,
    farStrikeInterval: 50,
    expiryKinds: ['weekly', 'monthly'],
    confirmed: { lotSize: true, strikeInterval: false },
    sources: [S.nseIndexLots2025, S.sebiIndexDerivatives2024, S.nseTuesdayExpiry2025, S.nseContractSpecifications, S.nseNiftyStrikes2013],
    referencePrice: 26_000,
    dividendYield: 0.012,
    atmVol: 0.12,
    skew: -0.3,
    smile: 0.06,
    oiScale: 90_000,
  },
  {
    symbol: 'BANKNIFTY',
    name: 'Nifty Bank',
    kind: 'index',
    lotSize: 30,
    strikeInterval: 100,
    farStrikeInterval: 100,
    expiryKinds: MONTHLY,
    confirmed: { lotSize: true, strikeInterval: true },
    sources: [S.nseIndexLots2025, S.nseBankNiftyStrikes2023, S.sebiIndexDerivatives2024, S.nseTuesdayExpiry2025],
    referencePrice: 59_000,
    dividendYield: 0.009,
    atmVol: 0.14,
    skew: -0.26,
    smile: 0.06,
    oiScale: 40_000,
  },
  {
    symbol: 'FINNIFTY',
    name: 'Nifty Financial Services',
    kind: 'index',
    lotSize: 60,
    // Not found in a stored 2025–2026 source: FINNIFTY strikes are listed every 50 points.
    strikeInterval: 50,
    farStrikeInterval: 50,
    expiryKinds: MONTHLY,
    confirmed: { lotSize: true, strikeInterval: false },
    sources: [S.nseIndexLots2025, S.sebiIndexDerivatives2024, S.nseTuesdayExpiry2025],
    referencePrice: 27_500,
    dividendYield: 0.009,
    atmVol: 0.14,
    skew: -0.26,
    smile: 0.06,
    oiScale: 8_000,
  },
  stock('RELIANCE', 'Reliance Industries Ltd', 500, 10, { referencePrice: 1_500, atmVol: 0.22, dividendYield: 0.004, oiScale: 12_000 }),
  stock('HDFCBANK', 'HDFC Bank Ltd', 550, 10, { referencePrice: 1_000, atmVol: 0.18, dividendYield: 0.011, oiScale: 12_000 }, true),
  stock('ICICIBANK', 'ICICI Bank Ltd', 700, 10, { referencePrice: 1_400, atmVol: 0.2, dividendYield: 0.008, oiScale: 9_000 }),
  stock('INFY', 'Infosys Ltd', 400, 20, { referencePrice: 1_550, atmVol: 0.24, dividendYield: 0.028, oiScale: 8_000 }),
  stock('TCS', 'Tata Consultancy Services Ltd', 175, 20, { referencePrice: 3_100, atmVol: 0.22, dividendYield: 0.018, oiScale: 6_000 }),
  stock('SBIN', 'State Bank of India', 750, 5, { referencePrice: 950, atmVol: 0.24, dividendYield: 0.017, oiScale: 10_000 }),
  stock('AXISBANK', 'Axis Bank Ltd', 625, 10, { referencePrice: 1_250, atmVol: 0.24, dividendYield: 0.001, oiScale: 6_000 }),
  stock('KOTAKBANK', 'Kotak Mahindra Bank Ltd', 400, 20, { referencePrice: 2_100, atmVol: 0.22, dividendYield: 0.001, oiScale: 4_000 }),
  stock('ITC', 'ITC Ltd', 1_600, 5, { referencePrice: 410, atmVol: 0.2, dividendYield: 0.034, oiScale: 7_000 }),
  stock('LT', 'Larsen & Toubro Ltd', 175, 20, { referencePrice: 4_000, atmVol: 0.23, dividendYield: 0.009, oiScale: 4_000 }),
  stock('BHARTIARTL', 'Bharti Airtel Ltd', 475, 20, { referencePrice: 2_100, atmVol: 0.22, dividendYield: 0.008, oiScale: 5_000 }),
  stock('HINDUNILVR', 'Hindustan Unilever Ltd', 300, 20, { referencePrice: 2_400, atmVol: 0.19, dividendYield: 0.018, oiScale: 3_000 }),
  stock('MARUTI', 'Maruti Suzuki India Ltd', 50, 100, { referencePrice: 16_000, atmVol: 0.24, dividendYield: 0.008, oiScale: 3_000 }),
  stock('SUNPHARMA', 'Sun Pharmaceutical Industries Ltd', 350, 20, { referencePrice: 1_750, atmVol: 0.22, dividendYield: 0.009, oiScale: 3_000 }),
  stock('TATASTEEL', 'Tata Steel Ltd', 5_500, 2, { referencePrice: 170, atmVol: 0.3, dividendYield: 0.021, oiScale: 5_000 }),
  stock('M&M', 'Mahindra & Mahindra Ltd', 200, 50, { referencePrice: 3_600, atmVol: 0.27, dividendYield: 0.007, oiScale: 3_000 }),
  stock('HCLTECH', 'HCL Technologies Ltd', 350, 20, { referencePrice: 1_600, atmVol: 0.24, dividendYield: 0.035, oiScale: 3_000 }),
];

/** The spec's 20 popular Indian underlyings, in order (NIFTY, BANKNIFTY, FINNIFTY first). */
export const POPULAR_NSE_UNDERLYINGS: readonly string[] = NSE_CONTRACTS.map((c) => c.symbol);

/** The contract specification of an NSE underlying the simulated market lists, or undefined. */
export const nseContract = (symbol: string): NseContractSpec | undefined => NSE_CONTRACTS.find((c) => c.symbol === symbol.toUpperCase());

/** Rupee value of one lot at a price: the premium or notional a learner sees per contract. */
export const perLot = (pricePerShare: number, lotSize: number): number => pricePerShare * lotSize;
