import { domainEvent } from '../../events/domain-events';
import { ok, type Result } from '../../result';
import { formatUsd } from '../../format/money';
import type { PortfolioView } from '../paper.api';
import { alreadyOpen, badStartingCapital } from '../paper.errors';
import { portfolioView } from '../read-model/portfolio-view';
import { DEFAULT_SETTINGS, STARTING_CAPITALS, type OptionsLevel, type PaperAccount } from '../types';
import type { PaperDeps } from './deps';

export const isStartingCapital = (c: number) => STARTING_CAPITALS.includes(c as (typeof STARTING_CAPITALS)[number]);

/** Opens the learner's paper account with one of the starting capitals (spec part 3 §3). */
export async function openAccount(deps: PaperDeps, userId: string, startingCapital: number, optionsLevel?: OptionsLevel): Promise<Result<PortfolioView>> {
  if (!isStartingCapital(startingCapital)) return badStartingCapital();
  const at = deps.clock.now().toISOString();
  const account: PaperAccount = {
    userId,
    startingCapital,
    cash: startingCapital,
    realizedPnl: 0,
    heldForOrders: 0,
    run: 1,
    createdAt: at,
    settings: { ...DEFAULT_SETTINGS, ...(optionsLevel === undefined ? {} : { optionsLevel }) },
    dayTrades: [],
    sessionStart: null,
    version: 1,
  };
  const created = await deps.repo.createAccount(
    account,
    {
      id: deps.ids.newId(),
      at,
      kind: 'account_opened',
      cashDelta: startingCapital,
      realizedPnl: 0,
      text: `Paper account opened with ${formatUsd(startingCapital)} of virtual money.`,
    },
    [domainEvent('AccountOpened', { userId, startingCapital, run: 1, at }, deps.ids.newId())],
  );
  if (!created) return alreadyOpen();
  return ok((await portfolioView(deps, userId))!);
}
