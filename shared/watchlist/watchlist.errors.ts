/** The watchlist's messages to the learner (issue 37). */
export const WATCHLIST_TEXTS = {
  unknownSymbol: (symbol: string) => `${symbol} is neither an underlying Options Academy lists nor an option contract on one.`,
  expiredContract: (symbol: string, expiration: string) => `${symbol} expired on ${expiration}. Pick a contract that is still trading.`,
  notWatched: (symbol: string) => `${symbol} is not on your watchlist.`,
  orderMismatch: 'Your watchlist changed while you were reordering it. Reload it and try again.',
} as const;
