import type { CompetitionPlan } from '@shared/competitions/competition-account.api';
import type { CompetitionAccountDeps } from '@shared/competitions/use-cases/competition-account-deps';
import type { PaperDeps } from '@shared/paper/use-cases/deps';
import { harness } from './paper-harness';
import { memoryPaperAccountRepo } from './memory-paper-account-repo';

/**
 * The competition accounts over the paper harness: the learner's own paper account is the harness's, each season's
 * competition account an in-memory repository of its own (as the scoped DynamoDB repository keeps it apart), with the
 * harness's quotes and clock; the trade plans in a map.
 */
export function competitionHarness(start = '2026-11-23T15:00:00Z') {
  const h = harness(start);
  const repos = new Map<string, ReturnType<typeof memoryPaperAccountRepo>>();
  let id = 0;
  const depsOf = (seasonId: string): PaperDeps => {
    const repo = repos.get(seasonId) ?? repos.set(seasonId, memoryPaperAccountRepo()).get(seasonId)!;
    return { repo, quotes: h.source, clock: h.clock, ids: { newId: () => `01K${String(++id).padStart(23, '0')}` } };
  };
  const stored = new Map<string, CompetitionPlan>();
  const deps: CompetitionAccountDeps = {
    depsOf,
    own: h.repo,
    plans: {
      plans: async (userId, seasonId) =>
        new Map([...stored].filter(([k]) => k.startsWith(`${userId}|${seasonId}|`)).map(([k, v]) => [k.split('|')[2]!, structuredClone(v)])),
      put: async (userId, seasonId, tradeId, plan) => void stored.set(`${userId}|${seasonId}|${tradeId}`, structuredClone(plan)),
    },
  };
  return { ...h, deps, depsOf, repos };
}
