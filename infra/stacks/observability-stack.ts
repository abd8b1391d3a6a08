import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { GLOBAL_SECONDARY_INDEXES } from '../../functions/adapters/dynamo/table-definition';
import { BROKER_RESPONSE_METRIC, type BrokerStatusClass } from '../../functions/adapters/alpaca/alpaca-client';
import { MISSING_RUN_METRIC } from '../../functions/jobs/job-watchdog';
import { CONTROLLABLE_SCHEDULES, WATCHED_SCHEDULES } from '../../functions/jobs/schedules';
import { P99_TARGETS_MS } from '../../functions/latency-targets';
import { resourceName, type StageConfig } from '../config';
import { METRICS_NAMESPACE, POWERTOOLS_SERVICE_NAME, type AppFunction } from '../constructs/app-function';

export interface ObservabilityStackProps extends StackProps {
  config: StageConfig;
  httpApi: apigwv2.IHttpApi;
  /** Every Lambda of the app, by its definition id. */
  functions: ReadonlyMap<string, AppFunction>;
  /** Every dead-letter queue of the app (the events stack's per rule and the Pipe's, the ingest stack's), by name. */
  deadLetterQueues: ReadonlyMap<string, sqs.IQueue>;
  table: dynamodb.ITableV2;
  /** The scheduled jobs the watchdog checks (functions/jobs/job-watchdog.ts); defaults to the catalogue's. */
  watchedJobs?: readonly string[];
  /** The scheduled jobs an operator may stop, each alarmed when stopped too long; defaults to every schedule but the watchdog. */
  stoppableJobs?: readonly string[];
  /** The p99 latency targets by function id (functions/latency-targets.ts); a function without one has no latency alarm. */
  p99TargetsMs?: Readonly<Record<string, number>>;
  /** Where alarms are e-mailed (context value `alarmEmail`); without it the topic has no subscriber yet. */
  alarmEmail?: string;
}

const PERIOD = Duration.minutes(5);
/** The API's 5xx rate (in %) that alarms, over five minutes with at least this many requests (so one error in three is not an alarm). */
export const API_5XX_RATE_PERCENT = 5;
export const API_5XX_MIN_REQUESTS = 20;
/** A function's p99 alarms when above its target for this many five-minute periods in a row, each with at least this many invocations. */
export const LATENCY_PERIODS = 3;
export const LATENCY_MIN_INVOCATIONS = 50;
/** The share of Alpaca calls (in %) that ended 5xx or with no answer that alarms, over five minutes with at least this many calls. */
export const BROKER_ERROR_RATE_PERCENT = 10;
export const BROKER_MIN_CALLS = 10;
/** Emitted by the upload job (1 when a job ends without finishing its file) and by the job watchdog (1 per job stopped too long). */
export const UPLOAD_FAILED_METRIC = 'UploadFailed';
export const SCHEDULER_STOPPED_METRIC = 'SchedulerStoppedTooLong';
export const ALARMS_PER_WIDGET = 100;
/** Every alarm's description ends with a link to its section of the runbook. */
export const RUNBOOK_PATH = 'docs/runbook.md';
const BROKER_STATUS_CLASSES: readonly BrokerStatusClass[] = ['2xx', '4xx', '5xx', 'network'];
/** The jobs the SchedulerStoppedTooLong alarms watch: the ones an operator can stop (the watchdog reports only those) unless told. */
const stoppableJobs = (props: ObservabilityStackProps) => props.stoppableJobs ?? CONTROLLABLE_SCHEDULES.map((s) => s.id);
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The operators' dashboard and alarms. Every alarm goes to one SNS topic (an e-mail subscription from the context
 * value `alarmEmail`), treats missing data as fine (no traffic is not a fault), and shows on the dashboard.
 */
