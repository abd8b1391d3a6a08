import { PAPER_ACCOUNT_ID, type OrderVenue } from './order-venue.port';
import type { AccountSummary } from './trading.api';

/** The account selector's list: every venue's account the learner has set up; the paper account first. */
export async function listAccounts(venues: readonly OrderVenue[], userId: string): Promise<{ accounts: AccountSummary[]; needsSetup: boolean }> {
  const summaries = await Promise.all(venues.map(async (v) => ({ id: v.accountId, summary: await v.summary(userId) })));
  const accounts = summaries.flatMap((s) => (s.summary ? [s.summary] : []));
  return { accounts, needsSetup: !summaries.some((s) => s.id === PAPER_ACCOUNT_ID && s.summary) };
}
