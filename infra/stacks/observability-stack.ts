import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { resourceName, type StageConfig } from '../config';
import { METRICS_NAMESPACE, POWERTOOLS_SERVICE_NAME, type AppFunction } from '../constructs/app-function';

export interface ObservabilityStackProps extends StackProps {
  config: StageConfig;
  httpApi: apigwv2.IHttpApi;
  /** Every Lambda of the app, by its definition id. */
  functions: ReadonlyMap<string, AppFunction>;
}

const PERIOD = Duration.minutes(5);

/** The operators' dashboard: API traffic and errors, Lambda errors and durations, and the app's own EMF metrics. */
export class ObservabilityStack extends Stack {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityStackProps) {
    super(scope, id, props);
    const { httpApi } = props;
    const fns = [...props.functions.entries()];

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: resourceName(props.config),
      defaultInterval: Duration.hours(24),
    });

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
}
