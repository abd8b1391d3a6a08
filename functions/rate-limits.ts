/**
 * Rate limits, defined once: what one client may send in a window, and the API stage's throttle for all callers
 * together. The CDK stacks build AWS WAF rate-based rules from this list (infra/stacks/edge-stack.ts on the CloudFront
 * distribution, infra/stacks/auth-stack.ts on the user pool) and the stage's route throttles (api-stack.ts); the local
 * gateway and the local Cognito proxy apply the same limits (local/rate-limiter.ts). Data only, like routes.ts.
 *
 * The figures are the product's, sized for people: the SPA does not poll, so a learner clicking through pages sends a
 * few requests a page and some twenty a minute at most; a class behind one school address shares that address.
 */
import { AGENT_LIMITS, AGENT_NOT_ALLOWED } from '@shared/agent/token';
import type { Auth, Method, RouteDefinition, RouteKey } from './routes';

/**
 * AWS WAF's evaluation windows: it counts the requests of the last 60, 120, 300 or 600 seconds, looking back from now
 * (https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-high-level-settings.html).
 */
export type WindowSeconds = 60 | 120 | 300 | 600;
/** The lowest limit WAF accepts for a rate-based rule (same page). */
export const WAF_MINIMUM_LIMIT = 10;

/** Which API routes a limit counts: all of them (also paths that match no route), or those the selector names. */
export type RouteScope =
  'all' | { auth?: readonly Auth[]; methods?: readonly Method[]; routeKeys?: readonly RouteKey[]; exceptRouteKeys?: readonly RouteKey[] };

/** The user pool's public operations, as the SDK names them in `X-Amz-Target` (`AWSCognitoIdentityProviderService.<op>`). */
export type CognitoOperation =
  'InitiateAuth' | 'RespondToAuthChallenge' | 'SignUp' | 'ConfirmSignUp' | 'ResendConfirmationCode' | 'ForgotPassword' | 'ConfirmForgotPassword';

export interface RateLimitDefinition {
  id: string;
  description: string;
  /**
   * Who counts as one client. `ip`: the caller's address. `user`: the signed-in learner; WAF keys on the
   * Authorization header (it cannot verify a token: a request without one is not counted by the rule), the local
   * gateway on the verified `sub` (and a personal access token on its own, apart from its learner's browser). Only
   * routes that need sign-in can be limited per user. `agentToken`: one personal access token, whatever route it calls;
   * both WAF and the local gateway key on the Authorization header and count only requests whose header carries such a
   * token (`Bearer oa_pat_…`), so a learner's browser is never counted by it.
   */
  per: 'ip' | 'user' | 'agentToken';
  /** Requests one client may send within the window; further ones get 429 until the count falls below it. */
  limit: number;
  windowSeconds: WindowSeconds;
  applies: { to: 'api'; routes: RouteScope } | { to: 'cognito'; operations: readonly CognitoOperation[] };
  /**
   * The HTTP API stage's token bucket for each route this limit covers, all callers together (API Gateway throttles
   * per route, not per client). It also holds for a caller who reaches the execute-api endpoint without CloudFront.
   */
  stageThrottle?: { rateLimit: number; burstLimit: number };
}

