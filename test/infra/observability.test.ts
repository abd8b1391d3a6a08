import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { MISSING_RUN_METRIC } from '../../functions/jobs/job-watchdog';
import { WATCHED_SCHEDULES } from '../../functions/jobs/schedules';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { API_5XX_MIN_REQUESTS, API_5XX_RATE_PERCENT } from '../../infra/stacks/observability-stack';
import { buildTestApp, logicalIdOf } from './helpers';

interface AlarmProps {
  AlarmName: string;
  AlarmActions: unknown[];
  TreatMissingData: string;
  Threshold: number;
  ComparisonOperator: string;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Statistic?: string;
  Period?: number;
  Metrics?: {
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] } };
  }[];
}

describe('the alarms (Observability stack)', () => {
  let stacks: OptionsAcademyStacks;
  let template: Template;
  let alarms: AlarmProps[];
  beforeAll(() => {
    stacks = buildTestApp({ alarmEmail: 'ops@example.com' }).stacks;
    template = Template.fromStack(stacks.observability);
    alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((r) => (r as { Properties: AlarmProps }).Properties);
  });
  const topicRef = () => ({ Ref: logicalIdOf(stacks.observability.alarmTopic) });
  const byMetric = (name: string) => alarms.filter((a) => a.MetricName === name);

  it('sends every alarm to one SNS topic, TLS only, which e-mails the address given as alarmEmail', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.AlarmName).toEqual([topicRef()]);
      expect(alarm.TreatMissingData, alarm.AlarmName).toBe('notBreaching');
    }
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: topicRef() });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('takes the address from the context value alarmEmail, has no subscriber without one, and refuses one that is not an address', () => {
    const fromContext = buildTestApp({ context: { alarmEmail: 'oncall@example.com' } }).stacks.observability;
    Template.fromStack(fromContext).hasResourceProperties('AWS::SNS::Subscription', { Endpoint: 'oncall@example.com' });
    Template.fromStack(buildTestApp().stacks.observability).resourceCountIs('AWS::SNS::Subscription', 0);
    expect(() => buildTestApp({ alarmEmail: 'not-an-address' })).toThrow(/alarmEmail/);
  });

  it("alarms on the API's 5xx rate, ignoring five minutes with too few requests to judge", () => {
    const rate = alarms.find((a) => a.Metrics?.some((m) => m.Expression?.includes('errors / requests')))!;
    expect(rate.Metrics!.find((m) => m.Expression)!.Expression).toBe(`IF(requests >= ${API_5XX_MIN_REQUESTS}, 100 * errors / requests, 0)`);
    expect(
      rate
        .Metrics!.filter((m) => m.MetricStat)
        .map((m) => m.MetricStat!.Metric.MetricName)
        .sort(),
    ).toEqual(['5xx', 'Count']);
    expect(rate).toMatchObject({ Threshold: API_5XX_RATE_PERCENT, ComparisonOperator: 'GreaterThanThreshold' });
  });

  it('alarms on errors and throttles of every Lambda, one alarm each', () => {
    const functions = [
      ...stacks.api.functions.values(),
      stacks.api.bearerAuthorizer,
      ...stacks.events.consumers,
      stacks.events.enrichment,
      ...stacks.ingest.jobs.values(),
    ];
    for (const metric of ['Errors', 'Throttles']) {
      const watched = byMetric(metric).map((a) => JSON.stringify(a.Dimensions));
      expect(watched.length, metric).toBe(functions.length);
      for (const f of functions)
        expect(
          watched.some((d) => d.includes(logicalIdOf(f.fn))),
          `${metric} ${f.node.path}`,
        ).toBe(true);
    }
  });

  it('alarms on any message in any dead-letter queue: per event rule, the outbox Pipe and the schedules', () => {
    const queues = [...stacks.events.deadLetters.values(), stacks.events.outboxDeadLetters, stacks.ingest.deadLetters!];
    const watched = byMetric('ApproximateNumberOfMessagesVisible');
    expect(watched).toHaveLength(queues.length);
    for (const alarm of watched) expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', Statistic: 'Maximum' });
    const names = JSON.stringify(stacks.observability.resolve(watched.map((a) => a.Dimensions)));
    for (const q of queues) expect(names).toContain(logicalIdOf(q));
  });

  it('alarms when the watchdog reports a weekday ingest or settle run that failed or did not run', () => {
    const watched = byMetric(MISSING_RUN_METRIC);
    expect(watched.map((a) => a.Dimensions!.find((d) => d.Name === 'job')!.Value).sort()).toEqual(WATCHED_SCHEDULES.map((s) => s.id).sort());
    for (const alarm of watched) expect(alarm).toMatchObject({ Namespace: 'OptionsAcademy', Threshold: 1, Statistic: 'Maximum' });
    // The watchdog itself runs on the weekday schedule, with its own Lambda (and its errors alarm).
    expect(stacks.ingest.jobs.has('jobWatchdog')).toBe(true);
  });

  it('alarms on DynamoDB throttling of the table and its indexes', () => {
    const throttles = alarms.find((a) => a.Metrics?.some((m) => m.MetricStat?.Metric.MetricName === 'WriteThrottleEvents'))!;
    const metrics = throttles.Metrics!.filter((m) => m.MetricStat).map((m) => m.MetricStat!.Metric);
    expect(metrics.map((m) => m.MetricName).sort()).toEqual([
      'ReadThrottleEvents',
      'ReadThrottleEvents',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
      'WriteThrottleEvents',
      'WriteThrottleEvents',
    ]);
    expect(metrics.every((m) => m.Namespace === 'AWS/DynamoDB')).toBe(true);
  });

  it('shows every alarm on the dashboard', () => {
    const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as { Properties: { DashboardBody: unknown } };
    const body = JSON.stringify(stacks.observability.resolve(dashboard.Properties.DashboardBody));
    expect(body).toContain('"type\\":\\"alarm\\"');
    for (const alarm of stacks.observability.alarms) expect(body).toContain(logicalIdOf(alarm));
    expect(stacks.observability.alarms).toHaveLength(alarms.length);
  });
});
