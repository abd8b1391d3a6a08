import { AGENT_LIMITS, type AgentPrincipal } from '../agent/token';
import type { Clock } from '../ports/clock.port';
import type { AgentOrderCount } from './order';
import { fail, ok, type Result } from '../result';
import type { AgentOrderCounter } from './agent-order-counter.port';
import { PAPER_ACCOUNT_ID } from './order-venue.port';

/**
 * What an order placed with a personal access token (the Agent API) meets before the order path proper: a token trades
 * the product's paper account only (never a broker account, where the learner's own money or keys are at stake), and at
 * most AGENT_LIMITS.ordersPerMinute orders a minute per token, counted apart from the learner's browser. After that the
 * order goes the same way as a browser order, with every pre-trade, buying-power, level and PDT rule.
 */
export const AGENT_PAPER_ONLY = 'Agent tokens trade the paper account only.';

export interface AgentOrderDeps {
  counter: AgentOrderCounter;
  clock: Clock;
}

const MINUTE_MS = 60_000;
/** A minute's count is kept a little past its minute, then the table's TTL removes it. */
const KEEP_SECONDS = 120;

/** The minute an order is counted in, as an ISO prefix (`2026-11-30T14:05`, UTC): the counter item's key. */
export const agentOrderMinute = (now: Date): string => now.toISOString().slice(0, 16);

/** Whole seconds from `now` to the start of the next minute (at least 1): the answer's Retry-After. */
export const secondsToNextMinute = (now: Date): number => Math.max(1, Math.ceil((MINUTE_MS - (now.getTime() % MINUTE_MS)) / 1000));

/** A token may act on the paper account only (placing, closing or canceling). */
export function agentMayUse(agent: AgentPrincipal | undefined, accountId: string = PAPER_ACCOUNT_ID): Result<void> {
  return agent && accountId !== PAPER_ACCOUNT_ID ? fail('forbidden', AGENT_PAPER_ONLY) : ok(undefined);
}

/** The count of one more order of `agent` in the minute of `now`: booked with the order (the venue's own transaction). */
export function agentOrderCount(agent: AgentPrincipal, now: Date): AgentOrderCount {
  const minuteStart = now.getTime() - (now.getTime() % MINUTE_MS);
  return {
    tokenId: agent.tokenId,
    name: agent.name,
    minute: agentOrderMinute(now),
    limit: AGENT_LIMITS.ordersPerMinute,
    expiresAt: Math.floor(minuteStart / 1000) + KEEP_SECONDS,
    retryAfter: secondsToNextMinute(now),
  };
}

/** The refusal of an order of a token whose minute is full, with the seconds to the next minute. */
export const agentMinuteFull = ({ name, retryAfter, limit }: AgentOrderCount) =>
  fail(
    'rate_limited',
    `The agent token '${name}' has placed ${limit} orders this minute, its limit. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    { retryAfter, limit },
  );

/** Counts one order of a token on its own (an attempt that booked nothing): `ok`, or the refusal when the minute is full. */
export async function admitAgentOrder(deps: AgentOrderDeps, agent: AgentPrincipal, accountId?: string): Promise<Result<void>> {
  const allowed = agentMayUse(agent, accountId);
  if (!allowed.ok) return allowed;
  const count = agentOrderCount(agent, deps.clock.now());
  const counted = await deps.counter.count(count.tokenId, count.minute, count.limit, count.expiresAt);
  return counted === 'counted' ? ok(undefined) : agentMinuteFull(count);
}

/**
 * Runs an order placement (`place`) as the caller: directly for the learner in the browser; for an agent token on the
 * paper account only, and counted against the token's orders a minute. The count of a booked order is written in the
 * same transaction as the order (`place` gets it and hands it to the venue), so the usual order costs no extra round
 * trip and an order the full minute refuses changes nothing. Every other attempt that booked nothing (refused by
 * compliance, buying power, a closed position…) is counted on its own afterwards, so a script that loops on a refusal
 * meets the limit too; a full minute then answers 429 in its place.
 */
export async function placeAs<T>(
  deps: AgentOrderDeps | undefined,
  agent: AgentPrincipal | undefined,
  accountId: string | undefined,
  place: (count?: AgentOrderCount) => Promise<Result<T>>,
): Promise<Result<T>> {
  if (!agent) return place();
  if (!deps) throw new Error('An agent order needs the agent order counter (AgentOrderDeps).');
  const allowed = agentMayUse(agent, accountId);
  if (!allowed.ok) return allowed;
  const placed = await place(agentOrderCount(agent, deps.clock.now()));
  if (placed.ok || placed.error.code === 'rate_limited') return placed;
  const counted = await admitAgentOrder(deps, agent, accountId);
  return counted.ok ? placed : counted;
}
