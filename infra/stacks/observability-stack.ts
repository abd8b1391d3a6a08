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
import { MISSING_RUN_METRIC } from '../../functions/jobs/job-watchdog';
import { WATCHED_SCHEDULES } from '../../functions/jobs/schedules';
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
  /** Where alarms are e-mailed (context value `alarmEmail`); without it the topic has no subscriber yet. */
  alarmEmail?: string;
}

const PERIOD = Duration.minutes(5);
/** The API's 5xx rate (in %) that alarms, over five minutes with at least this many requests (so one error in three is not an alarm). */
export const API_5XX_RATE_PERCENT = 5;
export const API_5XX_MIN_REQUESTS = 20;

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
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.alarms,
        sortBy: cloudwatch.AlarmStatusWidgetSortBy.STATE_UPDATED_TIMESTAMP,
        width: 24,
        height: Math.max(3, Math.ceil(this.alarms.length / 4) + 1),
      }),
    );

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

  private alarm(id: string, description: string, metric: cloudwatch.IMetric, threshold: number, opts: { comparison?: cloudwatch.ComparisonOperator } = {}) {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${this.stackName}-${id}`,
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: 1,
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
      const pascal = name.charAt(0).toUpperCase() + name.slice(1);
      this.alarm(
        `${pascal}Errors`,
        `The ${name} Lambda failed (an invocation error or timeout) in the last five minutes.`,
        f.fn.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
      this.alarm(
        `${pascal}Throttles`,
        `The ${name} Lambda was throttled (out of concurrency) in the last five minutes.`,
        f.fn.metricThrottles({ period: PERIOD, statistic: 'Sum' }),
        1,
      );
    }

    for (const [name, queue] of props.deadLetterQueues) {
      this.alarm(
        `${name.charAt(0).toUpperCase() + name.slice(1)}Message`,
        `A message is waiting in the dead-letter queue ${name}: something gave up on a delivery. Read it, fix the cause, redrive it.`,
        queue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        1,
      );
    }

    // The watchdog reports 1 per job on weekday evenings when that job's run failed or did not run; it does not run on
    // weekends, so there is no data then, and no data is fine.
    for (const job of props.watchedJobs ?? WATCHED_SCHEDULES.map((s) => s.id)) {
      this.alarm(
        `${job.charAt(0).toUpperCase() + job.slice(1)}RunMissing`,
        `Today's weekday ${job} run failed or did not run (the job watchdog found no successful scheduled run since it fell due).`,
        new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: MISSING_RUN_METRIC,
          dimensionsMap: { service: POWERTOOLS_SERVICE_NAME, job },
          statistic: 'Maximum',
          period: Duration.hours(1),
        }),
        1,
      );
    }

    const throttles: Record<string, cloudwatch.IMetric> = {};
    const tableMetric = (metricName: string, index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: index ? { TableName: props.table.tableName, GlobalSecondaryIndexName: index } : { TableName: props.table.tableName },
        statistic: 'Sum',
        period: PERIOD,
      });
    for (const [i, index] of [undefined, ...GLOBAL_SECONDARY_INDEXES.map((g) => g.indexName)].entries()) {
      throttles[`reads${i}`] = tableMetric('ReadThrottleEvents', index);
      throttles[`writes${i}`] = tableMetric('WriteThrottleEvents', index);
    }
    this.alarm(
      'TableThrottles',
      'DynamoDB throttled reads or writes on the table or an index in the last five minutes (the on-demand maximum throughput or a hot partition).',
      new cloudwatch.MathExpression({ expression: Object.keys(throttles).join(' + '), usingMetrics: throttles, period: PERIOD, label: 'Throttle events' }),
      1,
    );
  }
}
