import type { Currency } from '@shared/format/money';

export type Market = 'US' | 'INDIA';

export interface MarketInfo {
  label: string;
  /** Selected when the learner switches to this market (spec part 2 §4). */
  defaultTicker: string;
  currency: Currency;
}

export const MARKETS: Record<Market, MarketInfo> = {
  US: { label: 'US Markets', defaultTicker: 'SPY', currency: 'USD' },
  INDIA: { label: 'Indian Markets', defaultTicker: 'NIFTY', currency: 'INR' },
};

/** The URL's `market` value; the US is the default and is left out of the URL. */
export const marketFromParam = (value: string | null): Market => (value?.toLowerCase() === 'india' ? 'INDIA' : 'US');
export const marketParam = (market: Market): string | null => (market === 'INDIA' ? 'india' : null);

/** The coming-soon banner of Indian mode (spec part 2 §2). */
export const INDIA_COMING_SOON = {
  features: ['NIFTY, BANKNIFTY and FINNIFTY options', '20+ NSE/BSE stock options', 'Real-time data', 'Indian Greeks calculator'],
  comingSoonPath: '/coming-soon',
  /** The Indian Greeks calculator (issue 38), a public page of its own. */
  calculatorPath: '/india/greeks-calculator',
  nseOptionChainUrl: 'https://www.nseindia.com/option-chain',
} as const;
