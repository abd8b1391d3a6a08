/** The data browser's messages to the operator. */
export const DATA_BROWSER_TEXTS = {
  badCursor: 'The page cursor does not belong to this table, underlying and date range: start again from the first page.',
  notThisUnderlying: (contract: string, underlying: string) => `${contract} is not an option on ${underlying}.`,
  noChain: (underlying: string, expiration: string) => `No chain of ${underlying} expiring ${expiration} is stored.`,
} as const;
