import { useAccountMutation } from '@web/features/trading/api/accounts';

/**
 * The paper account as the strategy builder reads it: the trading feature's portfolio query (one cache entry,
 * ['portfolio'], for both screens) and its account opening.
 */
export { getPortfolio, usePortfolio } from '@web/features/trading/api/portfolio';

export const useOpenAccount = () => useAccountMutation('open');
