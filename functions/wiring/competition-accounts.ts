import type { CompetitionAccounts } from '@shared/competitions/competition-accounts.port';

/**
 * PLACEHOLDER, NOT WIRED: the entrants' competition accounts are built on another branch (the competition venue and its
 * adapter). This minimal stand-in exists only so the seasons' wiring compiles; every call throws 'not wired'. The lead
 * replaces this file with the accounts' own adapter when merging.
 */
export function competitionAccounts(): CompetitionAccounts {
  const notWired = (): never => {
    throw new Error('not wired: the competition accounts adapter (functions/wiring/competition-accounts.ts) is a placeholder');
  };
  return { open: async () => notWired(), snapshot: async () => notWired(), maintain: async () => notWired() };
}
