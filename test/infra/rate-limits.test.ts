import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT_NOT_ALLOWED_ANSWER, RATE_LIMITED_ANSWER, rateLimits, routesCoveredBy, stageThrottleOf } from '../../functions/rate-limits';
import { routes, type RouteDefinition } from '../../functions/routes';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { pathPattern } from '../../infra/waf-rules';
import { buildTestApp, logicalIdOf } from './helpers';

interface RateRule {
  Name: string;
  Priority: number;
  Action: { Block: { CustomResponse?: { ResponseCode: number; CustomResponseBodyKey: string; ResponseHeaders: { Name: string; Value: string }[] } } };
  Statement: {
    AndStatement?: { Statements: Record<string, unknown>[] };
    RateBasedStatement: {
      Limit: number;
      EvaluationWindowSec: number;
      AggregateKeyType: string;
      CustomKeys?: { Header: { Name: string } }[];
      ScopeDownStatement: Record<string, unknown>;
    };
  };
}

const aclOf = (template: Template) => {
  const acls = Object.values(template.findResources('AWS::WAFv2::WebACL')) as { Properties: Record<string, unknown> }[];
  expect(acls).toHaveLength(1);
  return acls[0]!.Properties as { Scope: string; DefaultAction: unknown; Rules: RateRule[]; CustomResponseBodies?: Record<string, { Content: string }> };
};

interface Request {
  method: string;
  path: string;
  target?: string;
  authorization?: string;
}

/** Evaluates a WAF scope-down statement of the kinds infra/waf-rules.ts builds against one request. */
function matches(statement: Record<string, unknown>, req: Request): boolean {
  const s = statement as Record<string, Record<string, unknown>>;
  if (s.OrStatement) return (s.OrStatement.Statements as Record<string, unknown>[]).some((x) => matches(x, req));
  if (s.AndStatement) return (s.AndStatement.Statements as Record<string, unknown>[]).every((x) => matches(x, req));
  const field = (m: Record<string, unknown>) => {
    const f = m.FieldToMatch as Record<string, Record<string, string>>;
    const value =
      'Method' in f ? req.method : 'UriPath' in f ? req.path : f.SingleHeader?.Name === 'authorization' ? (req.authorization ?? '') : (req.target ?? '');
    const lowercase = (m.TextTransformations as { Type: string }[]).some((t) => t.Type === 'LOWERCASE');
    return lowercase ? value.toLowerCase() : value;
  };
  if (s.ByteMatchStatement) {
    const value = field(s.ByteMatchStatement);
    const search = s.ByteMatchStatement.SearchString as string;
    return s.ByteMatchStatement.PositionalConstraint === 'EXACTLY' ? value === search : value.startsWith(search);
  }
  if (s.RegexMatchStatement) return new RegExp(s.RegexMatchStatement.RegexString as string).test(field(s.RegexMatchStatement));
  throw new Error(`unexpected statement ${JSON.stringify(statement)}`);
}

const AGENT_TOKEN = `Bearer oa_pat_${'A'.repeat(43)}`;

/** A concrete request path for a route (path parameters filled in), with the Authorization header given. */
const requestOf = (r: RouteDefinition, authorization?: string): Request => {
  const [method, path] = r.routeKey.split(' ') as [string, string];
  return { method, path: path.replace(/\{[^}]+\}/g, 'SPY260116C00600000'), authorization };
};

const rateRulesOf = (acl: { Rules: RateRule[] }) => acl.Rules.filter((r) => r.Statement.RateBasedStatement);

