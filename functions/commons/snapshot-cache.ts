import { createHash } from 'node:crypto';
import { BoundedMap } from '@shared/bounded-map';

/**
 * The one ETag of the API: a strong validator made from the answer's text alone (a SHA-256 digest, base64url, cut to
 * 160 bits), so every warm handler that makes the same text gives it the same tag, and any change of the text
 * changes it. If-None-Match is compared with it by functions/commons/http.ts, which answers 304 on a match.
 */
export const etagOf = (text: string): string => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** One answer kept by a warm handler: what it was made from (`version`), the value, its JSON text and ETag. */
export interface CachedAnswer<T> {
  version: string;
  value: T;
  text: string;
  etag: string;
  /** When the version was last confirmed (ms since the epoch): a caller may skip asking for it again for a while. */
  checkedAt: number;
}

export interface SnapshotCache<T> {
  /** The answer kept under `name`, whatever its version. */
  peek(name: string): CachedAnswer<T> | undefined;
  /**
   * The answer under `name` for `version`: the kept one when its version is the same (only its `checkedAt` moves
   * on), otherwise `make` is called once, its value serialised and tagged, and kept in place of the old one.
   */
  answer(name: string, version: string, make: () => T | Promise<T>, checkedAt?: number): Promise<CachedAnswer<T>>;
}

/**
 * A warm handler's per-snapshot answers: each made once per version of the data it comes from (a market snapshot, an
 * ingestion run, the course), then served from memory with its ETag until the version changes. `maxEntries` bounds
 * the names kept (oldest out first); `serialise` turns a value into the body (JSON unless the value is the text).
 */
export function snapshotCache<T>(options: { maxEntries?: number; serialise?: (value: T) => string } = {}): SnapshotCache<T> {
  const entries = options.maxEntries ? new BoundedMap<string, CachedAnswer<T>>(options.maxEntries) : new Map<string, CachedAnswer<T>>();
  const serialise = options.serialise ?? ((value: T) => JSON.stringify(value));
  return {
    peek: (name) => entries.get(name),
    async answer(name, version, make, checkedAt = 0) {
      const hit = entries.get(name);
      if (hit && hit.version === version) {
        hit.checkedAt = checkedAt;
        return hit;
      }
      const value = await make();
      const text = serialise(value);
      const entry = { version, value, text, etag: etagOf(text), checkedAt };
      entries.set(name, entry);
      return entry;
    },
  };
}