/** The answer to a refused API request, in the API's error shape: WAF's custom response in AWS, the local gateway's locally. */
export const RATE_LIMITED_ANSWER = { error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' } as const;

/**
 * The answer to a personal access token on a signed-in route that has no scope (functions/routes.ts): such a route is
 * browser-only. WAF answers it in AWS (the JWT authorizer in front of those routes cannot tell a token from a bad sign-in),
 * the local gateway locally, and functions/commons/http.ts should one reach a handler.
 */
export const AGENT_NOT_ALLOWED_ANSWER = { error: AGENT_NOT_ALLOWED, code: 'forbidden' } as const;

const WRITE_METHODS: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** In priority order: a request is counted by each limit that covers it until one of them refuses it. */
export const rateLimits: readonly RateLimitDefinition[] = [
  {
    id: 'publicWrites',
    description: 'API writes anyone may send without signing in, per address: a visitor sends one, a script sends hundreds.',
    per: 'ip',
    limit: 10,
    windowSeconds: 300,
    // The screener's POST is a read that carries its filters in the body: it has its own limit, below.
    applies: { to: 'api', routes: { auth: ['public'], methods: WRITE_METHODS, exceptRouteKeys: ['POST /api/analysis/screener'] } },
    stageThrottle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'screenerQueries',
    description: 'Screener queries, per address, signed in or not: a learner changing filters sends one a change, a class of fifty exploring together fits.',
    per: 'ip',
    limit: 1500,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/analysis/screener'] } },
    stageThrottle: { rateLimit: 50, burstLimit: 100 },
  },
  {
    id: 'orders',
    description:
      'Placing, cancelling, closing and exercising, per learner: one a second on average, in bursts (the 100 open orders a learner may hold fit in one window).',
    per: 'user',
    limit: 300,
    windowSeconds: 300,
    applies: {
      to: 'api',
      routes: {
        routeKeys: [
          'POST /api/orders',
          'DELETE /api/orders/{id}',
          'POST /api/positions/{contract}/close',
          'POST /api/positions/{contract}/exercise',
          'POST /api/broker/{environment}/orders',
          'DELETE /api/broker/{environment}/orders/{id}',
          'DELETE /api/broker/{environment}/positions/{symbol}',
          'POST /api/broker/{environment}/positions/{symbol}/exercise',
        ],
      },
    },
    stageThrottle: { rateLimit: 50, burstLimit: 100 },
  },
  {
    id: 'predictionOrders',
    description:
      "Demo prediction orders, cancels and resets, per learner, apart from the paper account's orders: a learner trying the markets places a few a minute; a script does not get to churn the demo book.",
    per: 'user',
    limit: 120,
    windowSeconds: 300,
    applies: {
      to: 'api',
      routes: { routeKeys: ['POST /api/predictions/orders', 'DELETE /api/predictions/orders/{orderId}', 'POST /api/predictions/account/reset'] },
    },
    stageThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'watchlistWrites',
    description:
      'Adding, removing and reordering watchlist items, per learner: starring a few rows and moving items up and down by buttons sends a few dozen; a script does not get to churn the list.',
    per: 'user',
    limit: 300,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/watchlist/items', 'DELETE /api/watchlist/items/{id}', 'PUT /api/watchlist/order'] } },
    stageThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'competitionPlanWrites',
    description:
      "Writing competition trades' plans, per learner: a plan is written once or twice a trade and a season holds a few dozen trades; a script does not get to churn them.",
    per: 'user',
    limit: 300,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan'] } },
    stageThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'competitionJoins',
    description:
      'Joining competition seasons, per learner: a learner joins a season or two a week, and a retried join changes nothing; a script does not get to hammer the join.',
    per: 'user',
    limit: 60,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/competitions/seasons/{seasonId}/join'] } },
    stageThrottle: { rateLimit: 10, burstLimit: 20 },
  },
  {
    id: 'backtestRuns',
    description:
      'Backtest runs, per learner: each is up to four engine runs of a year in the function, so a learner trying ideas sends a few dozen in a window; a script does not get to spin the CPU.',
    per: 'user',
    limit: 40,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/backtest/runs'] } },
    stageThrottle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'backtestShares',
    description:
      "Sharing saved backtests to the feed, per learner: the community's 10 posts a New York day apply too; this stops a script hammering the route before that count is read.",
    per: 'user',
    limit: 20,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/backtest/runs/{id}/share'] } },
    stageThrottle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'backtestAsOfReads',
    description:
      "The builder's modelled chains as of a past session, per learner: each read prices a chain of American contracts from a year of stored summaries; opening a trade reads a day and a chain or two, a script does not get to spin the CPU.",
    per: 'user',
    limit: 300,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['GET /api/backtest/as-of/{underlying}', 'GET /api/backtest/as-of/{underlying}/chain'] } },
    stageThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'alertWrites',
    description:
      'Setting, pausing, resuming and deleting alerts and the e-mail choice, per learner: a learner sets a few at a time (at most 50 are active); a script does not get to churn them.',
    per: 'user',
    limit: 120,
    windowSeconds: 300,
    applies: {
      to: 'api',
      routes: {
        routeKeys: [
          'POST /api/alerts',
          'DELETE /api/alerts/{alertId}',
          'POST /api/alerts/{alertId}/pause',
          'POST /api/alerts/{alertId}/resume',
          'PUT /api/notifications/settings',
        ],
      },
    },
    stageThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'unsubscribeLinks',
    description: 'The public unsubscribe link of alert e-mails, per address: a learner follows one link once or twice; a script does not get to try tokens.',
    per: 'ip',
    limit: 30,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['GET /api/unsubscribe', 'POST /api/unsubscribe'] } },
    stageThrottle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'kiteCallback',
    description:
      "Kite's login callback, public, per address: the operator's browser comes back once a morning; a script does not get to try states or request tokens.",
    per: 'ip',
    limit: 30,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['GET /api/kite/callback'] } },
    stageThrottle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'brokerSync',
    description:
      'Syncing a broker account, per learner: the live page syncs when it opens and every 30 s while it is visible (ten a window), with room for a second tab and the other environment.',
    per: 'user',
    limit: 60,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/broker/{environment}/sync'] } },
    stageThrottle: { rateLimit: 20, burstLimit: 40 },
  },
  {
    id: 'signOutEverywhere',
    description:
      'Signing out everywhere (and after a password change), per learner: a learner does it now and then; each one calls the user pool, which has its own quota.',
    per: 'user',
    limit: 10,
    windowSeconds: 300,
    applies: { to: 'api', routes: { routeKeys: ['POST /api/me/sign-out-everywhere'] } },
    stageThrottle: { rateLimit: 5, burstLimit: 10 },
  },
  {
    id: 'apiPerUser',
    description: 'Every route that needs sign-in, per learner: about ten times what a busy learner sends.',
    per: 'user',
    limit: 1000,
    windowSeconds: 300,
    applies: { to: 'api', routes: { auth: ['user', 'admin'] } },
  },
  {
    id: 'apiPerAddress',
    description: 'Every API request, per address, signed in or not: a class of some fifty learners behind one school address fits.',
    per: 'ip',
    limit: 6000,
    windowSeconds: 300,
    applies: { to: 'api', routes: 'all' },
    stageThrottle: { rateLimit: 100, burstLimit: 200 },
  },
  {
    id: 'agentTokenRequests',
    description:
      "Every API request made with one personal access token, whatever its route: a script reading a chain and placing a spread sends a handful; a loop gone wrong is stopped within the minute. Counted apart from the learner's browser.",
    per: 'agentToken',
    limit: AGENT_LIMITS.requestsPerMinute,
    windowSeconds: 60,
    applies: { to: 'api', routes: 'all' },
  },
  {
    id: 'signIn',
    description: 'Sign-in attempts (a password sign-in is one or two calls), per address: a class signing in together fits, password guessing does not.',
    per: 'ip',
    limit: 200,
    windowSeconds: 300,
    applies: { to: 'cognito', operations: ['InitiateAuth', 'RespondToAuthChallenge'] },
  },
  {
    id: 'signUp',
    description: 'Sign-ups, confirmations and password resets (each sends an e-mail), per address: a class signing up together fits, a script does not.',
    per: 'ip',
    limit: 100,
    windowSeconds: 300,
    applies: { to: 'cognito', operations: ['SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword'] },
  },
];

/** The API routes a limit covers (all of them for `'all'`); none for a Cognito limit. */
export function routesCoveredBy(def: RateLimitDefinition, all: readonly RouteDefinition[]): RouteDefinition[] {
  if (def.applies.to !== 'api') return [];
  const scope = def.applies.routes;
  if (scope === 'all') return [...all];
  return all.filter((r) => {
    const method = r.routeKey.split(' ')[0] as Method;
    return (
      (!scope.auth || scope.auth.includes(r.auth)) &&
      (!scope.methods || scope.methods.includes(method)) &&
      (!scope.routeKeys || scope.routeKeys.includes(r.routeKey)) &&
      !scope.exceptRouteKeys?.includes(r.routeKey)
    );
  });
}

/** The stage throttle of one route: that of the first limit in the list that covers it and names one. */
export function stageThrottleOf(route: RouteDefinition, all: readonly RouteDefinition[], defs: readonly RateLimitDefinition[] = rateLimits) {
  return defs.find((d) => d.stageThrottle && routesCoveredBy(d, all).some((r) => r.routeKey === route.routeKey))?.stageThrottle;
}
