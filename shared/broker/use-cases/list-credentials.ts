import { BROKER_ENVIRONMENTS } from '../credentials-form';
import { linkView, type BrokerDeps } from './deps';

/** The learner's broker connections (metadata only) and where each environment's calls go. */
export async function listCredentials(deps: BrokerDeps, userId: string) {
  const links = await deps.repo.links(userId);
  return {
    credentials: links.filter((l) => l.is_active).map((l) => linkView(deps, l)),
    environments: BROKER_ENVIRONMENTS.map((environment) => ({ environment, ...deps.target(environment) })),
  };
}
