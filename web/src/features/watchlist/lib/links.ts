/**
 * Where a watchlist row opens: the options chain of its underlying (at the contract's expiry, with the contract
 * named), or the strategy builder with the contract as a bought leg.
 */
export function chainHref(underlying: string, contract?: { id: string; expiration: string }): string {
  const q = new URLSearchParams({ ticker: underlying });
  if (contract) {
    q.set('expiry', contract.expiration);
    q.set('contract', contract.id);
  }
  return `/app/optionschain?${q.toString()}`;
}

/** The builder's `legs` parameter: action.type.strike.expiration.quantity. */
export function builderHref(row: { underlying: string; type: 'call' | 'put'; strike: number; expiration: string }): string {
  const q = new URLSearchParams({ underlying: row.underlying, legs: `buy.${row.type}.${row.strike}.${row.expiration}.1` });
  return `/app/trading?${q.toString()}`;
}

/** The list's ids after moving one item a place up (-1) or down (+1); the same list when it cannot move. */
export function moved(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + by;
  if (i < 0 || j < 0 || j >= ids.length) return [...ids];
  const out = [...ids];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}
