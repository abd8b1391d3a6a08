import { describe, expect, it } from 'vitest';
import { buy, harness } from '../../support/paper-harness';
import { call } from '../../support/trading-fixtures';
import type { AgentOrderCount } from '@shared/trading/order';
import type { PortfolioView } from '@shared/paper/paper.api';
import type { Result } from '@shared/result';

const portfolioOf = (r: Result<PortfolioView>) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value.positions;
};

const count = (over: Partial<AgentOrderCount> = {}): AgentOrderCount => ({
  tokenId: '01KTOKEN00000000000000000A',
  name: 'my-bot',
  minute: '2026-11-30T15:04',
  limit: 2,
  expiresAt: 0,
  retryAfter: 40,
  ...over,
});

/**
 * The paper account's side of the Agent API: an order the learner's agent token placed (the trading path admits it and
 * names the token in `request.agent`) is decided by the same rules as the learner's own and marked everywhere.
 */
describe('a paper order placed by an agent token', () => {
  it("is marked in the order, the activity line and its events with the token's name", async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    const placed = await h.service.placeOrder('u1', buy(call(100), 1, { agent: 'my-bot' }));
    expect(placed).toMatchObject({ ok: true, value: { order: { status: 'filled', agent: 'my-bot' } } });
    expect((await h.repo.listOrders('u1')).map((o) => o.agent)).toEqual(['my-bot']);
    const [line] = await h.repo.listActivity('u1', 10);
    expect(line).toMatchObject({ kind: 'fill', agent: 'my-bot' });
    expect(line!.text).toMatch(/ — placed by agent 'my-bot'\.$/);
    // The position the order opened carries the same mark, as the portfolio shows it.
    expect((await h.repo.getPositions('u1')).map((p) => p.agent)).toEqual(['my-bot']);
    expect(portfolioOf(await h.service.portfolio('u1')).map((p) => p.agent)).toEqual(['my-bot']);
    const ofOrder = h.events.filter((e) => e.type === 'OrderPlaced' || e.type === 'OrderFilled');
    expect(ofOrder.map((e) => [e.type, (e.detail as { agent?: string }).agent])).toEqual([
      ['OrderPlaced', 'my-bot'],
      ['OrderFilled', 'my-bot'],
    ]);
  });

  it('meets every rule a browser order meets: one it cannot afford is refused with the same checks', async () => {
    const h = harness();
    await h.service.openAccount('u1', 10_000);
    const mine = await h.service.placeOrder('u1', buy(call(100), 500));
    const theirs = await h.service.placeOrder('u1', buy(call(100), 500, { agent: 'my-bot' }));
    expect(mine).toMatchObject({ ok: false, error: { code: 'unprocessable' } });
    expect(theirs).toEqual(mine);
    expect(await h.repo.listOrders('u1')).toEqual([]);
  });

  it('closing a position and canceling an order by a token say so; the position closed reports the token too', async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100), 2));
    const closed = await h.service.closePosition('u1', call(100), { agent: 'my-bot' });
    expect(closed).toMatchObject({ ok: true, value: { order: { agent: 'my-bot', reduceOnly: true } } });
    expect(h.events.filter((e) => e.type === 'PositionClosed').map((e) => (e.detail as { agent?: string }).agent)).toEqual(['my-bot']);

    const resting = await h.service.placeOrder('u1', buy(call(100), 1, { type: 'limit', limitPrice: 0.5 }));
    if (!resting.ok) throw new Error(resting.error.message);
    const canceled = await h.service.cancelOrder('u1', resting.value.order.orderId, 'my-bot');
    expect(canceled).toMatchObject({ ok: true, value: { status: 'canceled', reason: "Canceled by your agent 'my-bot'." } });
    const [line] = await h.repo.listActivity('u1', 1);
    expect(line).toMatchObject({ kind: 'order_canceled', agent: 'my-bot' });
    expect(h.events.filter((e) => e.type === 'OrderEnded').map((e) => (e.detail as { agent?: string }).agent)).toEqual(['my-bot']);
  });

  it("counts towards the token's minute in the order's own transaction: a full minute books nothing and says so", async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    expect((await h.service.placeOrder('u1', buy(call(100), 1, { agent: 'my-bot', agentCount: count() }))).ok).toBe(true);
    expect((await h.service.closePosition('u1', call(100), { agent: 'my-bot', agentCount: count() })).ok).toBe(true);
    expect(h.repo.agentCounts.get('01KTOKEN00000000000000000A|2026-11-30T15:04')).toBe(2);
    const commits = h.repo.commits;
    const refused = await h.service.placeOrder('u1', buy(call(100), 1, { agent: 'my-bot', agentCount: count() }));
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message: "The agent token 'my-bot' has placed 2 orders this minute, its limit. Try again in 40 seconds.",
        details: { retryAfter: 40, limit: 2 },
      },
    });
    expect(h.repo.commits).toBe(commits);
    expect(await h.repo.listOrders('u1')).toHaveLength(2);
    // Another minute, or the learner's own order, is not held back by it.
    expect((await h.service.placeOrder('u1', buy(call(100), 1, { agent: 'my-bot', agentCount: count({ minute: '2026-11-30T15:05' }) }))).ok).toBe(true);
    expect((await h.service.placeOrder('u1', buy(call(100)))).ok).toBe(true);
  });

  it("leaves the learner's own orders, activity and events unmarked", async () => {
    const h = harness();
    await h.service.openAccount('u1', 100_000);
    await h.service.placeOrder('u1', buy(call(100)));
    expect((await h.repo.listOrders('u1'))[0]).not.toHaveProperty('agent');
    expect((await h.repo.getPositions('u1'))[0]).not.toHaveProperty('agent');
    expect((await h.repo.listActivity('u1', 1))[0]).not.toHaveProperty('agent');
    expect(h.events.some((e) => 'agent' in e.detail)).toBe(false);
    // A token's order adding to the learner's own position leaves it the learner's.
    await h.service.placeOrder('u1', buy(call(100), 1, { agent: 'my-bot' }));
    expect((await h.repo.getPositions('u1'))[0]).toMatchObject({ quantity: 2 });
    expect((await h.repo.getPositions('u1'))[0]).not.toHaveProperty('agent');
    expect(portfolioOf(await h.service.portfolio('u1'))[0]).not.toHaveProperty('agent');
  });
});
