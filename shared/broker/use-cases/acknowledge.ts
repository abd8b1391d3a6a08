import { DISCLOSURES } from '../../compliance/disclosures';
import { fail, ok, type Result } from '../../result';
import { credentialsNotFound, DISCLOSURES_REQUIRED } from '../broker.errors';
import type { BrokerLink } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import { linkView, logActivity, nowIso, type BrokerDeps, type LinkView } from './deps';

export const DISCLOSURE_VERSION = '1.0';

/** Step 4 of the wizard: options_risk and pdt_rules are required, margin_trading optional; each recorded at version '1.0'. */
export async function acknowledgeDisclosures(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
  disclosures: readonly string[],
): Promise<Result<LinkView>> {
  const required = DISCLOSURES.filter((d) => d.required).map((d) => d.type);
  if (!required.every((t) => disclosures.includes(t))) return fail('bad_request', DISCLOSURES_REQUIRED);
  const link = await deps.repo.link(userId, environment);
  if (!link) return credentialsNotFound();
  const at = nowIso(deps);
  for (const type of new Set(disclosures))
    await deps.acknowledge(userId, { disclosure_type: type, disclosure_version: DISCLOSURE_VERSION, acknowledged_at: at });
  const next: BrokerLink = { ...link, compliance_acknowledged: true, compliance_acknowledged_at: at, updated_at: at };
  await deps.repo.putLink(userId, next);
  logActivity(deps, userId, environment, 'compliance_acknowledged', { disclosures: [...new Set(disclosures)], version: DISCLOSURE_VERSION });
  return ok(linkView(deps, next));
}
