import { CfnOutput, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType, HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AGENT_AUTHORIZER_CACHE_SECONDS } from '../../shared/agent/token';
import { AGENT_TOKEN_SK_PREFIX } from '../../functions/adapters/dynamo/agent-tokens';
import { rateLimits, stageThrottleOf } from '../../functions/rate-limits';
import { httpFunctions as defaultFunctions, routes as defaultRoutes, type FunctionDefinition, type RouteDefinition } from '../../functions/routes';
import { resourceName, type StageConfig } from '../config';
import { AppFunction } from '../constructs/app-function';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITableV2;
  bus: events.IEventBus;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Default to the catalogue in functions/routes.ts; tests may pass fixtures. */
  httpFunctions?: readonly FunctionDefinition[];
  routes?: readonly RouteDefinition[];
}

/** `GET /api/chains/{symbol}` → `GetApiChainsSymbol`: a stable construct id per route. */
export const routeConstructId = (routeKey: string): string =>
  routeKey
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join('');

/**
 * The part of a route's path its function's invoke permission names: `/api/<area>` (`/api/competitions/seasons/{id}/join`
 * → `/api/competitions`), so one permission per function and area covers all the function's routes there.
 */
export const routeArea = (routeKey: string): string => routeKey.split(' ')[1]!.split('/').slice(0, 3).join('/');

/**
 * A Lambda proxy integration (payload 2.0) that adds no invoke permission of its own. CDK's HttpLambdaIntegration adds
 * one per route (two resources a route with the route itself), and at some 160 routes the stack would pass
 * CloudFormation's 500 resources; the stack grants each function one permission per area of its routes instead.
 */
class LambdaProxyIntegration extends apigwv2.HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: lambda.IFunction,
  ) {
    super(id);
  }

  bind(): apigwv2.HttpRouteIntegrationConfig {
    return { type: apigwv2.HttpIntegrationType.AWS_PROXY, uri: this.handler.functionArn, payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0 };
  }
}

/** The bearer authorizer's module (functions/authorizers/bearer.ts). */
export const BEARER_AUTHORIZER_FILE = 'functions/authorizers/bearer.ts';

