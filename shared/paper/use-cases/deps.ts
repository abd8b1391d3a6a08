import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { Settlement } from '../expiration';
import type { PaperAccountRepository, QuoteSource } from '../paper.port';
import type { PortfolioCache } from '../read-model/portfolio-cache';

/** What every paper-account use case needs: its repository, quotes, the clock and ids (ports, so tests are exact). */
export interface PaperDeps {
  repo: PaperAccountRepository;
  quotes: QuoteSource;
  clock: Clock;
  ids: IdGenerator;
  /** Index options settle in cash; the ETFs and stocks the product lists deliver shares. */
  settlementOf?: (underlying: string) => Settlement;
  warn?: (message: string, error?: unknown) => void;
  /** A pause before deciding again after a lost race (retry.ts jitteredBackoff); none in unit tests. */
  backoff?: (attempt: number) => Promise<void>;
  /** The warm function's positions and activity per account version (read-model/portfolio-view.ts); none in unit tests. */
  portfolioCache?: PortfolioCache;
}

export const settlementOf = (deps: PaperDeps) => deps.settlementOf ?? (() => 'physical' as const);
export const warn = (deps: PaperDeps) => deps.warn ?? (() => undefined);
