import { rateLimits as defaultLimits, routesCoveredBy, type CognitoOperation, type RateLimitDefinition } from '../functions/rate-limits';
import { routes as defaultRoutes, type RouteDefinition } from '../functions/routes';

/**
 * One request as the limiter sees it: an API call (its route, or null for a path that matches none; `user`, the verified
 * learner or token; `agentToken`, the Authorization header when it carries a personal access token) or a Cognito call.
 */
export type LimitedRequest =
  { kind: 'api'; ip: string; routeKey: string | null; user?: string; agentToken?: string } | { kind: 'cognito'; ip: string; operation: string };

export type LimitDecision = { allowed: true } | { allowed: false; limit: string; retryAfterSeconds: number };

/**
 * The limits of functions/rate-limits.ts as AWS WAF applies them, for the local gateway and the local Cognito proxy:
 * each limit counts a client's requests over a trailing window; once a client has sent `limit` of them within it,
 * further ones are refused until the count falls below the limit again. As in WAF, refused requests count too (a
 * client that keeps hammering stays refused), and a request goes through the limits in order until one refuses it.
 * Only the newest `limit` times of each client are kept: the oldest of them says when the next request will pass.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Map<string, Ring>>();
  private readonly covered: Map<string, Set<string>>;
  private lastSweep: number;

  constructor(
    private readonly defs: readonly RateLimitDefinition[] = defaultLimits,
    routes: readonly RouteDefinition[] = defaultRoutes,
    private readonly now: () => number = Date.now,
  ) {
    this.covered = new Map(defs.map((d) => [d.id, new Set(routesCoveredBy(d, routes).map((r) => r.routeKey))]));
    for (const d of defs) this.buckets.set(d.id, new Map());
    this.lastSweep = now();
  }

  check(req: LimitedRequest): LimitDecision {
    const now = this.now();
    this.sweep(now);
    for (const def of this.defs) {
      if (!this.applies(def, req)) continue;
      const client = def.per === 'ip' ? req.ip : req.kind !== 'api' ? undefined : def.per === 'user' ? req.user : req.agentToken;
      // WAF leaves out a request that lacks the aggregation key (no token for a per-user limit, no personal access
      // token for a per-token limit: its rule is scoped down to such requests).
      if (!client) continue;
      const bucket = this.buckets.get(def.id)!;
      let ring = bucket.get(client);
      if (!ring) bucket.set(client, (ring = new Ring(def.limit)));
      const windowMs = def.windowSeconds * 1000;
      const full = ring.size === def.limit && ring.oldest() > now - windowMs;
      ring.push(now);
      if (full) return { allowed: false, limit: def.id, retryAfterSeconds: Math.max(1, Math.ceil((ring.oldest() + windowMs - now) / 1000)) };
    }
    return { allowed: true };
  }

  private applies(def: RateLimitDefinition, req: LimitedRequest): boolean {
    if (def.applies.to === 'cognito') return req.kind === 'cognito' && def.applies.operations.includes(req.operation as CognitoOperation);
    if (req.kind !== 'api') return false;
    if (def.applies.routes === 'all') return true;
    return req.routeKey !== null && this.covered.get(def.id)!.has(req.routeKey);
  }

  /** Forgets clients with nothing in their window, once a minute, so that a stream of new addresses cannot grow the maps for ever. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const def of this.defs) {
      const bucket = this.buckets.get(def.id)!;
      for (const [client, ring] of bucket) if (ring.newest() <= now - def.windowSeconds * 1000) bucket.delete(client);
    }
  }
}

/** The newest `capacity` request times of one client, oldest first. */
class Ring {
  private readonly times: Float64Array;
  private head = 0;
  size = 0;

  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
  }

  push(t: number) {
    const capacity = this.times.length;
    this.times[(this.head + this.size) % capacity] = t;
    if (this.size < capacity) this.size++;
    else this.head = (this.head + 1) % capacity;
  }

  oldest(): number {
    return this.times[this.head]!;
  }

  newest(): number {
    return this.times[(this.head + this.size - 1) % this.times.length]!;
  }
}
