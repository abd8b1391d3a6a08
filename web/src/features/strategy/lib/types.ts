import type { PortfolioPosition, PortfolioView } from '@web/api/paper-account';

/**
 * GET /api/portfolio as far as the builder reads it: the contract's own fields, picked, so the builder and its tests
 * need only what it shows (balance, buying power, level, shares held).
 */
export interface BuilderPortfolio {
  account: Pick<PortfolioView['account'], 'name' | 'cash' | 'buyingPower' | 'equity' | 'settings' | 'optionsLevelName'>;
  positions: Pick<PortfolioPosition, 'symbol' | 'kind' | 'underlying' | 'quantity'>[];
}
