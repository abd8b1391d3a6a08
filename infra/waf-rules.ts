import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { AGENT_NOT_ALLOWED_ANSWER, RATE_LIMITED_ANSWER, rateLimits, routesCoveredBy, type RateLimitDefinition } from '../functions/rate-limits';
import { routes as defaultRoutes, type RouteDefinition } from '../functions/routes';

type Statement = wafv2.CfnWebACL.StatementProperty;
type Rule = wafv2.CfnWebACL.RuleProperty;

/** The key of the 429 body in a web ACL's CustomResponseBodies. */
export const RATE_LIMITED_BODY_KEY = 'rateLimited';

/** The key of the 403 body for a personal access token on a browser-only route. */
export const AGENT_NOT_ALLOWED_BODY_KEY = 'agentNotAllowed';

/** What WAF answers for a rate-limited API request (and a token on a browser-only route): the API's own error shape, as the local gateway does. */
export const rateLimitedResponseBodies = (): Record<string, wafv2.CfnWebACL.CustomResponseBodyProperty> => ({
  [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(RATE_LIMITED_ANSWER) },
  [AGENT_NOT_ALLOWED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(AGENT_NOT_ALLOWED_ANSWER) },
});

const NO_TRANSFORMATION = [{ priority: 0, type: 'NONE' }];
// A percent-encoded path (`/api/%6Frders`) reaches the same route, so paths are matched decoded.
const URL_DECODED = [{ priority: 0, type: 'URL_DECODE' }];

/** `/api/positions/{contract}/close` → `/api/positions/[^/]+/close`. */
export const pathPattern = (path: string): string =>
  path
    .split('/')
    .map((segment) => (/^\{\w+\+?\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')))
    .join('/');

/**
 * One regular expression of many path patterns, with the shared `/api/<area>` written once per area
 * (`/api/journal(?:/trades|/stats)`): a WAF regex may hold at most 512 characters, and the signed-in GET routes alone
 * pass that when each path repeats its prefix.
 */
export function pathsRegex(patterns: readonly string[]): string {
  return `^(?:${pathAlternatives(patterns).join('|')})$`;
}

/** The alternatives of pathsRegex: one per `/api/<area>` head, its tails grouped after it. */
export function pathAlternatives(patterns: readonly string[]): string[] {
  const byHead = new Map<string, Set<string>>();
  for (const p of new Set(patterns)) {
    const parts = p.split('/');
    const head = parts.slice(0, 3).join('/');
    const tail = parts.length > 3 ? `/${parts.slice(3).join('/')}` : '';
    byHead.set(head, (byHead.get(head) ?? new Set()).add(tail));
  }
  return [...byHead].map(([head, tails]) => {
    const rest = [...tails].filter(Boolean);
    if (!rest.length) return head;
    const group = rest.length === 1 ? rest[0]! : `(?:${rest.join('|')})`;
    return tails.has('') ? `${head}(?:${rest.join('|')})?` : `${head}${group}`;
  });
}

const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });

/** WAF's longest regular expression in a RegexMatchStatement (CloudFormation schema, AWS::WAFv2::WebACL RegexString). */
export const WAF_MAX_REGEX_LENGTH = 512;

/** Path patterns as `^(?:a|b|…)$` expressions, each within WAF's length, as few as fit. */
export function regexChunks(patterns: readonly string[]): string[] {
  const wrap = (ps: readonly string[]) => `^(?:${ps.join('|')})$`;
  const chunks: string[][] = [];
  for (const p of patterns) {
    const last = chunks.at(-1);
    if (last && wrap([...last, p]).length <= WAF_MAX_REGEX_LENGTH) last.push(p);
    else chunks.push([p]);
  }
  return chunks.map(wrap);
}

/** Requests to the routes given: per method, the method and a regular expression of their paths. */
function routesStatement(covered: readonly RouteDefinition[]): Statement {
  const byMethod = new Map<string, string[]>();
  for (const r of covered) {
    const [method, path] = r.routeKey.split(' ') as [string, string];
    byMethod.set(method, [...(byMethod.get(method) ?? []), pathPattern(path)]);
  }
  return anyOf(
    [...byMethod].map(([method, patterns]) => ({
      andStatement: {
        statements: [
          {
            byteMatchStatement: { fieldToMatch: { method: {} }, positionalConstraint: 'EXACTLY', searchString: method, textTransformations: NO_TRANSFORMATION },
          },
          anyOf(
            // Each area's prefix written once, and as many expressions as WAF's 512 characters need.
            regexChunks(pathAlternatives(patterns)).map((regexString) => ({
              regexMatchStatement: { fieldToMatch: { uriPath: {} }, regexString, textTransformations: URL_DECODED },
            })),
          ),
        ],
      },
    })),
  );
}

const apiPrefix: Statement = {
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: '/api/', textTransformations: URL_DECODED },
};

/**
 * Requests whose Authorization header carries a personal access token (`Bearer oa_pat_…`, the scheme's name in any
 * case, as the bearer check reads it).
 */
