import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { AgentTokenRepository, AgentTokenSecrets } from '../agent-tokens.port';

/** What the token use cases need: the storage, the token's randomness and hash, the clock and ids. */
export interface AgentTokenDeps {
  tokens: AgentTokenRepository;
  secrets: AgentTokenSecrets;
  clock: Clock;
  ids: IdGenerator;
}
