import type { BrokerEnvironment } from './credentials-form';

/**
 * An Alpaca account's id in the account selector and on an order (`alpaca-paper`, `alpaca-live`), and back: the one
 * rule the server's order venue and the web's screens both read, so a live account is never taken for a paper one.
 */
export const alpacaAccountId = (environment: BrokerEnvironment): string => `alpaca-${environment}`;
export const environmentOfAccount = (accountId: string | undefined): BrokerEnvironment | null =>
  accountId === 'alpaca-paper' ? 'paper' : accountId === 'alpaca-live' ? 'live' : null;
