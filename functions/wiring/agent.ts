import { ulid } from 'ulid';
import type { AgentTokenDeps } from '@shared/agent/use-cases/deps';
import { hashAgentToken, newAgentTokenSecret } from '../adapters/agent-token-crypto';
import { dynamoAgentTokenRepository } from '../adapters/dynamo/agent-tokens';
import { systemClock } from '../commons/clock';

/** The composition root of the learner's personal access tokens. */
export const agentTokenDeps = (): AgentTokenDeps => ({
  tokens: dynamoAgentTokenRepository(),
  secrets: { newSecret: newAgentTokenSecret, hash: hashAgentToken },
  clock: systemClock,
  ids: { newId: () => ulid() },
});
