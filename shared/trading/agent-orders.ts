import { AGENT_LIMITS, type AgentPrincipal } from '../agent/token';
import type { Clock } from '../ports/clock.port';
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

export const agentOrdersFull = (name: string, retryAfter: number) =>
  fail(
    'rate_limited',
    `The agent token '${name}' has placed ${AGENT_LIMITS.ordersPerMinute} orders this minute, its limit. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    { retryAfter, limit: AGENT_LIMITS.ordersPerMinute },
  );

/** A token may act on the paper account only (placing, closing or canceling). */
export function agentMayUse(agent: AgentPrincipal | undefined, accountId: string = PAPER_ACCOUNT_ID): Result<void> {
  return agent && accountId !== PAPER_ACCOUNT_ID ? fail('forbidden', AGENT_PAPER_ONLY) : ok(undefined);
}

/** Admits one order of a token: the paper account only, then one more of this minute's orders unless the minute is full. */
export async function admitAgentOrder(deps: AgentOrderDeps, agent: AgentPrincipal, accountId?: string): Promise<Result<void>> {
  const allowed = agentMayUse(agent, accountId);
  if (!allowed.ok) return allowed;
  const now = deps.clock.now();
  const minuteStart = now.getTime() - (now.getTime() % MINUTE_MS);
  const counted = await deps.counter.count(agent.tokenId, agentOrderMinute(now), AGENT_LIMITS.ordersPerMinute, Math.floor(minuteStart / 1000) + KEEP_SECONDS);
  return counted === 'counted' ? ok(undefined) : agentOrdersFull(agent.name, secondsToNextMinute(now));
}

/**
 * Runs an order placement (`place`) as the caller: directly for the learner in the browser; for an agent token, only
 * once the token is admitted (admitAgentOrder), so a refused order is never booked.
 */
export async function placeAs<T>(
  deps: AgentOrderDeps | undefined,
  agent: AgentPrincipal | undefined,
  accountId: string | undefined,
  place: () => Promise<Result<T>>,
): Promise<Result<T>> {
  if (!agent) return place();
  if (!deps) throw new Error('An agent order needs the agent order counter (AgentOrderDeps).');
  const admitted = await admitAgentOrder(deps, agent, accountId);
  return admitted.ok ? place() : admitted;
}
