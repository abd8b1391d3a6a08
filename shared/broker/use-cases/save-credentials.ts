import { ok, type Result } from '../../result';
import type { BrokerLink } from '../broker.port';
import { maskKeyId, type BrokerEnvironment, type CredentialsBody } from '../credentials-form';
import { linkView, logActivity, nowIso, type BrokerDeps, type LinkView } from './deps';

/** Saves the key pair (spec part 3 §4: compliance_acknowledged false until acknowledged, not yet validated). */
export async function saveCredentials(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, body: CredentialsBody): Promise<Result<LinkView>> {
  await deps.keys.save(userId, environment, { apiKey: body.apiKey, apiSecret: body.apiSecret });
  const at = nowIso(deps);
  const previous = await deps.repo.link(userId, environment);
  const link: BrokerLink = {
    environment,
    key_id_masked: maskKeyId(body.apiKey),
    options_trading_level: body.optionsTradingLevel,
    compliance_acknowledged: false,
    compliance_acknowledged_at: null,
    last_validated_at: null,
    is_active: true,
    created_at: previous?.created_at ?? at,
    updated_at: at,
    account: null,
  };
  await deps.repo.putLink(userId, link);
  logActivity(deps, userId, environment, 'credentials_saved', { key_id: link.key_id_masked, options_trading_level: link.options_trading_level });
  return ok(linkView(deps, link));
}