export class ObservabilityStack extends Stack {
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarmTopic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { httpApi } = props;
    const fns = [...props.functions.entries()];

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: resourceName(props.config),
      defaultInterval: Duration.hours(24),
    });

    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      topicName: resourceName(props.config, 'alarms'),
      displayName: `Options Academy alarms (${props.config.stage})`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    this.defineAlarms(props);
    // An alarm status widget lists at most 100 alarms (CloudWatch's dashboard body structure), so they go in groups.
    const groups = Math.ceil(this.alarms.length / ALARMS_PER_WIDGET);
    for (let g = 0; g < groups; g++) {
      const alarms = this.alarms.slice(g * ALARMS_PER_WIDGET, (g + 1) * ALARMS_PER_WIDGET);
      this.dashboard.addWidgets(
        new cloudwatch.AlarmStatusWidget({
          title: groups > 1 ? `Alarms (${g + 1} of ${groups})` : 'Alarms',
          alarms,
          sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
          width: 24,
          height: Math.max(3, Math.ceil(alarms.length / 4) + 1),
        }),
      );
    }

    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [httpApi.metricCount({ period: PERIOD, statistic: 'Sum', label: 'Requests' })],
        right: [
          httpApi.metricClientError({ period: PERIOD, statistic: 'Sum', label: '4xx' }),
          httpApi.metricServerError({ period: PERIOD, statistic: 'Sum', label: '5xx' }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency',
        left: [
          httpApi.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }),
          httpApi.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' }),
          httpApi.metricIntegrationLatency({ period: PERIOD, statistic: 'p99', label: 'integration p99' }),
        ],
        width: 12,
      }),
    );

    if (fns.length > 0) {
      this.dashboard.addWidgets(
        new cloudwatch.GraphWidget({
          title: 'Lambda errors',
          left: fns.map(([name, f]) => f.fn.metricErrors({ period: PERIOD, statistic: 'Sum', label: name })),
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: 'Lambda duration p99',
          left: fns.map(([name, f]) => f.fn.metricDuration({ period: PERIOD, statistic: 'p99', label: name })),
          width: 8,
        }),
        new cloudwatch.GraphWidget({
          title: 'Lambda throttles',
          left: fns.map(([name, f]) => f.fn.metricThrottles({ period: PERIOD, statistic: 'Sum', label: name })),
          width: 8,
        }),
      );
    }

    const targeted = Object.entries(props.p99TargetsMs ?? P99_TARGETS_MS).filter(([name]) => props.functions.has(name));
    if (targeted.length > 0) {
      this.dashboard.addWidgets(
        new cloudwatch.GraphWidget({
          title: 'HTTP functions p99 against their targets',
          left: targeted.map(([name, target]) =>
            props.functions.get(name)!.fn.metricDuration({ period: PERIOD, statistic: 'p99', label: `${name} (target ${target} ms)` }),
          ),
          leftAnnotations: [...new Set(targeted.map(([, target]) => target))].map((target) => ({ value: target, label: `${target} ms` })),
          width: 24,
        }),
      );
    }

    // The business metrics the handlers emit (functions/commons/powertools.ts BUSINESS_METRICS), named.
    const business = (metricName: string, label: string) =>
      new cloudwatch.Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: POWERTOOLS_SERVICE_NAME },
        statistic: 'Sum',
        period: PERIOD,
        label,
      });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Paper orders',
        left: [business('OrdersPlaced', 'Placed'), business('OrdersBlocked', 'Blocked by a compliance check'), business('Fills', 'Fills')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Market-data ingestion',
        left: [business('ContractsStored', 'Contracts stored')],
        right: [business('IngestFailures', 'Underlyings that failed')],
        width: 12,
      }),
    );

    const broker = this.brokerMetrics();
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Broker proxy answers (Alpaca)',
        left: Object.values(broker.usingMetrics),
        stacked: true,
        right: [
          new cloudwatch.MathExpression({
            expression: `IF(${broker.total} > 0, 100 * (${broker.failed}) / (${broker.total}), 0)`,
            usingMetrics: broker.usingMetrics,
            period: PERIOD,
            label: '5xx and no answer (%)',
          }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Bulk uploads',
        left: [this.appMetric(UPLOAD_FAILED_METRIC, {}, 'Sum', PERIOD, 'Upload jobs that failed')],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Scheduled jobs (watchdog)',
        left: (props.watchedJobs ?? WATCHED_SCHEDULES.map((s) => s.id)).map((job) =>
          this.appMetric(MISSING_RUN_METRIC, { job }, 'Maximum', Duration.hours(1), `${job} run missing`),
        ),
        right: stoppableJobs(props).map((job) => this.appMetric(SCHEDULER_STOPPED_METRIC, { job }, 'Maximum', Duration.hours(1), `${job} stopped too long`)),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues',
        left: [...props.deadLetterQueues].map(([name, queue]) =>
          queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum', label: name }),
        ),
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Table throttles',
        left: [this.tableThrottles(props.table)],
        width: 8,
      }),
    );

    // Powertools Metrics publishes in Embedded Metric Format with the `service` dimension; a search
    // expression picks up every metric the handlers add without listing them here.
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: `App metrics (${METRICS_NAMESPACE})`,
        left: [
          new cloudwatch.MathExpression({
            expression: `SEARCH('{${METRICS_NAMESPACE},service} service="${POWERTOOLS_SERVICE_NAME}"', 'Sum', ${PERIOD.toSeconds()})`,
            label: '',
            period: PERIOD,
            usingMetrics: {},
          }),
        ],
        width: 24,
      }),
    );
  }

  /** An alarm to the topic; its description ends with the runbook section (`anchor`) that says what to do. */
  private alarm(
    id: string,
    anchor: string,
    description: string,
    metric: cloudwatch.IMetric,
    threshold: number,
    opts: { comparison?: cloudwatch.ComparisonOperator; evaluationPeriods?: number } = {},
  ) {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${this.stackName}-${id}`,
      alarmDescription: `${description} Runbook: ${RUNBOOK_PATH}#${anchor}`,
      metric,
      threshold,
      evaluationPeriods: opts.evaluationPeriods ?? 1,
      comparisonOperator: opts.comparison ?? cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.alarms.push(alarm);
  }

  private defineAlarms(props: ObservabilityStackProps) {
    const { httpApi } = props;
    this.alarm(
      'Api5xxRate',
      'api-5xx-rate',
      `More than ${API_5XX_RATE_PERCENT}% of API requests answered 5xx over five minutes (with at least ${API_5XX_MIN_REQUESTS} requests).`,
      new cloudwatch.MathExpression({
        expression: `IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`,
        usingMetrics: {
          requests: httpApi.metricCount({ period: PERIOD, statistic: 'Sum' }),
          errors: httpApi.metricServerError({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
        label: '5xx rate (%)',
      }),
      API_5XX_RATE_PERCENT,
      { comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD },
    );

    for (const [name, f] of props.functions) {
      this.alarm(
        `${pascal(name)}Errors`,
        'lambda-errors',
        `The ${name} Lambda failed (an invocation error or timeout) in the last five minutes.`,
        f.fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
      this.alarm(
        `${pascal(name)}Throttles`,
        'lambda-throttles',
        `The ${name} Lambda was throttled (out of concurrency) in the last five minutes.`,
        f.fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
    }

    // p99 of the function's own duration (the time its code took, the gateway's few milliseconds aside) against the
    // target of its routes; a five-minute period with too few invocations to have a p99 worth the name reads 0.
    for (const [name, target] of Object.entries(props.p99TargetsMs ?? P99_TARGETS_MS)) {
      const f = props.functions.get(name);
      if (!f) continue;
      this.alarm(
        `${pascal(name)}LatencyP99`,
        'p99-latency-over-target',
        `The ${name} Lambda's p99 duration stayed above its ${target} ms target for ${LATENCY_PERIODS * 5} minutes (periods of five minutes with at least ${LATENCY_MIN_INVOCATIONS} invocations).`,
        new cloudwatch.MathExpression({
          expression: `IF(invocations >= ${LATENCY_MIN_INVOCATIONS}, p99, 0)`,
          usingMetrics: {
            invocations: f.fn.metricInvocations({ period: PERIOD, statistic: 'Sum' }),
            p99: f.fn.metricDuration({ period: PERIOD, statistic: 'p99' }),
          },
          period: PERIOD,
          label: `${name} p99 (ms)`,
        }),
        target,
        { comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: LATENCY_PERIODS },
      );
    }

    for (const [name, queue] of props.deadLetterQueues) {
      this.alarm(
        `${pascal(name)}Message`,
        'dead-letter-queue-message',
        `A message is waiting in the dead-letter queue ${name}: something gave up on a delivery. Read it, fix the cause, redrive it.`,
        queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        1,
      );
    }

    // The watchdog reports 1 per job on weekday evenings when that job's run failed or did not run; it does not run on
    // weekends, so there is no data then, and no data is fine.
    for (const job of props.watchedJobs ?? WATCHED_SCHEDULES.map((s) => s.id)) {
      this.alarm(
        `${pascal(job)}RunMissing`,
        'scheduled-run-missing',
        `Today's weekday ${job} run failed or did not run (the job watchdog found no successful scheduled run since it fell due).`,
        this.appMetric(MISSING_RUN_METRIC, { job }, 'Maximum', Duration.hours(1)),
        1,
      );
    }

    // The same watchdog reports 1 per job stopped on purpose since before its last due run of an earlier trading day.
    for (const job of stoppableJobs(props)) {
      this.alarm(
        `${pascal(job)}SchedulerStopped`,
        'scheduler-stopped-too-long',
        `The ${job} schedule has been stopped for more than a trading day (the job watchdog found it stopped since before an earlier day's due run).`,
        this.appMetric(SCHEDULER_STOPPED_METRIC, { job }, 'Maximum', Duration.hours(1)),
        1,
      );
    }

    this.alarm(
      'UploadFailed',
      'upload-failed',
      'A bulk upload job ended without finishing its file (an exception, not rejected rows) in the last five minutes.',
      this.appMetric(UPLOAD_FAILED_METRIC, {}, 'Sum', PERIOD),
      1,
    );

    const broker = this.brokerMetrics();
    this.alarm(
      'BrokerProxyErrorRate',
      'broker-proxy-errors',
      `More than ${BROKER_ERROR_RATE_PERCENT}% of calls to Alpaca answered 5xx or got no answer over five minutes (with at least ${BROKER_MIN_CALLS} calls).`,
      new cloudwatch.MathExpression({
        expression: `IF(${broker.total} >= ${BROKER_MIN_CALLS}, 100 * (${broker.failed}) / (${broker.total}), 0)`,
        usingMetrics: broker.usingMetrics,
        period: PERIOD,
        label: 'Alpaca 5xx and no answer (%)',
      }),
      BROKER_ERROR_RATE_PERCENT,
      { comparison: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD },
    );

    this.alarm(
      'TableThrottles',
      'table-throttles',
      'DynamoDB throttled reads or writes on the table or an index in the last five minutes (the on-demand maximum throughput or a hot partition).',
      this.tableThrottles(props.table),
      1,
    );
  }

  /** Read and write throttle events of the table and of each index, summed. */
  private tableThrottles(table: dynamodb.ITableV2) {
    const throttles: Record<string, cloudwatch.IMetric> = {};
    const tableMetric = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: index ? { TableName: table.tableName, GlobalSecondaryIndexName: index } : { TableName: table.tableName },
        statistic: 'Sum',
        period: PERIOD,
      });
    for (const [i, index] of [undefined, ...GLOBAL_SECONDARY_INDEXES.map((g) => g.indexName)].entries()) {
      throttles[`reads${i}`] = tableMetric('ReadThrottleEvents', index);
      throttles[`writes${i}`] = tableMetric('WriteThrottleEvents', index);
    }
    return new cloudwatch.MathExpression({ expression: Object.keys(throttles).join(' + '), usingMetrics: throttles, period: PERIOD, label: 'Throttle events' });
  }

  /** A metric the handlers publish with Powertools (namespace OptionsAcademy, the `service` dimension and any others). */
  private appMetric(metricName: string, dimensions: Record<string, string>, statistic: string, period: Duration, label?: string) {
    return new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName,
      dimensionsMap: { service: POWERTOOLS_SERVICE_NAME, ...dimensions },
      statistic,
      period,
      label,
    });
  }

  /** The Alpaca calls by status class (each series 0 where a class had no call), with the math of all and of the failed. */
  private brokerMetrics() {
    const id = (c: BrokerStatusClass) => (c === 'network' ? 'network' : `s${c}`);
    const usingMetrics = Object.fromEntries(
      BROKER_STATUS_CLASSES.map((c) => [id(c), this.appMetric(BROKER_RESPONSE_METRIC, { statusClass: c }, 'Sum', PERIOD, c)]),
    );
    const filled = (c: BrokerStatusClass) => `FILL(${id(c)}, 0)`;
    return {
      usingMetrics,
      total: BROKER_STATUS_CLASSES.map(filled).join(' + '),
      failed: [filled('5xx'), filled('network')].join(' + '),
    };
  }
}
