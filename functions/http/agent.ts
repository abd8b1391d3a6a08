import { agentApi } from '@shared/agent/agent.api';
import { browserOnlyRoute } from '@shared/agent/agent.errors';
import { createAgentToken } from '@shared/agent/use-cases/create-token';
import type { AgentTokenDeps } from '@shared/agent/use-cases/deps';
import { listAgentTokens } from '@shared/agent/use-cases/list-tokens';
import { revokeAgentToken } from '@shared/agent/use-cases/revoke-token';
import { created, failure, httpApi, noContent, ok, route, type AuthUser, type HttpResponse } from '../commons/http';
import { noteAgentTokenRevoked } from '../commons/deleted-accounts';
import { agentTokenDeps } from '../wiring/agent';

/**
 * A learner's personal access tokens, managed from /app/agent in the browser only. These routes have no token scope in
 * functions/routes.ts, so a request made with a token never reaches them; the handler refuses one all the same, so a
 * token can never mint, list or revoke tokens whatever the gateway in front of it does.
 */
const madeWithToken = (user: AuthUser): HttpResponse | null => (user.agent ? failure(browserOnlyRoute().error) : null);

export function makeAgentHandler(deps: AgentTokenDeps) {
  return httpApi({
    'GET /api/agent/tokens': route(agentApi['GET /api/agent/tokens'], async ({ user }) => madeWithToken(user) ?? ok(await listAgentTokens(deps, user.sub))),

    'POST /api/agent/tokens': route(agentApi['POST /api/agent/tokens'], async ({ user, body }) => {
      const refused = madeWithToken(user);
      if (refused) return refused;
      const result = await createAgentToken(deps, user.sub, body);
      return result.ok ? created(result.value) : failure(result.error);
    }),

    'DELETE /api/agent/tokens/{id}': route(agentApi['DELETE /api/agent/tokens/{id}'], async ({ user, params }) => {
      const refused = madeWithToken(user);
      if (refused) return refused;
      const result = await revokeAgentToken(deps, user.sub, params.id);
      if (!result.ok) return failure(result.error);
      // Refused at once by this function; the others refuse it within their standing check's trust (10 s).
      noteAgentTokenRevoked(params.id);
      return noContent();
    }),
  });
}

export const handler = makeAgentHandler(agentTokenDeps());
