import { fail, ok, type Result } from '../result';
import { decodeCursor, encodeCursor } from './cursor';
import { DATA_BROWSER_TEXTS } from './data-browser.errors';
import type { BadCursor, Page } from './data-browser.port';

/** A store's page as the caller's answer: a cursor the store refused is the caller's 400, not a fault. */
export const pageResult = <T>(underlying: string, page: Page<T> | BadCursor): Result<Page<T> & { underlying: string }> =>
  page === 'bad_cursor' ? fail('bad_request', DATA_BROWSER_TEXTS.badCursor) : ok({ underlying, ...page });

/**
 * A page of a list held in memory (the contracts of one chain item): the cursor names the chain and the next
 * position, so a cursor of another chain is refused.
 */
export function slicePage<T>(all: readonly T[], chainKey: string, page: { limit: number; cursor?: string | undefined }): Page<T> | BadCursor {
  let at = 0;
  if (page.cursor !== undefined) {
    const key = decodeCursor(page.cursor, { keys: ['chain', 'at'], fixed: { chain: chainKey } });
    if (!key || !/^\d{1,6}$/.test(key.at!)) return 'bad_cursor';
    at = Number(key.at);
    if (at >= all.length) return 'bad_cursor';
  }
  const rows = all.slice(at, at + page.limit);
  const next = at + rows.length;
  return { rows, cursor: next < all.length ? encodeCursor({ chain: chainKey, at: String(next) }) : null };
}
