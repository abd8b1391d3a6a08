import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { addItem } from '@shared/watchlist/use-cases/add-item';
import { removeItem } from '@shared/watchlist/use-cases/remove-item';
import { reorderItems } from '@shared/watchlist/use-cases/reorder';
import { memoryWatchlistRepo } from './memory-watchlist-repo';

const clock = fixedClock('2026-11-27T18:00:00Z');
const setup = (level = 1) => {
  const repo = memoryWatchlistRepo();
  return { repo, deps: { repo, clock, levels: { levelOf: async () => level } } };
};

describe('adding to the watchlist', () => {
  it('watches an underlying and a contract, named by their symbols', async () => {
    const { deps, repo } = setup();
    const u = await addItem(deps, 'u1', 'spy');
    const c = await addItem(deps, 'u1', 'O:SPY261218C00600000');
    expect(u).toMatchObject({ ok: true, value: { created: true, item: { id: 'SPY', kind: 'underlying', underlying: 'SPY' } } });
    expect(c).toMatchObject({ ok: true, value: { created: true, item: { id: 'SPY261218C00600000', kind: 'contract', underlying: 'SPY' } } });
    expect((await repo.list('u1')).map((i) => i.id)).toEqual(['SPY', 'SPY261218C00600000']);
  });

  it('answers a symbol already watched as it is, without taking a slot', async () => {
    const { deps, repo } = setup();
    await addItem(deps, 'u1', 'SPY');
    const again = await addItem(deps, 'u1', 'SPY');
    expect(again).toMatchObject({ ok: true, value: { created: false, item: { id: 'SPY' } } });
    expect(await repo.list('u1')).toHaveLength(1);
  });

  it('refuses a symbol that is neither a listed underlying nor a contract on one', async () => {
    const { deps } = setup();
    expect(await addItem(deps, 'u1', 'ZZZZ')).toMatchObject({ ok: false, error: { code: 'unprocessable' } });
    expect(await addItem(deps, 'u1', 'ZZZZ261218C00600000')).toMatchObject({ ok: false, error: { code: 'unprocessable' } });
  });

  it('refuses a contract that has already expired', async () => {
    const { deps } = setup();
    const r = await addItem(deps, 'u1', 'SPY261120C00600000');
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'unprocessable', message: 'SPY261120C00600000 expired on 2026-11-20. Pick a contract that is still trading.' },
    });
  });

  it('refuses the 11th item at level 3 with the rule, and takes it at level 5', async () => {
    const low = setup(3);
    const symbols = ['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA', 'META', 'GOOGL', 'DIA'];
    for (const s of symbols.slice(0, 10)) expect((await addItem(low.deps, 'u1', s)).ok).toBe(true);
    const refused = await addItem(low.deps, 'u1', symbols[10]!);
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'Your watchlist holds 10 items at level 3; level 5 adds 5 more slots. Remove an item to add another.' },
    });
    const higher = { ...low.deps, levels: { levelOf: async () => 5 } };
    expect((await addItem(higher, 'u1', symbols[10]!)).ok).toBe(true);
  });
});

describe('removing and reordering', () => {
  it("removes the learner's own item; another learner's id is not found", async () => {
    const { deps } = setup();
    await addItem(deps, 'u1', 'SPY');
    expect(await removeItem(deps, 'u2', 'SPY')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await removeItem(deps, 'u1', 'spy')).toEqual({ ok: true, value: null });
    expect(await removeItem(deps, 'u1', 'SPY')).toMatchObject({ ok: false, error: { code: 'not_found', message: 'SPY is not on your watchlist.' } });
  });

  it('puts the list in the order given, and the same order twice gives the same list', async () => {
    const { deps } = setup();
    for (const s of ['SPY', 'QQQ', 'IWM']) await addItem(deps, 'u1', s);
    const once = await reorderItems(deps, 'u1', ['IWM', 'SPY', 'QQQ']);
    expect(once.ok && once.value.map((i) => [i.id, i.order])).toEqual([
      ['IWM', 0],
      ['SPY', 1],
      ['QQQ', 2],
    ]);
    expect(await reorderItems(deps, 'u1', ['IWM', 'SPY', 'QQQ'])).toEqual(once);
  });

  it('refuses an order that is not exactly the list (missing, extra or repeated ids)', async () => {
    const { deps } = setup();
    for (const s of ['SPY', 'QQQ']) await addItem(deps, 'u1', s);
    for (const ids of [['SPY'], ['SPY', 'QQQ', 'IWM'], ['SPY', 'SPY']]) {
      expect(await reorderItems(deps, 'u1', ids)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    }
  });
});
