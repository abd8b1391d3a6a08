import { fail, type Err } from '../result';
import { AGENT_NOT_ALLOWED, MAX_AGENT_TOKENS } from './token';

/** The Agent API's failures, with the words a learner reads (docs/architecture.md, "Errors"). */
export const AGENT_TEXTS = {
  tooMany: `You have ${MAX_AGENT_TOKENS} tokens, the most a learner keeps. Revoke one (an expired one too) to create another.`,
  noSuchToken: 'No such token.',
  browserOnly: AGENT_NOT_ALLOWED,
} as const;

export const tooManyAgentTokens = (): Err => fail('conflict', AGENT_TEXTS.tooMany);
export const noSuchAgentToken = (): Err => fail('not_found', AGENT_TEXTS.noSuchToken);
/** A request made with a token on a route only the learner's own browser session may use (managing tokens is one). */
export const browserOnlyRoute = (): Err => fail('forbidden', AGENT_TEXTS.browserOnly);
