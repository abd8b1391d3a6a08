import { levelName } from '@shared/compliance/levels';
import { DEFAULT_SETTINGS } from '@shared/paper/types';
import type { CompetitionAccountView } from '@web/api/competition-account';
import type { BuilderPortfolio } from './types';

/**
 * A competition account (issue 39) as the builder reads an account: its cash, buying power and equity for the funds
 * check, its fixed settings (fills at the far side, the paper account's commission, the learner's own options level)
 * for the estimates, and its positions for the shares it holds.
 */
export function competitionPortfolio(view: CompetitionAccountView): BuilderPortfolio {
  const { account } = view;
  const level = account.settings.optionsLevel as BuilderPortfolio['account']['settings']['optionsLevel'];
  return {
    account: {
      name: view.name,
      cash: account.cash,
      buyingPower: account.buyingPower,
      equity: account.equity,
      settings: {
        ...DEFAULT_SETTINGS,
        optionsLevel: level,
        fillModel: account.settings.fillModel,
        commissionPerContract: account.settings.commissionPerContract,
      },
      optionsLevelName: levelName(level),
    },
    positions: view.positions.map((p) => ({ symbol: p.symbol, kind: p.kind, underlying: p.underlying, quantity: p.quantity })),
  };
}
