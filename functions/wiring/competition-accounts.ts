import { ulid } from 'ulid';
import { jitteredBackoff } from '@shared/backoff';
import type { CompetitionAccounts } from '@shared/competitions/competition-accounts.port';
import { seasonById } from '@shared/competitions/seasons';
import type { CompetitionAccountDeps } from '@shared/competitions/use-cases/competition-account-deps';
import { competitionSnapshot, maintainCompetitionAccount } from '@shared/competitions/use-cases/competition-snapshot';
import { openCompetitionAccount } from '@shared/competitions/use-cases/open-competition-account';
import type { PaperDeps } from '@shared/paper/use-cases/deps';
import { dynamoCompetitionPlans } from '../adapters/dynamo/competition-plan-repository';
import { dynamoPaperAccountRepository } from '../adapters/dynamo/paper-account-repository';
import { marketQuoteSource } from '../adapters/market/quote-source';
import { documentClient, tableName } from '../adapters/dynamo/client';
import { logger } from '../commons/powertools';
import { marketDeps } from './market';

/**
 * The composition root of the competition accounts (issue 39): the paper account's use cases on a repository scoped to
 * a season (its items under the learner's partition, prefixed COMP#<seasonId>#), the market's quotes and clock, and the
 * trade plans. No portfolio cache: the paper account's is keyed by learner and version, which a competition account
 * would share.
 */
export function competitionAccountDeps(): CompetitionAccountDeps {
  const market = marketDeps();
  const db = documentClient();
  const table = tableName();
  const quotes = marketQuoteSource(market.reader, market.clock);
  const bySeason = new Map<string, PaperDeps>();
  const depsOf = (seasonId: string): PaperDeps => {
    let deps = bySeason.get(seasonId);
    if (!deps) {
      deps = {
        repo: dynamoPaperAccountRepository(db, table, Date.now, { seasonId }),
        quotes,
        clock: market.clock,
        ids: { newId: () => ulid() },
        warn: (message, error) => logger.warn(message, { error: error as Error }),
        backoff: jitteredBackoff((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      };
      bySeason.set(seasonId, deps);
    }
    return deps;
  };
  return { depsOf, own: dynamoPaperAccountRepository(db, table), plans: dynamoCompetitionPlans(db, table) };
}

/** The port the season's use cases reach the accounts through (shared/competitions/competition-accounts.port.ts). */
export function competitionAccountsOf(deps: CompetitionAccountDeps): CompetitionAccounts {
  return {
    async open(userId, seasonId, at) {
      const season = seasonById(seasonId);
      if (!season) throw new Error(`No season ${seasonId}`);
      await openCompetitionAccount(deps, userId, season, at);
    },
    snapshot: (userId, seasonId) => competitionSnapshot(deps, userId, seasonId),
    maintain: (userId, seasonId) => maintainCompetitionAccount(deps, userId, seasonId),
  };
}

export const competitionAccounts = (): CompetitionAccounts => competitionAccountsOf(competitionAccountDeps());