/**
 * The HTTP API: one Lambda per function definition and one route per route definition, each function invocable by
 * this API alone, on the paths of its routes' areas. Routes a personal access
 * token may use (a `scope` in functions/routes.ts) go through the bearer Lambda authorizer, which takes a Cognito token
 * or a token; the other routes that are not public through the Cognito JWT authorizer; the admin group is checked in
 * the handler.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly functions = new Map<string, AppFunction>();
  /** `<apiId>.execute-api.<region>.amazonaws.com`: the CloudFront origin. */
  readonly apiDomainName: string;
  /** The value CloudFront sends in its origin header and the handlers expect (functions/origin.ts). */
  readonly originVerifySecret: secretsmanager.Secret;
  /** The Lambda REQUEST authorizer of the routes a personal access token may use. */
  readonly bearerAuthorizer: AppFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    const functionDefs = props.httpFunctions ?? defaultFunctions;
    const routeDefs = props.routes ?? defaultRoutes;

    // The execute-api endpoint is public; CloudFront proves a request came through it (and its web ACL) with this value.
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `The header value CloudFront adds to requests for the API (${config.stage}); handlers refuse requests without it`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    Validations.of(this.originVerifySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The value is also written into the CloudFront distribution, so a rotation is a new value and a deployment of the Web stack (infra/README.md); handlers re-read it every five minutes. No rotation Lambda could update the distribution.',
    });

    for (const def of functionDefs) {
      const fn = new AppFunction(this, def.id, {
        file: def.file,
        description: def.description,
        config,
        memoryMb: def.memoryMb,
        timeoutSeconds: def.timeoutSeconds,
      });
      fn.applyAccess(def.access, {
        table: props.table,
        bus: props.bus,
        secretPrefix: config.secretPrefix,
        userPool: props.userPool,
        // The ingest stack names its group so (infra/stacks/ingest-stack.ts): known here without a reference to it.
        scheduleGroup: resourceName(config),
      });
      fn.grantOriginVerify(this.originVerifySecret);
      this.functions.set(def.id, fn);
    }

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: resourceName(config),
      description: `Options Academy API (${config.stage})`,
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: config.removalPolicy,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // Routes without a throttle of their own (functions/rate-limits.ts gives every route one; see routeSettings below).
      throttle: rateLimits.find((d) => d.applies.to === 'api' && d.applies.routes === 'all' && d.stageThrottle)?.stageThrottle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });

    // The routes a personal access token may use: a Cognito token or a token (functions/authorizers/bearer.ts). Its
    // answer is kept per Authorization header for AGENT_AUTHORIZER_CACHE_SECONDS; a revoked token is refused sooner by
    // the handlers' standing read, which reads the token too (functions/commons/deleted-accounts.ts).
    this.bearerAuthorizer = new AppFunction(this, 'bearerAuthorizer', {
      file: BEARER_AUTHORIZER_FILE,
      description: 'The bearer authorizer of the routes a personal access token may use: a Cognito token, or a token looked up by its hash',
      config,
      memoryMb: 256,
      timeoutSeconds: 5,
    });
    // GetItem on the token-by-hash items alone: it reads nothing else of the table.
    this.bearerAuthorizer.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${AGENT_TOKEN_SK_PREFIX}*`] } },
      }),
    );
    this.bearerAuthorizer.fn.addEnvironment('TABLE_NAME', props.table.tableName);
    this.bearerAuthorizer.fn.addEnvironment('USER_POOL_ID', props.userPool.userPoolId);
    this.bearerAuthorizer.fn.addEnvironment('CLIENT_ID', props.userPoolClient.userPoolClientId);
    const bearerAuthorizer = new HttpLambdaAuthorizer('BearerAuthorizer', this.bearerAuthorizer.fn, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: ['$request.header.Authorization'],
      resultsCacheTtl: Duration.seconds(AGENT_AUTHORIZER_CACHE_SECONDS),
    });

    const integrations = new Map<string, LambdaProxyIntegration>();
    // API Gateway throttles each route for all callers together, whoever they are and whichever way they come (through
    // CloudFront and its web ACL, or straight to the execute-api endpoint): functions/rate-limits.ts `stageThrottle`.
    const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const route of routeDefs) {
      const fn = this.functions.get(route.fn);
      if (!fn) throw new Error(`Route "${route.routeKey}" names function "${route.fn}", which is not in httpFunctions.`);
      let integration = integrations.get(route.fn);
      if (!integration) {
        integration = new LambdaProxyIntegration(`${route.fn}Integration`, fn.fn);
        integrations.set(route.fn, integration);
      }
      const [method, path] = route.routeKey.split(' ') as [apigwv2.HttpMethod, string];
      const httpRoute = new apigwv2.HttpRoute(this, routeConstructId(route.routeKey), {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(path, method),
        integration,
        authorizer: route.auth === 'public' ? undefined : route.scope ? bearerAuthorizer : authorizer,
      });
      const throttle = stageThrottleOf(route, routeDefs);
      if (throttle) {
        routeSettings[route.routeKey] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
        // A stage's route settings name routes that must exist first.
        cfnStage.addResourceDependency(httpRoute.node.defaultChild as apigwv2.CfnRoute);
      }
      if (route.auth === 'public') {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.routeKey} is public by design (functions/routes.ts marks it 'public'): anonymous learners read it.`,
        });
      }
    }

    cfnStage.routeSettings = routeSettings;

    // Only this API may invoke a function, and only through the paths of the areas its routes are in (any method and
    // stage): one permission per function and area, `arn:…:execute-api:<region>:<account>:<apiId>/*/*/api/<area>*`.
    const granted = new Set<string>();
    for (const route of routeDefs) {
      const area = routeArea(route.routeKey);
      if (granted.has(`${route.fn} ${area}`)) continue;
      granted.add(`${route.fn} ${area}`);
      this.functions.get(route.fn)!.fn.addPermission(`Invoke${routeConstructId(area)}`, {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: this.formatArn({ service: 'execute-api', resource: this.httpApi.apiId, resourceName: `*/*${area}*` }),
      });
    }

    // Derived from the routes, so that no function serving an admin route can go without it.
    for (const id of new Set(routeDefs.filter((r) => r.auth === 'admin').map((r) => r.fn))) this.functions.get(id)!.grantGroupLookup(props.userPool);

    this.apiDomainName = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
  }
}
