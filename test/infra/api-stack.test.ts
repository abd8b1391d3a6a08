import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpFunctions, routes } from '../../functions/routes';
import { AGENT_AUTHORIZER_CACHE_SECONDS } from '../../shared/agent/token';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { routeArea } from '../../infra/stacks/api-stack';
import { buildTestApp, expectImportOf, importOf, logicalIdOf } from './helpers';

type Resource = { Type: string; Properties: Record<string, unknown> };

describe('ApiStack', () => {
  let stacks: OptionsAcademyStacks;
  let template: Template;
  beforeAll(() => {
    stacks = buildTestApp().stacks;
    template = Template.fromStack(stacks.api);
  });

  it('verifies JWTs issued by the user pool for the SPA client', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 2);
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [importOf(stacks.auth.userPoolClient)],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', importOf(stacks.auth.userPool)]],
        },
      },
    });
  });

  it('has one route per catalogue entry: the bearer authorizer on exactly the routes with a token scope, the Cognito one on the other signed-in routes', () => {
    const found = Object.values(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>);
    expect(found.map((r) => r.Properties.RouteKey).sort()).toEqual(routes.map((r) => r.routeKey).sort());
    const httpApi = stacks.api.node.findChild('HttpApi');
    const cognitoId = { Ref: logicalIdOf(httpApi.node.findChild('CognitoAuthorizer')) };
    const bearerId = { Ref: logicalIdOf(httpApi.node.findChild('BearerAuthorizer')) };
    const byKey = new Map(found.map((r) => [r.Properties.RouteKey as string, r.Properties]));
    for (const route of routes) {
      const expected =
        route.auth === 'public'
          ? { AuthorizationType: 'NONE', AuthorizerId: undefined }
          : route.scope
            ? { AuthorizationType: 'CUSTOM', AuthorizerId: bearerId }
            : { AuthorizationType: 'JWT', AuthorizerId: cognitoId };
      const actual = byKey.get(route.routeKey)!;
      expect({ AuthorizationType: actual.AuthorizationType, AuthorizerId: actual.AuthorizerId }, route.routeKey).toEqual(expected);
    }
    // Exactly the scoped routes, and some of each kind.
    const custom = found.filter((r) => r.Properties.AuthorizationType === 'CUSTOM').map((r) => r.Properties.RouteKey);
    expect(custom.sort()).toEqual(
      routes
        .filter((r) => r.scope)
        .map((r) => r.routeKey)
        .sort(),
    );
    expect(custom).toContain('POST /api/orders');
    expect(byKey.get('GET /api/journal/export.csv')?.AuthorizationType).toBe('JWT');
    expect(byKey.get('GET /api/admin/market/stats')?.AuthorizationType).toBe('JWT');
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'GET /api/health', AuthorizationType: 'NONE' });
  });

  it('runs the bearer authorizer as a simple-response Lambda on the Authorization header, its answers kept AGENT_AUTHORIZER_CACHE_SECONDS', () => {
    const fn = stacks.api.bearerAuthorizer;
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerResultTtlInSeconds: AGENT_AUTHORIZER_CACHE_SECONDS,
      AuthorizerUri: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([{ 'Fn::GetAtt': [logicalIdOf(fn.fn), 'Arn'] }])] }),
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'apigateway.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [logicalIdOf(fn.fn), 'Arn'] },
    });
    const variables = template.toJSON().Resources[logicalIdOf(fn.fn)].Properties.Environment.Variables as Record<string, unknown>;
    expect(variables.USER_POOL_ID).toEqual(expectImportOf(stacks.auth.userPool));
    expect(variables.CLIENT_ID).toEqual(expectImportOf(stacks.auth.userPoolClient));
    expect(variables.TABLE_NAME).toEqual(expectImportOf(stacks.data.table));
  });

  it('lets the bearer authorizer read the token-by-hash items of the table and nothing else', () => {
    const fn = stacks.api.bearerAuthorizer;
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(fn.role) }] } });
    const statements = Object.values(policies).flatMap(statementsOf);
    const dynamo = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.map((s) => ({ Action: s.Action, Resource: stacks.api.resolve(s.Resource), Condition: s.Condition }))).toEqual([
      {
        Action: 'dynamodb:GetItem',
        Resource: expectImportOf(stacks.data.table),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['AGENT_TOKEN#*'] } },
      },
    ]);
    expect(statements.flatMap((s) => [s.Action].flat()).filter((a) => /^(secretsmanager|cognito-idp|events):/.test(a))).toEqual([]);
  });

  it("routes each entry to its own function, which only this API may invoke, and only on its routes' areas", () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')) as { Properties: Record<string, unknown> }[];
    const sourceOf = (p: { Properties: Record<string, unknown> }) => JSON.stringify(stacks.api.resolve(p.Properties.SourceArn));
    for (const route of routes) {
      const fn = stacks.api.functions.get(route.fn)!;
      template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: { 'Fn::GetAtt': [logicalIdOf(fn.fn), 'Arn'] },
      });
      const area = routeArea(route.routeKey);
      expect(route.routeKey.split(' ')[1]!.startsWith(area)).toBe(true);
      const own = permissions.filter((p) => JSON.stringify(p.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(fn.fn), 'Arn'] }));
      expect(
        own.filter(
          (p) =>
            p.Properties.Principal === 'apigateway.amazonaws.com' &&
            p.Properties.Action === 'lambda:InvokeFunction' &&
            sourceOf(p).includes(JSON.stringify({ Ref: logicalIdOf(stacks.api.httpApi) })) &&
            sourceOf(p).endsWith(`/*/*${area}*"]]}`),
        ),
        route.routeKey,
      ).toHaveLength(1);
    }
    // Each function's permissions name its own routes' areas and nothing else.
    for (const [id, fn] of stacks.api.functions) {
      const areas = new Set(routes.filter((r) => r.fn === id).map((r) => routeArea(r.routeKey)));
      const own = permissions.filter((p) => JSON.stringify(p.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(fn.fn), 'Arn'] }));
      expect(own, id).toHaveLength(areas.size);
    }
    // And the bearer authorizer.
    template.resourceCountIs('AWS::Lambda::Function', httpFunctions.length + 1);
  });

  it("stays well inside CloudFormation's 500 resources a stack", () => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThanOrEqual(450);
  });

  it('logs every request and throttles the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it("grants the health function table reads (for ?deep=1), the origin header's value, and nothing that writes or publishes", () => {
    const health = stacks.api.functions.get('health')!;
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(health.role) }] } });
    const actions = Object.values(policies).flatMap((p) => statementsOf(p).flatMap((s) => [s.Action].flat()));
    expect(actions).toContain('dynamodb:GetItem');
    expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a) || /^events:/.test(a))).toEqual([]);
    expect(actions.filter((a) => a.startsWith('secretsmanager:'))).toEqual(['secretsmanager:GetSecretValue']);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Liveness of the API',
      Environment: { Variables: Match.objectLike({ TABLE_NAME: importOf(stacks.data.table), EVENT_BUS_NAME: Match.absent(), SECRET_PREFIX: Match.absent() }) },
    });
  });

  it('grants the trading function the table, and reading the broker keys (live orders): its events leave through the outbox', () => {
    const trading = stacks.api.functions.get('trading')!;
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(trading.role) }] } });
    const statements = Object.values(policies).flatMap(statementsOf);
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions.filter((a) => a.startsWith('events:'))).toEqual([]);
    const secrets = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')));
    expect(secrets.map((s) => JSON.stringify(stacks.api.resolve(s.Resource)))).toEqual([
      expect.stringMatching(/:secret:options-academy\/dev\/broker\/\*"/),
      JSON.stringify({ Ref: logicalIdOf(stacks.api.originVerifySecret) }),
    ]);
    expect([secrets[0]!.Action].flat()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
  });

  it('lets every function read the origin value CloudFront sends, and names its secret, so that direct calls are refused', () => {
    for (const [id, fn] of stacks.api.functions) {
      const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(fn.role) }] } });
      const reads = Object.values(policies)
        .flatMap(statementsOf)
        .filter((st) => JSON.stringify(st.Resource) === JSON.stringify({ Ref: logicalIdOf(stacks.api.originVerifySecret) }));
      expect(
        reads.map((st) => st.Action),
        id,
      ).toEqual(['secretsmanager:GetSecretValue']);
      const variables = template.toJSON().Resources[logicalIdOf(fn.fn)].Properties.Environment.Variables as Record<string, unknown>;
      expect(variables.ORIGIN_VERIFY_SECRET_ARN, id).toEqual({ Ref: logicalIdOf(stacks.api.originVerifySecret) });
    }
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true } });
  });

  it("lets exactly the functions that serve admin routes read a user's groups from the user pool, the privacy function alone sign out and delete a user, the sessions function only sign a user out, and tells them which pool", () => {
    const adminFunctions = new Set(routes.filter((r) => r.auth === 'admin').map((r) => r.fn));
    expect(adminFunctions.size).toBeGreaterThan(0);
    for (const [id, fn] of stacks.api.functions) {
      const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(fn.role) }] } });
      const cognito = Object.values(policies)
        .flatMap(statementsOf)
        .filter((st) => [st.Action].flat().some((a) => a.startsWith('cognito-idp:')));
      const variables = template.toJSON().Resources[logicalIdOf(fn.fn)].Properties.Environment.Variables as Record<string, unknown>;
      if (adminFunctions.has(id)) {
        expect(
          cognito.map((st) => ({ Action: st.Action, Resource: st.Resource })),
          id,
        ).toEqual([{ Action: 'cognito-idp:AdminListGroupsForUser', Resource: expectImportOf(stacks.auth.userPool) }]);
        expect(variables.USER_POOL_ID, id).toEqual(expectImportOf(stacks.auth.userPool));
      } else if (id === 'privacy') {
        expect(cognito.map((st) => ({ Action: st.Action, Resource: st.Resource }))).toEqual([
          { Action: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'], Resource: expectImportOf(stacks.auth.userPool) },
        ]);
        expect(variables.USER_POOL_ID, id).toEqual(expectImportOf(stacks.auth.userPool));
      } else if (id === 'sessions') {
        expect(cognito.map((st) => ({ Action: st.Action, Resource: st.Resource }))).toEqual([
          { Action: 'cognito-idp:AdminUserGlobalSignOut', Resource: expectImportOf(stacks.auth.userPool) },
        ]);
        expect(variables.USER_POOL_ID, id).toEqual(expectImportOf(stacks.auth.userPool));
      } else {
        expect(cognito, id).toEqual([]);
        expect(variables.USER_POOL_ID, id).toBeUndefined();
      }
    }
  });

  it('grants the market functions read of the market-data secret and the simulation secret alone, and the brokerage function alone the broker keys', () => {
    for (const [id, fn] of stacks.api.functions) {
      const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(fn.role) }] } });
      const resources = Object.values(policies)
        .flatMap(statementsOf)
        .filter((st) => [st.Action].flat().some((a) => a.startsWith('secretsmanager:')))
        .map((st) => JSON.stringify(stacks.api.resolve(st.Resource)))
        .filter((r) => r !== JSON.stringify({ Ref: logicalIdOf(stacks.api.originVerifySecret) }));
      const definition = httpFunctions.find((f) => f.id === id)!;
      expect(resources, id).toEqual([
        // With the market-data key, the simulated market's deployment secret (what an ingestion from it reads).
        ...(definition.access.marketDataSecret
          ? [
              expect.stringMatching(/:secret:options-academy\/dev\/market-data-\?{6}"/),
              expect.stringMatching(/:secret:options-academy\/dev\/simulation-\?{6}"/),
            ]
          : []),
        ...(definition.access.brokerSecrets ? [expect.stringMatching(/:secret:options-academy\/dev\/broker\/\*"/)] : []),
        // The unsubscribe links' key: only the public route that verifies them.
        ...(definition.access.unsubscribeSecret ? [expect.stringMatching(/:secret:options-academy\/dev\/unsubscribe-\?{6}"/)] : []),
        // The Kite login's callback: the keys (read) and the day's session (read and written), in two statements.
        ...(definition.access.kiteSecrets === 'login'
          ? [expect.stringMatching(/:secret:options-academy\/dev\/kite-\?{6}"/), expect.stringMatching(/:secret:options-academy\/dev\/kite-session-\?{6}"/)]
          : []),
        // The Kite keys and the day's login, and the draws of the simulated NSE market: the Indian chain reads them.
        ...(definition.access.kiteSecrets === 'read'
          ? [
              expect.stringMatching(/:secret:options-academy\/dev\/kite-\?{6}".*:secret:options-academy\/dev\/kite-session-\?{6}"/),
              expect.stringMatching(/:secret:options-academy\/dev\/simulation-\?{6}"/),
            ]
          : []),
      ]);
    }
    expect(['market', 'adminMarket'].every((id) => httpFunctions.find((f) => f.id === id)!.access.marketDataSecret === 'read')).toBe(true);
    expect(httpFunctions.filter((f) => f.access.unsubscribeSecret).map((f) => f.id)).toEqual(['unsubscribe']);
    expect(httpFunctions.filter((f) => f.access.kiteSecrets === 'read').map((f) => f.id)).toEqual(['india']);
    expect(httpFunctions.filter((f) => f.access.kiteSecrets === 'login').map((f) => f.id)).toEqual(['kiteLogin']);
  });

  it('grants the Indian chain GetItem and Query on the live quotes (IN#LIVE#…) and nothing else of the table', () => {
    const india = stacks.api.functions.get('india')!;
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(india.role) }] } });
    const dynamo = Object.values(policies)
      .flatMap(statementsOf)
      .filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:GetItem', 'dynamodb:Query'],
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['IN#LIVE#*'] } },
      }),
    ]);
    expect(JSON.stringify(stacks.api.resolve(dynamo[0]!.Resource))).not.toContain('/index/');
  });

  it('grants the me function item-level table access on the table and its GSIs only, without Scan', () => {
    const me = stacks.api.functions.get('me')!;
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(me.role) }] } });
    const dynamo = Object.values(policies)
      .flatMap(statementsOf)
      .filter((s) => [s.Action].flat().some((a) => a.startsWith('dynamodb:')));
    expect(dynamo).toHaveLength(1);
    const [statement] = dynamo;
    expect(statement!.Action).not.toContain('dynamodb:Scan');
    expect(statement!.Action).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    expect(stacks.api.resolve(statement!.Resource)).toEqual([
      expectImportOf(stacks.data.table),
      { 'Fn::Join': ['', [expect.anything(), '/index/GSI1']] },
      { 'Fn::Join': ['', [expect.anything(), '/index/GSI2']] },
    ]);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: "The signed-in user and their profile (name, bio, avatar, visibility, display settings), and other learners' public profiles",
      Environment: { Variables: Match.objectLike({ TABLE_NAME: importOf(stacks.data.table) }) },
    });
  });
});

interface Statement {
  Action: string | string[];
  Resource: unknown;
  Effect: string;
  Condition?: unknown;
}
function statementsOf(policy: unknown): Statement[] {
  return (policy as { Properties: { PolicyDocument: { Statement: Statement[] } } }).Properties.PolicyDocument.Statement;
}
