import type { AccountSettings } from '../lib/types';

/**
 * The price a market order would fill at under the account's fill model, for the ticket's estimate.
 * The server decides the real fill with the same rules (shared/orders/fills.ts).
 */
export function estimateFill(side: 'buy' | 'sell', bid: number | null, ask: number | null, settings: Pick<AccountSettings, 'fillModel' | 'midShare'>): number | null {
  if (settings.fillModel === 'bid-ask') return side === 'buy' ? ask : bid;
  if (bid === null || ask === null) return null;
  const mid = (bid + ask) / 2;
  const half = (ask - bid) / 2;
  const share = settings.fillModel === 'mid' ? 0 : settings.midShare;
  return Math.round((side === 'buy' ? mid + share * half : mid - share * half) * 100) / 100;
}

export const FILL_MODEL_LABELS: Record<AccountSettings['fillModel'], string> = {
  'bid-ask': 'At the market: buys at the ask, sells at the bid',
  mid: 'At the mid-price between bid and ask',
  'mid-plus': 'At the mid-price plus a share of the half-spread',
};
