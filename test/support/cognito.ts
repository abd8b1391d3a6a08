import http from 'node:http';
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CognitoIdentityProviderClient, GetTokensFromRefreshTokenCommand, InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { StackInfo } from './local-stack';

/**
 * A loopback address of its own (127.3.x.y) for each client: the learners a test signs up are people of their own, as
 * they would be, so the user pool's per-address limits on sign-ups (100) and sign-ins (200 in 5 minutes, functions/
 * rate-limits.ts) meet each of them alone, not the whole suite's learners at once from 127.0.0.1. The rate-limit test
 * spends one address's budget on purpose, with a client of its own.
 */
const learnerAddress = () => `127.3.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}`;

export const cognitoClient = (stack: StackInfo, address = learnerAddress()) =>
  new CognitoIdentityProviderClient({
    endpoint: stack.pool.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: { httpAgent: new http.Agent({ localAddress: address }) },
  });

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs up through the local Cognito endpoint (the proxy confirms at once) and signs in. */
export async function signUpAndSignIn(stack: StackInfo, opts: { email?: string; name?: string; password?: string } = {}) {
  const client = cognitoClient(stack);
  const email = opts.email ?? uniqueEmail('learner');
  const password = opts.password ?? 'secret1';
  const signUp = await client.send(
    new SignUpCommand({
      ClientId: stack.pool.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }, ...(opts.name ? [{ Name: 'name', Value: opts.name }] : [])],
    }),
  );
  const tokens = await signIn(stack, email, password);
  return { email, password, sub: signUp.UserSub!, confirmed: signUp.UserConfirmed, ...tokens };
}

export async function signIn(stack: StackInfo, email: string, password: string) {
  const auth = await cognitoClient(stack).send(
    new InitiateAuthCommand({ ClientId: stack.pool.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const r = auth.AuthenticationResult!;
  return { idToken: r.IdToken!, accessToken: r.AccessToken!, refreshToken: r.RefreshToken! };
}

export async function refreshTokens(stack: StackInfo, refreshToken: string) {
  const out = await cognitoClient(stack).send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.pool.userPoolClientId, RefreshToken: refreshToken }));
  return out.AuthenticationResult!;
}

/** An RS256 JWT signed with any key, to prove the gateway checks signature, issuer, audience and expiry. */
export function signJwt(claims: Record<string, unknown>, key: KeyObject, kid = 'CognitoLocal'): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = enc({ alg: 'RS256', typ: 'JWT', kid });
  const body = enc(claims);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key).toString('base64url');
  return `${head}.${body}.${signature}`;
}

export const foreignKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export const decodeJwt = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
