import { describe, expect, it } from 'vitest';
import { AGENT_LIMITS, type AgentPrincipal } from '@shared/agent/token';
import { fail, ok } from '@shared/result';
import { AGENT_PAPER_ONLY, admitAgentOrder, agentMinuteFull, agentOrderMinute, secondsToNextMinute } from '@shared/trading/agent-orders';
import type { AgentOrderCounter } from '@shared/trading/agent-order-counter.port';
import { cancelOrder } from '@shared/trading/cancel-order';
import type { OrderRequest } from '@shared/trading/order';
import type { OrderVenue } from '@shared/trading/order-venue.port';
import { placeOrder } from '@shared/trading/place-order';
import { memoryAgentOrderCounter } from '../../support/memory-agent-order-counter';

const BOT: AgentPrincipal = { tokenId: '01KTOKEN00000000000000000A', name: 'my-bot', scopes: ['read', 'trade'] };
const OTHER: AgentPrincipal = { tokenId: '01KTOKEN00000000000000000B', name: 'other-bot', scopes: ['trade'] };
const order: OrderRequest = { clientOrderId: 'c1', type: 'market', timeInForce: 'day', legs: [{ contract: 'SPY261218C00600000', side: 'buy', quantity: 1 }] };

/**
 * A venue that books an agent's count with the order, as the paper account's transaction does (an order the full
 * minute refuses is not booked); `refuse` makes it refuse every order as compliance would, booking nothing.
 */
function venue(accountId: string, counter?: AgentOrderCounter) {
  const placed: OrderRequest[] = [];
  const canceled: { orderId: string; agent?: string }[] = [];
  const state = { refuse: false };
  const v: OrderVenue = {
    accountId,
    summary: async () => null,
    placeOrder: async (_userId, request) => {
      if (state.refuse) return fail('unprocessable', 'Insufficient buying power.');
      const c = request.agentCount;
      if (c && counter && (await counter.count(c.tokenId, c.minute, c.limit, c.expiresAt)) === 'full') return agentMinuteFull(c);
      placed.push(request);
      return ok({ order: { orderId: `o${placed.length}`, ...(request.agent ? { agent: request.agent } : {}) } as never, checks: [] });
    },
    cancelOrder: async (_userId, orderId, agent) => {
      canceled.push({ orderId, ...(agent ? { agent } : {}) });
      return ok({ orderId } as never);
    },
    listOrders: async () => ok([]),
  };
  return { v, placed, canceled, state };
}

function setup(at = '2026-11-30T15:04:20.250Z') {
  let now = new Date(at);
  const memory = memoryAgentOrderCounter();
  const limits = { counter: memory.counter, clock: { now: () => now } };
  const paper = venue('paper', memory.counter);
  const live = venue('alpaca-live');
  const alpacaPaper = venue('alpaca-paper');
  return {
    limits,
    counts: memory.counts,
    paper,
    live,
    venues: [paper.v, live.v, alpacaPaper.v],
    alpacaPaper,
    setNow: (iso: string) => {
      now = new Date(iso);
    },
  };
}

