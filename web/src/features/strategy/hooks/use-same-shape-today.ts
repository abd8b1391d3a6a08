import { useMemo, useState } from 'react';
import { newYorkParts } from '@shared/market/dates';
import type { StrategyLeg } from '@shared/strategy';
import { expiriesFor, legTemplates, rebuildOnChain } from '@shared/strategy/shape';
import { useChains, useExpiries } from '@web/api/market';
import { formatUrlLegs } from './use-builder-params';

/**
 * Where the builder opens a past day's legs as the same shape on today's chain (issue 39's as-of view): each leg's strike
 * as a ratio to that day's close and its days to expiry from that day (shared/strategy/shape.ts), laid on today's listed
 * expiry nearest those days and the listed strike nearest ratio × today's price, as a shared post's "Open in builder"
 * does. Null until today's expiries and chains are read, or when a leg finds no listed expiry or strike.
 */
export function useSameShapeToday(underlying: string, legs: readonly StrategyLeg[], day: { date: string; close: number } | null): string | null {
  const [today] = useState(() => newYorkParts(new Date()).date);
  const templates = useMemo(
    () =>
      day && day.close > 0 && legs.length
        ? legTemplates(
            legs.map((l) => ({ ...l, premium: null })),
            day.close,
            day.date,
          )
        : [],
    [legs, day],
  );
  const expiries = useExpiries(underlying, templates.length > 0);
  const listed = useMemo(() => (expiries.data?.expiries ?? []).map((e) => e.expiration_date), [expiries.data]);
  const needed = useMemo(() => expiriesFor(templates, today, listed), [templates, today, listed]);
  const chains = useChains(underlying, needed);
  return useMemo(() => {
    if (!needed.length || needed.some((e) => !chains.byExpiry.has(e))) return null;
    const spot = chains.byExpiry.get(needed[0]!)!.underlying.price;
    if (!(spot > 0)) return null;
    const rebuilt = rebuildOnChain(templates, {
      spot,
      today,
      expiries: listed,
      strikes: (e, type) => (chains.byExpiry.get(e)?.contracts ?? []).filter((c) => c.contract_type === type).map((c) => c.strike_price),
    });
    if (!rebuilt) return null;
    return `/app/trading?${new URLSearchParams({ underlying, legs: formatUrlLegs(rebuilt) }).toString()}`;
  }, [needed, chains.byExpiry, templates, today, listed, underlying]);
}
