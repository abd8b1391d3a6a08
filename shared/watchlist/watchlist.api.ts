import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import type { ContractFigures, Settlement, UnderlyingFigures } from './read-model/rows';
import type { WatchlistView } from './read-model/watchlist-view';
import { MAX_WATCH_ITEMS, type WatchItem } from './watchlist';

/** The learner's watchlist (issue 37): underlyings and option contracts, with end-of-day figures. */
const Symbol = z
  .string()
  .min(1, 'must not be empty')
  .max(24, 'at most 24 characters')
  .regex(/^(O:)?[A-Za-z][A-Za-z0-9.]*$/, 'must be a ticker such as SPY or an option symbol such as SPY261218C00600000')
  .meta({ examples: ['SPY', 'SPY261218C00600000'] });

export const AddItemBody = z.object({ symbol: Symbol });
export const ReorderBody = z.object({
  ids: z.array(Symbol).max(MAX_WATCH_ITEMS, `at most ${MAX_WATCH_ITEMS} items`).meta({ description: 'Every item on the list, in the new order' }),
});
const ItemId = z.object({ id: Symbol });

const Num = z.number().nullable();
export const WatchItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['underlying', 'contract']),
  underlying: z.string(),
  order: z.number(),
  addedAt: z.string(),
});
const UnderlyingFiguresSchema = z.object({
  date: z.string(),
  close: z.number(),
  change: Num,
  changePercent: Num,
  iv: Num,
  ivRank: Num,
  source: z.enum(['live', 'demo']),
});
const ContractFiguresSchema = z.object({
  date: z.string(),
  mark: Num,
  previousClose: Num,
  change: Num,
  iv: Num,
  delta: Num,
  daysToExpiry: z.number(),
  underlyingPrice: z.number(),
});
const SettlementSchema = z.object({ date: z.string(), close: z.number(), value: z.number() });
const RowBase = { id: z.string(), underlying: z.string(), order: z.number(), addedAt: z.string() };
const ContractFields = { expiration: z.string(), type: z.enum(['call', 'put']), strike: z.number() };

export const WatchlistViewSchema = z.object({
  items: z.array(
    z.discriminatedUnion('kind', [
      z.object({ ...RowBase, kind: z.literal('underlying'), figures: UnderlyingFiguresSchema.nullable() }),
      z.object({ ...RowBase, kind: z.literal('contract'), ...ContractFields, figures: ContractFiguresSchema.nullable() }),
    ]),
  ),
  expired: z.array(z.object({ ...RowBase, kind: z.literal('contract'), ...ContractFields, settlement: SettlementSchema.nullable() })),
  slots: z.object({ used: z.number(), limit: z.number(), level: z.number(), next: z.object({ level: z.number(), adds: z.number() }).nullable() }),
});

export const watchlistApi = defineApi({
  'GET /api/watchlist': {
    auth: 'user',
    summary: "The learner's watchlist with end-of-day figures: underlyings and live contracts in order, expired contracts with their settlement value",
    query: z.object({
      fresh: z
        .enum(['0', '1'], { error: 'must be 0 or 1' })
        .optional()
        .meta({ description: 'Read the list from the table, not from the few seconds the function keeps it (the browser asks so just after a change)' }),
    }),
    response: WatchlistViewSchema,
  },
  'POST /api/watchlist/items': {
    auth: 'user',
    summary:
      'Watch an underlying or an option contract (10 slots, more at the levels that add watchlist slots); watching one already on the list answers it as it is',
    body: AddItemBody,
    response: z.object({ item: WatchItemSchema, created: z.boolean() }),
    status: 201,
    otherStatuses: [200],
    errors: [409, 422],
  },
  'DELETE /api/watchlist/items/{id}': { auth: 'user', summary: 'Stop watching an item', params: ItemId, status: 204, errors: [404] },
  'PUT /api/watchlist/order': {
    auth: 'user',
    summary: 'Put the whole list in a new order (every item once)',
    body: ReorderBody,
    response: z.object({ items: z.array(WatchItemSchema) }),
    errors: [409],
  },
});

type _Item = Expect<Equal<z.infer<typeof WatchItemSchema>, WatchItem>>;
type _Underlying = Expect<Equal<z.infer<typeof UnderlyingFiguresSchema>, UnderlyingFigures>>;
type _Contract = Expect<Equal<z.infer<typeof ContractFiguresSchema>, ContractFigures>>;
type _Settlement = Expect<Equal<z.infer<typeof SettlementSchema>, Settlement>>;
type _View = Expect<Equal<z.infer<typeof WatchlistViewSchema>, WatchlistView>>;
