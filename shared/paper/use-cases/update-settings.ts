import { ok, type Result } from '../../result';
import { accountChanged, noAccount } from '../paper.errors';
import type { AccountSettings } from '../types';
import type { PaperDeps } from './deps';
import { retryOnConflict, RETRY } from './retry';

/** Changes the account's trading level, fill model or commission (spec part 3 §6); the rest stays as it was. */
export function updateSettings(deps: PaperDeps, userId: string, patch: Partial<AccountSettings>): Promise<Result<AccountSettings>> {
  return retryOnConflict(
    async () => {
      const account = await deps.repo.getAccount(userId);
      if (!account) return noAccount();
      const settings = { ...account.settings, ...patch };
      const result = await deps.repo.commit(userId, {
        account: { expectedVersion: account.version, next: { ...account, settings, version: account.version + 1 } },
      });
      return result === 'ok' ? ok(settings) : RETRY;
    },
    () => accountChanged('while the settings were saved'),
    deps.backoff,
  );
}