describe('the rate limits in AWS', () => {
  let stacks: OptionsAcademyStacks;
  beforeAll(() => {
    stacks = buildTestApp().stacks;
  });

  describe('the CloudFront web ACL (Edge stack)', () => {
    let acl: ReturnType<typeof aclOf>;
    beforeAll(() => {
      acl = aclOf(Template.fromStack(stacks.edge));
    });

    it('lives in us-east-1 with CLOUDFRONT scope, as WAF requires for a distribution, and allows what no rule blocks', () => {
      expect(stacks.edge.region).toBe('us-east-1');
      expect(acl.Scope).toBe('CLOUDFRONT');
      expect(acl.DefaultAction).toEqual({ Allow: {} });
    });

    it('has one rate-based rule per API limit, in the same order, with its limit, window and client key', () => {
      const api = rateLimits.filter((d) => d.applies.to === 'api' && routesCoveredBy(d, routes).length > 0);
      expect(rateRulesOf(acl).map((r) => r.Name)).toEqual(api.map((d) => d.id));
      rateRulesOf(acl).forEach((rule, i) => {
        const def = api[i]!;
        expect(rule.Priority).toBe(i);
        expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: def.limit, EvaluationWindowSec: def.windowSeconds });
        if (def.per === 'ip') expect(rule.Statement.RateBasedStatement.AggregateKeyType).toBe('IP');
        else
          expect(rule.Statement.RateBasedStatement.CustomKeys).toEqual([
            { Header: { Name: 'authorization', TextTransformations: [{ Priority: 0, Type: 'NONE' }] } },
          ]);
      });
    });

    it('counts, for each limit, exactly the requests of the routes the limit covers', () => {
      for (const rule of rateRulesOf(acl)) {
        const def = rateLimits.find((d) => d.id === rule.Name)!;
        const covered = new Set(routesCoveredBy(def, routes).map((r) => r.routeKey));
        for (const route of routes) {
          // A per-token limit counts the requests that carry a personal access token, and only those.
          const authorization = def.per === 'agentToken' ? AGENT_TOKEN : undefined;
          expect(matches(rule.Statement.RateBasedStatement.ScopeDownStatement, requestOf(route, authorization)), `${rule.Name}: ${route.routeKey}`).toBe(
            covered.has(route.routeKey),
          );
          if (def.per === 'agentToken') {
            expect(matches(rule.Statement.RateBasedStatement.ScopeDownStatement, requestOf(route, 'Bearer eyJhbGciOi.x.y'))).toBe(false);
            expect(matches(rule.Statement.RateBasedStatement.ScopeDownStatement, requestOf(route))).toBe(false);
          }
        }
      }
      const everything = acl.Rules.find((r) => r.Name === 'apiPerAddress')!;
      expect(matches(everything.Statement.RateBasedStatement.ScopeDownStatement, { method: 'GET', path: '/api/no-such-route' })).toBe(true);
      expect(matches(everything.Statement.RateBasedStatement.ScopeDownStatement, { method: 'GET', path: '/assets/index.js' })).toBe(false);
    });

    it('counts each personal access token on its own, 60 requests a minute on every API path, whatever case the scheme is written in', () => {
      const rule = rateRulesOf(acl).find((r) => r.Name === 'agentTokenRequests')!;
      expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: 60, EvaluationWindowSec: 60, AggregateKeyType: 'CUSTOM_KEYS' });
      const scopeDown = rule.Statement.RateBasedStatement.ScopeDownStatement;
      expect(matches(scopeDown, { method: 'GET', path: '/api/no-such-route', authorization: AGENT_TOKEN })).toBe(true);
      expect(matches(scopeDown, { method: 'GET', path: '/api/portfolio', authorization: AGENT_TOKEN.replace('Bearer', 'bearer') })).toBe(true);
      expect(matches(scopeDown, { method: 'GET', path: '/assets/index.js', authorization: AGENT_TOKEN })).toBe(false);
    });

    it('answers a personal access token on a signed-in route without a scope with 403 and the API error body, after the limits', () => {
      const rule = acl.Rules.find((r) => r.Name === 'agentTokenBrowserOnlyRoutes')!;
      expect(rule.Priority).toBe(rateRulesOf(acl).length);
      expect(Math.max(...rateRulesOf(acl).map((r) => r.Priority))).toBeLessThan(rule.Priority);
      const response = rule.Action.Block.CustomResponse!;
      expect(response.ResponseCode).toBe(403);
      expect(JSON.parse(acl.CustomResponseBodies![response.CustomResponseBodyKey]!.Content)).toEqual(AGENT_NOT_ALLOWED_ANSWER);
      const statement = rule.Statement as unknown as Record<string, unknown>;
      for (const route of routes) {
        const browserOnly = route.auth !== 'public' && !route.scope;
        expect(matches(statement, requestOf(route, AGENT_TOKEN)), route.routeKey).toBe(browserOnly);
        // A browser's Cognito token is never blocked by it.
        expect(matches(statement, requestOf(route, 'Bearer eyJhbGciOi.x.y')), route.routeKey).toBe(false);
      }
      expect(
        matches(
          statement,
          requestOf(
            routes.find((r) => r.routeKey === 'GET /api/journal/export.csv')!,
            AGENT_TOKEN,
          ),
        ),
      ).toBe(true);
    });

    it('answers a blocked request with 429, the API error body the local gateway sends, and Retry-After', () => {
      for (const rule of rateRulesOf(acl)) {
        const response = rule.Action.Block.CustomResponse!;
        expect(response.ResponseCode).toBe(429);
        expect(JSON.parse(acl.CustomResponseBodies![response.CustomResponseBodyKey]!.Content)).toEqual(RATE_LIMITED_ANSWER);
        expect(response.ResponseHeaders).toContainEqual({ Name: 'Retry-After', Value: String(rule.Statement.RateBasedStatement.EvaluationWindowSec) });
      }
    });

    it('reaches the distribution: the Web stack reads the ARN from us-east-1 and sets it as the web ACL', () => {
      const web = Template.fromStack(stacks.web);
      const readers = Object.entries(web.findResources('Custom::AWS')) as [string, { Properties: { Create?: unknown; Update: unknown } }][];
      expect(readers).toHaveLength(1);
      const [readerId, reader] = readers[0]!;
      // The SDK call is a JSON string (joined with tokens): GetParameter of the Edge stack's parameter, in us-east-1.
      const call = JSON.stringify(reader.Properties.Update);
      expect(call).toContain('\\"region\\":\\"us-east-1\\"');
      expect(call).toContain('\\"Name\\":\\"/options-academy-dev/edge/web-acl-arn\\"');
      expect(call).toContain('\\"action\\":\\"getParameter\\"');
      web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: { WebACLId: { 'Fn::GetAtt': [readerId, 'Parameter.Value'] } },
      });
      expect(Template.fromStack(stacks.edge).toJSON().Resources[logicalIdOf(stacks.edge.webAclArnParameter)].Properties).toMatchObject({
        Name: '/options-academy-dev/edge/web-acl-arn',
        Value: { 'Fn::GetAtt': [logicalIdOf(stacks.edge.webAcl), 'Arn'] },
      });
    });
  });

  describe("the user pool's web ACL (Auth stack)", () => {
    let template: Template;
    let acl: ReturnType<typeof aclOf>;
    beforeAll(() => {
      template = Template.fromStack(stacks.auth);
      acl = aclOf(template);
    });

    it('is a regional ACL associated with the user pool', () => {
      expect(acl.Scope).toBe('REGIONAL');
      template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
        ResourceArn: { 'Fn::GetAtt': [logicalIdOf(stacks.auth.userPool), 'Arn'] },
        WebACLArn: { 'Fn::GetAtt': [logicalIdOf(stacks.auth.webAcl), 'Arn'] },
      });
    });

    it('limits sign-in and sign-up per address, by the operation in X-Amz-Target', () => {
      const cognito = rateLimits.filter((d) => d.applies.to === 'cognito');
      expect(acl.Rules.map((r) => r.Name)).toEqual(cognito.map((d) => d.id));
      for (const rule of acl.Rules) {
        const def = cognito.find((d) => d.id === rule.Name)!;
        expect(rule.Statement.RateBasedStatement).toMatchObject({ Limit: def.limit, EvaluationWindowSec: def.windowSeconds, AggregateKeyType: 'IP' });
        const operations = def.applies.to === 'cognito' ? def.applies.operations : [];
        for (const op of operations) {
          expect(
            matches(rule.Statement.RateBasedStatement.ScopeDownStatement, { method: 'POST', path: '/', target: `AWSCognitoIdentityProviderService.${op}` }),
          ).toBe(true);
        }
        expect(
          matches(rule.Statement.RateBasedStatement.ScopeDownStatement, { method: 'POST', path: '/', target: 'AWSCognitoIdentityProviderService.GetUser' }),
        ).toBe(false);
      }
      expect(acl.Rules.find((r) => r.Name === 'signIn')).toBeDefined();
    });
  });

  describe('the API stage', () => {
    it('throttles every route, all callers together, with the throttle of the limit that covers it', () => {
      const template = Template.fromStack(stacks.api);
      const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as {
        Properties: { RouteSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>; DefaultRouteSettings: unknown };
        DependsOn: string[];
      };
      for (const route of routes) {
        const throttle = stageThrottleOf(route, routes)!;
        expect(stage.Properties.RouteSettings[route.routeKey], route.routeKey).toEqual({
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        });
      }
      expect(stage.Properties.RouteSettings['POST /api/orders']!.ThrottlingRateLimit).toBeLessThan(
        stage.Properties.RouteSettings['GET /api/market/status']!.ThrottlingRateLimit,
      );
      expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 });
      // The routes exist before the stage names them.
      expect(stage.DependsOn.length).toBeGreaterThanOrEqual(routes.length);
    });
  });
});

describe('pathPattern', () => {
  it('turns path parameters into one segment and escapes the rest', () => {
    expect(pathPattern('/api/positions/{contract}/close')).toBe('/api/positions/[^/]+/close');
    expect(new RegExp(`^${pathPattern('/api/openapi.json')}$`).test('/api/openapiXjson')).toBe(false);
  });
});
