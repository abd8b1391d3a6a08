import { CrossStackReferences, ReferenceStrength, Tags, type Environment } from 'aws-cdk-lib';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { EventRuleDefinition } from '../functions/events/rules';
import { CONTROLLABLE_SCHEDULES, schedules as defaultSchedules, WATCHED_SCHEDULES, type ScheduleDefinition } from '../functions/jobs/schedules';
import { httpFunctions as defaultHttpFunctions, type FunctionDefinition, type RouteDefinition } from '../functions/routes';
import { PROJECT, stackName, stageConfig } from './config';
import type { AppFunction } from './constructs/app-function';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EDGE_REGION, EdgeStack, edgeWebAclParameterName } from './stacks/edge-stack';
import { EventsStack } from './stacks/events-stack';
import { IngestStack } from './stacks/ingest-stack';
import { ObservabilityStack } from './stacks/observability-stack';
import { TickerStack } from './stacks/ticker-stack';
import { UploadStack } from './stacks/upload-stack';
import { WebStack } from './stacks/web-stack';

export interface OptionsAcademyProps {
  stage: string;
  /** The built SPA directory (web/dist). */
  webAssetDir: string;
  version?: string;
  /** Only when CDK_DEFAULT_* are set: synth stays offline and environment-agnostic otherwise. */
  env?: Environment;
  /** The catalogues default to the ones in functions/; tests pass fixtures. */
  httpFunctions?: readonly FunctionDefinition[];
  routes?: readonly RouteDefinition[];
  schedules?: readonly ScheduleDefinition[];
  eventRules?: readonly EventRuleDefinition[];
  /**
   * The sending address of alert e-mails, verified in SES (context `mailFrom`: `cdk deploy -c mailFrom=alerts@example.com
   * -c siteUrl=https://academy.example`), and the site's origin for their links; without both, no e-mail is sent.
   */
  mailFrom?: string;
  siteUrl?: string;
  /** Where alarms are e-mailed; defaults to the context value `alarmEmail` (`cdk deploy -c alarmEmail=ops@example.com`). */
  alarmEmail?: string;
}

export interface OptionsAcademyStacks {
  data: DataStack;
  auth: AuthStack;
  events: EventsStack;
  api: ApiStack;
  ingest: IngestStack;
  edge: EdgeStack;
  web: WebStack;
  observability: ObservabilityStack;
  upload: UploadStack;
  ticker: TickerStack;
}

