import type { AccountSettings } from '../lib/types';

export const FILL_MODEL_LABELS: Record<AccountSettings['fillModel'], string> = {
  'bid-ask': 'At the market: buys at the ask, sells at the bid',
  mid: 'At the mid-price between bid and ask',
  'mid-plus': 'At the mid-price plus a share of the half-spread',
};
