import { quoteOf, type BookQuote } from '../book';
import { bookOf, type ExpirySnapshot, type StoredMarket } from '../market-snapshots.port';
import { marketResolution } from '../market-resolution';
import type { Resolution } from '../settlement';
import type { PredictionMarket } from '../markets';

/** Contracts traded by learners in each market, by market id (a market nobody traded may be left out: it counts 0). */
export type VolumeOf = (marketIds: readonly string[]) => Promise<Map<string, number>>;

/** Nobody has traded anything: every market's volume is 0. */
export const noVolume: VolumeOf = async () => new Map();

/** One market as the list and the market page show it (the contract's MarketSummary). */
export interface MarketSummary extends PredictionMarket {
  quote: BookQuote;
  yesPrice: number;
  change: number | null;
  volume: number;
  resolution: Resolution;
  asOf: string;
}

/** One market as a row of the list (the contract's MarketRow): its rule, source and void time are on its own page. */
export type MarketRow = Omit<MarketSummary, 'rule' | 'source' | 'voidsAt'>;

/** The list's row of a market: the summary without what only its page shows. */
export function marketRow(summary: MarketSummary): MarketRow {
  const { rule: _rule, source: _source, voidsAt: _voidsAt, ...row } = summary;
  return row;
}

const NO_QUOTE: BookQuote = { yesBid: null, yesAsk: null, noBid: null, noAsk: null };

/**
 * A stored market with its book's top, its YES price and the change since the making before, its volume and where
 * it stands. Once trading has stopped the book is gone (no quote), and the YES price stays the last one made.
 */
export function marketSummary(snapshot: ExpirySnapshot, stored: StoredMarket, now: Date, volume: number): MarketSummary {
  const resolution = marketResolution(snapshot, stored.market, now);
  return {
    ...stored.market,
    quote: resolution.status === 'open' ? quoteOf(bookOf(snapshot, stored)) : NO_QUOTE,
    yesPrice: stored.yesPrice,
    change: stored.previousYesPrice === null ? null : stored.yesPrice - stored.previousYesPrice,
    volume,
    resolution,
    asOf: snapshot.model?.asOf ?? snapshot.madeAt,
  };
}
