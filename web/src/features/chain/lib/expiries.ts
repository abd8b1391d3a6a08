import type { ExpirySummary } from '@shared/market/chain';
import type { ExpiryType } from '@shared/market/expirations';

/** The expiry filter's tabs, in the spec's order (spec part 2 §2). */
export type ExpiryTab = 'All' | ExpiryType;
export const EXPIRY_TABS: readonly ExpiryTab[] = ['All', '0DTE', 'Daily', 'Weekly', 'Monthly', 'Quarterly', 'LEAPS'];

export function countByTab(expiries: readonly ExpirySummary[]): Record<ExpiryTab, number> {
  const counts = Object.fromEntries(EXPIRY_TABS.map((t) => [t, 0])) as Record<ExpiryTab, number>;
  counts.All = expiries.length;
  for (const e of expiries) counts[e.expiry_type] += 1;
  return counts;
}

export function filterByTab(expiries: readonly ExpirySummary[], tab: ExpiryTab): ExpirySummary[] {
  return tab === 'All' ? [...expiries] : expiries.filter((e) => e.expiry_type === tab);
}

/** Spec part 2 §4: the first Weekly expiry, otherwise the first expiry (the list is soonest first). */
export function defaultExpiry(expiries: readonly ExpirySummary[]): string | null {
  const sorted = [...expiries].sort((a, b) => a.expiration_date.localeCompare(b.expiration_date));
  return (sorted.find((e) => e.expiry_type === 'Weekly') ?? sorted[0])?.expiration_date ?? null;
}

/** The expiry to show: the one asked for (the URL) when it is listed, else the default. */
export function resolveExpiry(expiries: readonly ExpirySummary[], requested: string | null): string | null {
  if (requested && expiries.some((e) => e.expiration_date === requested)) return requested;
  return defaultExpiry(expiries);
}

/** The calls' share of the expiry's volume (0..1) for the ratio bar; null when nothing traded. */
export function callVolumeShare(e: Pick<ExpirySummary, 'total_call_volume' | 'total_put_volume'>): number | null {
  const total = e.total_call_volume + e.total_put_volume;
  return total > 0 ? e.total_call_volume / total : null;
}

/** Call volume over put volume, the ratio traders quote (null when no puts traded). */
export function callPutRatio(e: Pick<ExpirySummary, 'total_call_volume' | 'total_put_volume'>): number | null {
  return e.total_put_volume > 0 ? e.total_call_volume / e.total_put_volume : null;
}