describe('orders placed by an agent token', () => {
  it("are marked with the token's name when they reach the paper account", async () => {
    const s = setup();
    const placed = await placeOrder(s.venues, 'u1', order, { agent: BOT, limits: s.limits });
    expect(placed).toMatchObject({ ok: true, value: { order: { agent: 'my-bot' } } });
    expect(s.paper.placed).toEqual([
      {
        ...order,
        agent: 'my-bot',
        // Booked with the order: one more of the token's minute, and what a refusal would say.
        agentCount: {
          tokenId: BOT.tokenId,
          name: 'my-bot',
          minute: '2026-11-30T15:04',
          limit: 10,
          expiresAt: Date.parse('2026-11-30T15:04:00Z') / 1000 + 120,
          retryAfter: 40,
        },
      },
    ]);
    // Counted once, by the booking, not again beside it.
    expect(s.counts.get(`${BOT.tokenId}|2026-11-30T15:04`)?.orders).toBe(1);
  });

  it('count an attempt the venue refuses as well, and answer 429 in its place once the minute is full', async () => {
    const s = setup();
    s.paper.state.refuse = true;
    for (let i = 0; i < AGENT_LIMITS.ordersPerMinute; i++) {
      expect(await placeOrder(s.venues, 'u1', { ...order, clientOrderId: `r${i}` }, { agent: BOT, limits: s.limits })).toMatchObject({
        ok: false,
        error: { code: 'unprocessable' },
      });
    }
    expect(s.counts.get(`${BOT.tokenId}|2026-11-30T15:04`)?.orders).toBe(AGENT_LIMITS.ordersPerMinute);
    expect(await placeOrder(s.venues, 'u1', { ...order, clientOrderId: 'r-over' }, { agent: BOT, limits: s.limits })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', details: { retryAfter: 40, limit: 10 } },
    });
    s.paper.state.refuse = false;
    expect(await placeOrder(s.venues, 'u1', { ...order, clientOrderId: 'ok-over' }, { agent: BOT, limits: s.limits })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited' },
    });
    expect(s.paper.placed).toEqual([]);
  });

  it("never take a name from the request: the learner's own order is unmarked whatever it carries", async () => {
    const s = setup();
    await placeOrder(
      s.venues,
      'u1',
      { ...order, agent: 'forged', agentCount: { tokenId: 'x', name: 'forged', minute: 'm', limit: 99, expiresAt: 0, retryAfter: 1 } },
      {},
    );
    expect(s.paper.placed).toEqual([order]);
    // Nor is a learner's order counted against any token.
    expect(s.counts.size).toBe(0);
  });

  it('are refused on a broker account, live or paper, before anything is counted or placed', async () => {
    const s = setup();
    for (const accountId of ['alpaca-live', 'alpaca-paper']) {
      expect(await placeOrder(s.venues, 'u1', { ...order, accountId }, { agent: BOT, limits: s.limits })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: AGENT_PAPER_ONLY },
      });
    }
    expect(AGENT_PAPER_ONLY).toBe('Agent tokens trade the paper account only.');
    expect(s.live.placed).toEqual([]);
    expect(s.alpacaPaper.placed).toEqual([]);
    expect(s.counts.size).toBe(0);
    // The learner in the browser still trades there.
    expect((await placeOrder(s.venues, 'u1', { ...order, accountId: 'alpaca-live' })).ok).toBe(true);
  });

  it(`are limited to ${AGENT_LIMITS.ordersPerMinute} a minute per token, then refused with the seconds to the next minute`, async () => {
    const s = setup('2026-11-30T15:04:20.250Z');
    for (let i = 0; i < AGENT_LIMITS.ordersPerMinute; i++) {
      expect((await placeOrder(s.venues, 'u1', { ...order, clientOrderId: `c${i}` }, { agent: BOT, limits: s.limits })).ok).toBe(true);
    }
    const refused = await placeOrder(s.venues, 'u1', { ...order, clientOrderId: 'c-over' }, { agent: BOT, limits: s.limits });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'rate_limited',
        message: "The agent token 'my-bot' has placed 10 orders this minute, its limit. Try again in 40 seconds.",
        details: { retryAfter: 40, limit: 10 },
      },
    });
    expect(s.paper.placed).toHaveLength(AGENT_LIMITS.ordersPerMinute);
    // Another token of the learner, and the learner in the browser, are counted apart.
    expect((await placeOrder(s.venues, 'u1', order, { agent: OTHER, limits: s.limits })).ok).toBe(true);
    expect((await placeOrder(s.venues, 'u1', order, { limits: s.limits })).ok).toBe(true);
    // The next minute starts a new count.
    s.setNow('2026-11-30T15:05:00.000Z');
    expect((await placeOrder(s.venues, 'u1', { ...order, clientOrderId: 'c-next' }, { agent: BOT, limits: s.limits })).ok).toBe(true);
  });

  it('count exactly when several orders of one token come at once', async () => {
    const s = setup();
    const results = await Promise.all(Array.from({ length: 15 }, () => admitAgentOrder(s.limits, BOT)));
    expect(results.filter((r) => r.ok)).toHaveLength(AGENT_LIMITS.ordersPerMinute);
    expect(s.counts.get(`${BOT.tokenId}|2026-11-30T15:04`)).toEqual({ orders: 10, expiresAt: Date.parse('2026-11-30T15:04:00Z') / 1000 + 120 });
  });

  it('may cancel on the paper account only, and the cancel says which token did it', async () => {
    const s = setup();
    expect(await cancelOrder(s.venues, 'u1', 'o1', 'alpaca-live', BOT)).toEqual({ ok: false, error: { code: 'forbidden', message: AGENT_PAPER_ONLY } });
    expect(s.live.canceled).toEqual([]);
    expect((await cancelOrder(s.venues, 'u1', 'o1', undefined, BOT)).ok).toBe(true);
    expect(s.paper.canceled).toEqual([{ orderId: 'o1', agent: 'my-bot' }]);
  });
});

describe('the minute an agent order is counted in', () => {
  it('is the UTC minute, and Retry-After is the whole seconds to the next one (at least 1)', () => {
    expect(agentOrderMinute(new Date('2026-11-30T15:04:59.999Z'))).toBe('2026-11-30T15:04');
    expect(secondsToNextMinute(new Date('2026-11-30T15:04:00.000Z'))).toBe(60);
    expect(secondsToNextMinute(new Date('2026-11-30T15:04:20.250Z'))).toBe(40);
    expect(secondsToNextMinute(new Date('2026-11-30T15:04:59.999Z'))).toBe(1);
  });
});
