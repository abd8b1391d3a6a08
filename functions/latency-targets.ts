/**
 * The p99 latency each HTTP function is held to, in milliseconds, by its id in `functions/routes.ts`: the one source of
 * these targets in code. The observability stack (infra/stacks/observability-stack.ts) alarms when a function's p99
 * duration stays above its target; the README's performance table shows what the benches measured against the same
 * figures. A function serving routes with different targets is held to the loosest of them, since its duration mixes
 * them all. A function without an entry has no latency target and no latency alarm (its errors and throttles still
 * alarm). Data only, so CDK synth stays light.
 */
export const P99_TARGETS_MS: Readonly<Record<string, number>> = {
  // The dashboard's `/api/me`, p99 ≤ 50 ms.
  me: 50,
  // Paper order placement p99 ≤ 100 ms; the dashboard's portfolio, accounts and orders reads p99 ≤ 50 ms.
  trading: 100,
  // A chain through the gateway and the ticker tape's quotes, p99 ≤ 50 ms.
  market: 50,
  // The community feed, p99 ≤ 50 ms.
  communityPosts: 50,
  // Journal statistics over 2,000 closed trades, p99 ≤ 100 ms; the journal trades on the dashboard, p99 ≤ 50 ms.
  journal: 100,
  // A learning module's content and the module list, p99 ≤ 50 ms.
  learning: 50,
  // The gamification state p99 ≤ 30 ms, the leaderboards p99 ≤ 50 ms.
  gamification: 50,
  // The screener p99 ≤ 150 ms; arbitrage and surface p99 ≤ 50 ms.
  analysisScreener: 150,
  // Every market-analysis answer, p99 ≤ 50 ms.
  analysis: 50,
  // A competition board at 20 readers, p99 ≤ 50 ms (one GetItem of the stored standings and pure code).
  competitions: 50,
};
