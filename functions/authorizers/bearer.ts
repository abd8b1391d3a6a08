import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';
import { FetchError, JwksNotAvailableInCacheError } from 'aws-jwt-verify/error';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { findAgentTokenByHash } from '../adapters/dynamo/agent-tokens';
import { type AuthorizerContext, authorizerContext, bearerCheck, type BearerCheck } from './bearer-check';

/**
 * The HTTP API's Lambda REQUEST authorizer (payload 2.0, simple responses) on the routes a personal access token may
 * use: the bearer check of functions/authorizers/bearer-check.ts, with the user pool's keys (USER_POOL_ID, CLIENT_ID
 * from the environment) and the table's token items. API Gateway keeps each answer for
 * AGENT_AUTHORIZER_CACHE_SECONDS per Authorization header; a revoked token is refused sooner all the same, by the
 * standing read every request makes (functions/commons/deleted-accounts.ts).
 */
let check: BearerCheck | undefined;

function checkFromEnv(): BearerCheck {
  const userPoolId = process.env.USER_POOL_ID;
  const clientId = process.env.CLIENT_ID;
  if (!userPoolId || !clientId) throw new Error('The bearer authorizer needs USER_POOL_ID and CLIENT_ID.');
  // ID and access tokens both, as API Gateway's JWT authorizer takes them (the ID token's `aud`, the access token's `client_id`).
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: null });
  return bearerCheck({
    verifyJwt: async (token) => {
      try {
        return (await verifier.verify(token)) as JwtPayload;
      } catch (err) {
        // The pool's keys could not be fetched: an error (API Gateway answers 500 and keeps nothing), not a refusal.
        if (err instanceof FetchError || err instanceof JwksNotAvailableInCacheError) throw err;
        return null;
      }
    },
    findToken: (hash) => findAgentTokenByHash(hash),
  });
}

export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<APIGatewaySimpleAuthorizerWithContextResult<AuthorizerContext>> {
  check ??= checkFromEnv();
  const answer = await check(event.headers?.authorization ?? event.identitySource?.[0]);
  return { isAuthorized: true, context: authorizerContext(answer) };
}
