/**
 * Handlers that still validate with schemas of their own rather than their area's contract: none. A handler added
 * before its contract goes here, and test/functions/http/contracts.test.ts fails until it is on it.
 */
export const NOT_YET_ON_CONTRACTS: ReadonlySet<string> = new Set([]);