export const agentTokenStatement: Statement = {
  byteMatchStatement: {
    fieldToMatch: { singleHeader: { Name: 'authorization' } },
    positionalConstraint: 'STARTS_WITH',
    searchString: 'bearer oa_pat_',
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
};

/**
 * One rule's counting: IP alone is WAF's `IP` key; a learner is the Authorization header (WAF cannot verify a token;
 * a request without the header is left out of the rule, and the JWT authorizer refuses a forged one).
 * Keys and their behaviour: https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-aggregation-options.html
 */
function rateBased(def: RateLimitDefinition, scopeDown: Statement): wafv2.CfnWebACL.RateBasedStatementProperty {
  return {
    limit: def.limit,
    evaluationWindowSec: def.windowSeconds,
    // A per-token limit counts only requests that carry a personal access token: the learner's browser is not one.
    scopeDownStatement: def.per === 'agentToken' ? { andStatement: { statements: [scopeDown, agentTokenStatement] } } : scopeDown,
    ...(def.per === 'ip'
      ? { aggregateKeyType: 'IP' }
      : { aggregateKeyType: 'CUSTOM_KEYS', customKeys: [{ header: { name: 'authorization', textTransformations: NO_TRANSFORMATION } }] }),
  };
}

const visibility = (metricPrefix: string, id: string) => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName: `${metricPrefix}-${id}`,
});

/**
 * The API's limits as the rules of the CloudFront web ACL, in the definitions' order (WAF stops at the first rule that
 * blocks). A limit whose routes are all gone makes no rule. A blocked request gets 429 with the API's error body and a
 * Retry-After of the window: WAF cannot tell when a client's trailing count falls below the limit.
 */
export function apiRateRules(
  metricPrefix: string,
  defs: readonly RateLimitDefinition[] = rateLimits,
  routes: readonly RouteDefinition[] = defaultRoutes,
): Rule[] {
  const rules: Rule[] = [];
  for (const def of defs) {
    if (def.applies.to !== 'api') continue;
    const covered = routesCoveredBy(def, routes);
    if (covered.length === 0) continue;
    rules.push({
      name: def.id,
      priority: rules.length,
      statement: { rateBasedStatement: rateBased(def, def.applies.routes === 'all' ? apiPrefix : routesStatement(covered)) },
      action: {
        block: {
          customResponse: {
            responseCode: 429,
            customResponseBodyKey: RATE_LIMITED_BODY_KEY,
            responseHeaders: [
              { name: 'Retry-After', value: String(def.windowSeconds) },
              { name: 'Cache-Control', value: 'no-store' },
            ],
          },
        },
      },
      visibilityConfig: visibility(metricPrefix, def.id),
    });
  }
  return rules;
}

/**
 * A personal access token on a signed-in route that has no scope in functions/routes.ts (browser-only: admin, the
 * broker's live routes, credentials, settings, export, deletion, sessions, …) is answered 403 with the API's error
 * body. The Cognito JWT authorizer in front of those routes would answer 401, as for a sign-in that expired, and a
 * script would not learn that the route is closed to tokens. The rule comes after the rate limits (`priority`), so such
 * requests count towards them too.
 */
export function agentNotAllowedRule(metricPrefix: string, priority: number, routes: readonly RouteDefinition[] = defaultRoutes): Rule | null {
  const browserOnly = routes.filter((r) => r.auth !== 'public' && !r.scope);
  if (browserOnly.length === 0) return null;
  return {
    name: 'agentTokenBrowserOnlyRoutes',
    priority,
    statement: { andStatement: { statements: [agentTokenStatement, routesStatement(browserOnly)] } },
    action: {
      block: {
        customResponse: {
          responseCode: 403,
          customResponseBodyKey: AGENT_NOT_ALLOWED_BODY_KEY,
          responseHeaders: [{ name: 'Cache-Control', value: 'no-store' }],
        },
      },
    },
    visibilityConfig: visibility(metricPrefix, 'agentTokenBrowserOnlyRoutes'),
  };
}

/**
 * The sign-in and sign-up limits as the rules of the user pool's web ACL: WAF sees the operation in `X-Amz-Target`
 * (https://aws.amazon.com/blogs/security/protect-your-amazon-cognito-user-pool-with-aws-waf/). A blocked call is
 * answered by Cognito itself, with ForbiddenException.
 */
export function cognitoRateRules(metricPrefix: string, defs: readonly RateLimitDefinition[] = rateLimits): Rule[] {
  const rules: Rule[] = [];
  for (const def of defs) {
    if (def.applies.to !== 'cognito') continue;
    const target: Statement = {
      regexMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        regexString: `^AWSCognitoIdentityProviderService\\.(?:${def.applies.operations.join('|')})$`,
        textTransformations: NO_TRANSFORMATION,
      },
    };
    rules.push({
      name: def.id,
      priority: rules.length,
      statement: { rateBasedStatement: rateBased(def, target) },
      action: { block: {} },
      visibilityConfig: visibility(metricPrefix, def.id),
    });
  }
  return rules;
}
