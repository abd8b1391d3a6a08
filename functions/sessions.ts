/**
 * Sign-in sessions, defined once for the user pool (infra/stacks/auth-stack.ts) and cognito-local (local/cognito.ts).
 * Access and ID tokens are short so that a token that leaks, or an operator removed from the `admin` group, reaches
 * little; the refresh token keeps the session (the SPA's Amplify refreshes an expired ID token before each call).
 */
export const TOKEN_VALIDITY = { accessTokenMinutes: 15, idTokenMinutes: 15, refreshTokenDays: 30 } as const;

/** The Cognito group of operators: route entries marked `admin` need it, in the token and in the user pool now. */
export const ADMIN_GROUP = 'admin';

/** How long an operator's group membership, once read from the user pool, is trusted: a removed operator is out within it. */
export const ADMIN_GROUP_CACHE_SECONDS = 60;
