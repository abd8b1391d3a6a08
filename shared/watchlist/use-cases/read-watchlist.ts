import { addDays, newYorkDate } from '../../market/dates';
import { isExpired } from '../../market/expiry-status';
import { SUMMARY_RETENTION_DAYS } from '../../metrics/daily-summary';
import { contractFigures, settlementOf, underlyingFigures } from '../read-model/rows';
import type { ContractRow, ExpiredRow, UnderlyingRow, WatchlistView } from '../read-model/watchlist-view';
import { nextSlotUnlock, watchlistSlots } from '../slots';
import { inOrder, watchTarget } from '../watchlist';
import type { WatchlistDeps } from './deps';

/** Daily bars read for a contract's previous close: enough calendar days to span a long weekend and a holiday. */
const CONTRACT_BAR_DAYS = 10;

/**
 * GET /api/watchlist: the learner's list with each row's end-of-day figures, read from the stored chains and daily
 * summaries through the market's readers. Changes nothing. Each underlying's summaries and each expiry's chain are read
 * once however many rows need them. `fresh`: the browser has just changed the list, so nothing kept may answer.
 */
export async function readWatchlist(deps: WatchlistDeps, userId: string, fresh = false): Promise<WatchlistView> {
  const now = deps.clock.now();
  const today = newYorkDate(now);
  const load = async () => {
    const [items, level] = await Promise.all([deps.repo.list(userId), deps.levels.levelOf(userId)]);
    return { items, level };
  };
  const { items, level } = deps.lists ? await deps.lists.read(userId, fresh, load) : await load();
  const keep = deps.keep ?? (<T>(_key: string, make: () => Promise<T>) => make());

  const summaries = new Map<string, ReturnType<typeof deps.summaries.listSummaries>>();
  const summariesOf = (u: string) => {
    let p = summaries.get(u);
    if (!p) summaries.set(u, (p = deps.summaries.listSummaries(u, addDays(today, -SUMMARY_RETENTION_DAYS)).catch(() => [])));
    return p;
  };
  const chains = new Map<string, ReturnType<typeof deps.market.chain>>();
  const chainOf = (u: string, expiration: string) => {
    const key = `${u}|${expiration}`;
    let p = chains.get(key);
    if (!p) chains.set(key, (p = deps.market.chain(u, expiration)));
    return p;
  };

  const rows = await Promise.all(
    inOrder(items).map(async (item): Promise<UnderlyingRow | ContractRow | ExpiredRow | null> => {
      const target = watchTarget(item.id);
      if (!target) return null;
      const base = { id: item.id, underlying: target.underlying, order: item.order, addedAt: item.addedAt };
      if (target.kind === 'underlying') {
        const figures = await keep(`underlying|${target.underlying}|${today}`, async () => underlyingFigures(await summariesOf(target.underlying), today));
        return { ...base, kind: 'underlying', figures };
      }
      const contract = { expiration: target.expiration, type: target.type, strike: target.strike };
      if (isExpired(target.expiration, now)) {
        const settlement = await keep(`settlement|${target.id}|${today}`, async () => {
          const close = await deps.closes.closeOf(target.underlying, target.expiration);
          return close ? settlementOf(target.type, target.strike, close) : null;
        });
        return { ...base, kind: 'contract', ...contract, settlement };
      }
      const figures = await keep(`contract|${target.id}|${today}`, async () => {
        const [chain, bars] = await Promise.all([chainOf(target.underlying, target.expiration), deps.market.contractHistory(target.id, CONTRACT_BAR_DAYS)]);
        const line = chain.ok ? chain.value.contracts.find((c) => c.contract_ticker.replace(/^O:/, '') === target.id) : undefined;
        return chain.ok && line
          ? contractFigures(
              line,
              { asOf: chain.value.underlying.asOf, daysToExpiry: chain.value.days_to_expiry, underlyingPrice: chain.value.underlying.price },
              bars.ok ? bars.value.bars : [],
            )
          : null;
      });
      return { ...base, kind: 'contract', ...contract, figures };
    }),
  );

  const live: (UnderlyingRow | ContractRow)[] = [];
  const expired: ExpiredRow[] = [];
  for (const row of rows) {
    if (!row) continue;
    if ('settlement' in row) expired.push(row);
    else live.push(row);
  }
  return { items: live, expired, slots: { used: items.length, limit: watchlistSlots(level), level, next: nextSlotUnlock(level) } };
}
