import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccounts } from '@web/api/paper-account';
import { useSelectedAccount } from '@web/api/selected-account';

const COMPETITION = 'competition-';

/** The season of a competition account id (`competition-<seasonId>`, issue 39); null for any other account. */
export const competitionSeasonOf = (accountId: string | undefined): string | null =>
  accountId?.startsWith(COMPETITION) ? accountId.slice(COMPETITION.length) : null;

/**
 * Arriving with `?account=<id>` (the competition page's "Trade in the builder"): once the account list has that
 * account, it is chosen in the account selector, as if the learner had picked it there, and the parameter leaves the
 * URL, so a later choice in the selector holds. An account the list does not have (a season not running) changes
 * nothing.
 */
export function useAccountParam(): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('account');
  const { accounts, select, isPending } = useSelectedAccount();
  // A list read before the account opened (a join a moment ago) is being read again: wait for the new one.
  const refreshing = useAccounts().isFetching;
  useEffect(() => {
    if (!wanted || isPending || refreshing) return;
    if (accounts.some((a) => a.id === wanted)) select(wanted);
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.delete('account');
        return out;
      },
      { replace: true },
    );
  }, [wanted, accounts, isPending, refreshing, select, setParams]);
}
