/**
 * Handlers that still validate with schemas of their own rather than their area's contract. functions/http/trading.ts
 * is the lead's and moves to shared/paper/paper.api.ts with the trading use cases (issue 15 §2); until then its
 * requests are checked through the contract and its answers, which the contract already describes as they will be
 * (a portfolio's `pending` work), are not checked against it. test/functions/http/contracts.test.ts fails once the
 * handler has moved, so this list is emptied then.
 */
export const NOT_YET_ON_CONTRACTS: ReadonlySet<string> = new Set(['trading']);