/** Every stack of one stage, wired together. Used by infra/bin/app.ts and by the tests. */
export function defineOptionsAcademy(scope: Construct, props: OptionsAcademyProps): OptionsAcademyStacks {
  const config = stageConfig(props.stage, props.version);
  // Exports and imports: CloudFormation itself stops a producer stack from being deleted under its consumers.
  CrossStackReferences.of(scope).consume(ReferenceStrength.STRONG);
  const base = { config, env: props.env };
  const name = (part: string) => ({ stackName: stackName(config.stage, part), description: `Options Academy ${part.toLowerCase()} (${config.stage})` });

  const data = new DataStack(scope, stackName(config.stage, 'Data'), { ...base, ...name('Data') });
  const auth = new AuthStack(scope, stackName(config.stage, 'Auth'), { ...base, ...name('Auth') });
  const mailFrom = props.mailFrom ?? (scope.node.tryGetContext('mailFrom') as string | undefined);
  const siteUrl = props.siteUrl ?? (scope.node.tryGetContext('siteUrl') as string | undefined);
  if (mailFrom !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) throw new Error(`mailFrom "${mailFrom}" is not an e-mail address.`);
  if (mailFrom !== undefined && !/^https:\/\/[^/\s]+$/.test(siteUrl ?? ''))
    throw new Error("mailFrom needs siteUrl, the site's origin (https://host), for the links in alert e-mails.");
  const events = new EventsStack(scope, stackName(config.stage, 'Events'), {
    ...base,
    ...name('Events'),
    table: data.table,
    userPool: auth.userPool,
    rules: props.eventRules,
    mail: mailFrom && siteUrl ? { from: mailFrom, siteUrl } : undefined,
  });
  const api = new ApiStack(scope, stackName(config.stage, 'Api'), {
    ...base,
    ...name('Api'),
    table: data.table,
    bus: events.bus,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    httpFunctions: props.httpFunctions,
    routes: props.routes,
  });
  const ingest = new IngestStack(scope, stackName(config.stage, 'Ingest'), {
    ...base,
    ...name('Ingest'),
    table: data.table,
    bus: events.bus,
    userPool: auth.userPool,
    schedules: props.schedules,
  });
  // The data manager's Stop and Start: exactly the controllable schedules of this stage, for each function that asks.
  const stageSchedules = props.schedules ?? defaultSchedules;
  const controllable = CONTROLLABLE_SCHEDULES.map((s) => s.id).filter((id) => stageSchedules.some((s) => s.id === id));
  for (const def of props.httpFunctions ?? defaultHttpFunctions) {
    const fn = api.functions.get(def.id);
    if (def.access.scheduler === 'control' && fn && controllable.length > 0) ingest.grantScheduleControl(fn.fn, controllable);
  }
  // Pinned to us-east-1, where CloudFront's web ACLs live; the account stays the CLI's, as for the other stacks.
  const edge = new EdgeStack(scope, stackName(config.stage, 'Edge'), {
    ...name('Edge'),
    config,
    env: { account: props.env?.account, region: EDGE_REGION },
  });
  const web = new WebStack(scope, stackName(config.stage, 'Web'), {
    ...base,
    ...name('Web'),
    webAssetDir: props.webAssetDir,
    apiDomainName: api.apiDomainName,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    edgeWebAclParameter: edgeWebAclParameterName(config),
    originVerifySecret: api.originVerifySecret,
  });
  web.addStackDependency(edge, 'The distribution needs the web ACL, read from the Edge stack at deploy time');
  // After the Web stack: the bucket's CORS names the site's origin, while the API and the CSP know the bucket by its name.
  const upload = new UploadStack(scope, stackName(config.stage, 'Upload'), {
    ...base,
    ...name('Upload'),
    table: data.table,
    bus: events.bus,
    siteOrigins: [`https://${web.distribution.distributionDomainName}`],
  });
  // The India ticker service (one Fargate task holding Kite's WebSocket), in every stage: it idles outside NSE hours.
  const ticker = new TickerStack(scope, stackName(config.stage, 'Ticker'), { ...base, ...name('Ticker'), table: data.table });
  const functions = new Map<string, AppFunction>([
    ...api.functions,
    [api.bearerAuthorizer.node.id, api.bearerAuthorizer],
    ...events.consumers.map((c) => [c.node.id, c] as const),
    [events.enrichment.node.id, events.enrichment],
    ...ingest.jobs,
    [upload.job.node.id, upload.job],
  ]);
  const deadLetterQueues = new Map<string, sqs.IQueue>([
    ...[...events.deadLetters].map(([rule, queue]) => [`${rule}DeadLetters`, queue] as const),
    ['outboxDeadLetters', events.outboxDeadLetters],
    ...(ingest.deadLetters ? [['scheduleDeadLetters', ingest.deadLetters] as const] : []),
    ['uploadJobDeadLetters', upload.deadLetters],
  ]);
  const alarmEmail = props.alarmEmail ?? (scope.node.tryGetContext('alarmEmail') as string | undefined);
  if (alarmEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(alarmEmail)) throw new Error(`alarmEmail "${alarmEmail}" is not an e-mail address.`);
  const observability = new ObservabilityStack(scope, stackName(config.stage, 'Observability'), {
    ...base,
    ...name('Observability'),
    httpApi: api.httpApi,
    functions,
    deadLetterQueues,
    table: data.table,
    watchedJobs: (props.schedules ?? defaultSchedules).filter((s) => WATCHED_SCHEDULES.some((w) => w.id === s.id)).map((s) => s.id),
    // The jobs an operator can stop, which are the ones the watchdog reports as stopped too long.
    stoppableJobs: controllable,
    alarmEmail,
  });

  Tags.of(scope).add('project', PROJECT);
  Tags.of(scope).add('stage', config.stage);
  return { data, auth, events, api, ingest, edge, web, observability, upload, ticker };
}
