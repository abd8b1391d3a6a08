import { ok, type Result } from '../../result';
import { VALIDATION_FAILED } from '../broker.errors';
import type { BrokerLink } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import { accountInfo } from '../order-mapping';
import { linkView, logActivity, nowIso, openApi, type BrokerDeps, type LinkView } from './deps';

/** Calls GET /v2/account with the saved keys; on success keeps the account figures and last_validated_at. */
export async function validateCredentials(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
): Promise<Result<{ valid: boolean; message?: string; reason?: string; credentials: LinkView }>> {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const res = await found.value.api.account();
  if (!res.ok) {
    logActivity(deps, userId, environment, 'credentials_validation_failed', { reason: res.error.message });
    return ok({ valid: false, message: VALIDATION_FAILED, reason: res.error.message, credentials: linkView(deps, found.value.link) });
  }
  const at = nowIso(deps);
  const link: BrokerLink = {
    ...found.value.link,
    last_validated_at: at,
    updated_at: at,
    account: accountInfo(res.value, found.value.link.options_trading_level, at),
  };
  await deps.repo.putLink(userId, link);
  logActivity(deps, userId, environment, 'credentials_validated', {
    account_number: res.value.account_number,
    options_approved_level: res.value.options_approved_level ?? null,
  });
  return ok({ valid: true, credentials: linkView(deps, link) });
}
