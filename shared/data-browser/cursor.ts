/**
 * The data browser's page cursors: the store's last-read key, written as base64url JSON so a caller treats it as an
 * opaque string. A cursor coming back is checked before it is used: exactly the expected key names, each a string,
 * the fixed parts (the partition a Query reads) equal to this request's, and the sort key inside the request's range.
 * A cursor from another table, underlying or date range is refused rather than followed.
 */
export type CursorKey = Record<string, string>;

const toBase64Url = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): string | null => {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
};

export const encodeCursor = (key: CursorKey): string => toBase64Url(JSON.stringify(key));

export interface CursorExpectation {
  /** Every key name the cursor must hold, and no other. */
  keys: readonly string[];
  /** Key names whose value must be exactly this (the partition the request reads). */
  fixed: Readonly<Record<string, string>>;
  /** A key name whose value must lie within [from, to] (string order), with the bounds. */
  within?: { key: string; from: string; to: string };
}

/** The key a cursor holds when it fits the request, else null. */
export function decodeCursor(cursor: string, expect: CursorExpectation): CursorKey | null {
  const text = fromBase64Url(cursor);
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const key = parsed as Record<string, unknown>;
  const names = Object.keys(key).sort();
  if (names.join('\u0000') !== [...expect.keys].sort().join('\u0000')) return null;
  if (!names.every((n) => typeof key[n] === 'string')) return null;
  if (!Object.entries(expect.fixed).every(([n, v]) => key[n] === v)) return null;
  if (expect.within) {
    const v = key[expect.within.key] as string;
    if (v < expect.within.from || v > expect.within.to) return null;
  }
  return key as CursorKey;
}
