import { describe, expect, it } from 'vitest';
import { agentNameInWords } from '@shared/agent/token';
import { createEntry } from '@shared/journal/use-cases/create-entry';
import { listTrades } from '@shared/journal/use-cases/list-trades';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { updateEntry } from '@shared/journal/use-cases/update-entry';
import { closing, order, reflection, setup, USER } from './fixtures';

/** What the learner's agent token (the Agent API) does, in the journal: marked with its name, never awarded. */
describe("the journal and the learner's agent token", () => {
  const byAgent = { ...order, agent: 'my-bot' };
  const closedByAgent = { ...closing, agent: 'my-bot' };
  const withOrders = (deps: ReturnType<typeof setup>['deps'], orders = [byAgent, closedByAgent]) => ({
    ...deps,
    paper: { ...deps.paper, getOrder: async (_u: string, id: string) => orders.find((o) => o.orderId === id) ?? null },
  });

  it("marks the trade made from a token's fill with the token's name, in the trade and in the lists", async () => {
    const { mem, deps } = setup();
    await recordOrderFill(withOrders(deps), USER, order.orderId);
    expect([...mem.trades.values()].map((t) => t.trade.agent)).toEqual(['my-bot']);
    const open = await listTrades(deps, USER, { status: 'open', limit: 10 });
    expect(open.trades.map((t) => t.agent)).toEqual(['my-bot']);
    expect(agentNameInWords(open.trades[0]!.agent!)).toBe("placed by agent 'my-bot'");

    await recordOrderFill(withOrders(deps), USER, closing.orderId);
    const closed = await listTrades(deps, USER, { status: 'closed', limit: 10 });
    expect(closed.trades.map((t) => t.agent)).toEqual(['my-bot']);
    // Its close says so too, so that no consumer awards the learner for it.
    expect(mem.events.filter((e) => e.type === 'JournalTradeClosed').map((e) => e.detail)).toEqual([
      expect.objectContaining({ tradeId: order.orderId, agent: 'my-bot' }),
    ]);
  });

  it("leaves the learner's own trades unmarked", async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    await recordOrderFill(deps, USER, closing.orderId);
    expect([...mem.trades.values()].map((t) => 'agent' in t.trade)).toEqual([false]);
    expect(mem.events.filter((e) => e.type === 'JournalTradeClosed').map((e) => 'agent' in e.detail)).toEqual([false]);
  });

  it('an entry a token adds carries its name, earns nothing, counts toward nothing, and its JournalEntryAdded says so', async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const written = await createEntry(deps, USER, reflection(), 'my-bot');
    expect(written).toMatchObject({ ok: true, value: { entry: { agent: 'my-bot', xpAwarded: false }, xpAwarded: 0 } });
    expect(mem.books.get(USER)).toMatchObject({ entries: 1, awarded: 0 });
    const added = mem.events.filter((e) => e.type === 'JournalEntryAdded').map((e) => e.detail);
    expect(added).toEqual([expect.objectContaining({ agent: 'my-bot' })]);
    expect(added[0]).not.toHaveProperty('counted');
  });

  it("the learner's own entry earns as before; editing the token's entry themselves earns the reflection once", async () => {
    const { mem, deps } = setup();
    await recordOrderFill(deps, USER, order.orderId);
    const mine = await createEntry(deps, USER, reflection({ tradeId: null, kind: 'note' }));
    expect(mine).toMatchObject({ ok: true, value: { xpAwarded: 25 } });
    expect(mem.events.filter((e) => e.type === 'JournalEntryAdded').map((e) => e.detail)).toEqual([expect.not.objectContaining({ agent: expect.anything() })]);

    const theirs = await createEntry(deps, USER, reflection(), 'my-bot');
    if (!theirs.ok) throw new Error(theirs.error.message);
    const edited = await updateEntry(deps, USER, theirs.value.entry.id, reflection({ lesson: 'In my own words: wait for rich premium' }));
    // The entry still says who added it; the learner's edit is theirs.
    expect(edited).toMatchObject({ ok: true, value: { entry: { agent: 'my-bot', xpAwarded: true }, xpAwarded: 25 } });
    expect(mem.books.get(USER)).toMatchObject({ awarded: 2 });
  });
});
