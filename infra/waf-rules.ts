import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { RATE_LIMITED_ANSWER, rateLimits, routesCoveredBy, type RateLimitDefinition } from '../functions/rate-limits';
import { routes as defaultRoutes, type RouteDefinition } from '../functions/routes';

type Statement = wafv2.CfnWebACL.StatementProperty;
type Rule = wafv2.CfnWebACL.RuleProperty;

/** The key of the 429 body in a web ACL's CustomResponseBodies. */
export const RATE_LIMITED_BODY_KEY = 'rateLimited';

/** What WAF answers for a rate-limited API request: the API's own error shape, as the local gateway does. */
export const rateLimitedResponseBodies = (): Record<string, wafv2.CfnWebACL.CustomResponseBodyProperty> => ({
  [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: JSON.stringify(RATE_LIMITED_ANSWER) },
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

const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });

/** WAF's longest regular expression (https://docs.aws.amazon.com/waf/latest/APIReference/API_RegexMatchStatement.html). */
export const WAF_MAX_REGEX_LENGTH = 512;

/** Path patterns as few anchored alternations as fit WAF's length limit, in their order. */
export function pathRegexes(patterns: readonly string[]): string[] {
  const out: string[] = [];
  let chunk: string[] = [];
  const render = (list: string[]) => `^(?:${list.join('|')})$`;
  for (const p of [...new Set(patterns)]) {
    if (chunk.length && render([...chunk, p]).length > WAF_MAX_REGEX_LENGTH) {
      out.push(render(chunk));
      chunk = [];
    }
    chunk.push(p);
  }
  if (chunk.length) out.push(render(chunk));
  return out;
}

/** Requests to the routes given: per method, the method and regular expressions of their paths. */
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
            pathRegexes(patterns).map((regexString) => ({
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
 * One rule's counting: IP alone is WAF's `IP` key; a learner is the Authorization header (WAF cannot verify a token;
 * a request without the header is left out of the rule, and the JWT authorizer refuses a forged one).
 * Keys and their behaviour: https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-aggregation-options.html
 */
function rateBased(def: RateLimitDefinition, scopeDown: Statement): wafv2.CfnWebACL.RateBasedStatementProperty {
  return {
    limit: def.limit,
    evaluationWindowSec: def.windowSeconds,
    scopeDownStatement: scopeDown,
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
