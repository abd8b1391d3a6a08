import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROKER_RESPONSE_METRIC } from '../../functions/adapters/alpaca/alpaca-client';
import { MISSING_RUN_METRIC } from '../../functions/jobs/job-watchdog';
import { CONTROLLABLE_SCHEDULES, WATCHED_SCHEDULES } from '../../functions/jobs/schedules';
import { P99_TARGETS_MS } from '../../functions/latency-targets';
import { httpFunctions } from '../../functions/routes';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { REPO_ROOT } from '../../infra/constructs/app-function';
import {
  ALARMS_PER_WIDGET,
  API_5XX_MIN_REQUESTS,
  API_5XX_RATE_PERCENT,
  BROKER_ERROR_RATE_PERCENT,
  BROKER_MIN_CALLS,
  LATENCY_MIN_INVOCATIONS,
  LATENCY_PERIODS,
  SCHEDULER_STOPPED_METRIC,
  RUNBOOK_PATH,
  UPLOAD_FAILED_METRIC,
} from '../../infra/stacks/observability-stack';
import { buildTestApp, logicalIdOf } from './helpers';

interface AlarmProps {
  AlarmName: string;
  AlarmDescription: string;
  EvaluationPeriods: number;
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
    MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] }; Stat: string };
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
      stacks.upload.job,
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

  it('alarms on any message in any dead-letter queue: per event rule, the outbox Pipe, the schedules and the upload job', () => {
    const queues = [...stacks.events.deadLetters.values(), stacks.events.outboxDeadLetters, stacks.ingest.deadLetters!, stacks.upload.deadLetters];
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

  it('alarms when an HTTP function with a latency target keeps a p99 above it, judged only over busy periods', () => {
    const latency = alarms.filter((a) => a.Metrics?.some((m) => m.MetricStat?.Stat === 'p99'));
    expect(latency).toHaveLength(Object.keys(P99_TARGETS_MS).length);
    for (const [name, target] of Object.entries(P99_TARGETS_MS)) {
      const fn = stacks.api.functions.get(name)!;
      const alarm = latency.find((a) => JSON.stringify(a.Metrics).includes(logicalIdOf(fn.fn)))!;
      expect(alarm, name).toMatchObject({ Threshold: target, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: LATENCY_PERIODS });
      expect(alarm.Metrics!.find((m) => m.Expression)!.Expression).toBe(`IF(invocations >= ${LATENCY_MIN_INVOCATIONS}, p99, 0)`);
      const stats = alarm.Metrics!.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat!.Metric.MetricName, m.MetricStat!.Stat]);
      expect(stats.sort()).toEqual([
        ['invocations', 'Invocations', 'Sum'],
        ['p99', 'Duration', 'p99'],
      ]);
    }
  });

  it("names only HTTP functions that exist, each with a p99 target the README's performance table states", () => {
    const ids = httpFunctions.map((f) => f.id);
    for (const name of Object.keys(P99_TARGETS_MS)) expect(ids, name).toContain(name);
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const performance = readme.slice(readme.indexOf('\n## Performance'), readme.indexOf('\n## ', readme.indexOf('\n## Performance') + 1));
    const stated = new Set([...performance.matchAll(/p99 ≤ (\d+) ms/g)].map((m) => Number(m[1])));
    for (const [name, target] of Object.entries(P99_TARGETS_MS)) expect([...stated], name).toContain(target);
  });

  it("alarms on the share of Alpaca calls that answered 5xx or got no answer, not on the learners' 4xx", () => {
    const broker = alarms.find((a) => a.Metrics?.some((m) => m.MetricStat?.Metric.MetricName === BROKER_RESPONSE_METRIC))!;
    expect(broker).toMatchObject({ Threshold: BROKER_ERROR_RATE_PERCENT, ComparisonOperator: 'GreaterThanThreshold' });
    const classes = Object.fromEntries(
      broker.Metrics!.filter((m) => m.MetricStat).map((m) => [m.Id, m.MetricStat!.Metric.Dimensions!.find((d) => d.Name === 'statusClass')!.Value]),
    );
    expect(classes).toEqual({ s2xx: '2xx', s4xx: '4xx', s5xx: '5xx', network: 'network' });
    for (const m of broker.Metrics!.filter((x) => x.MetricStat)) expect(m.MetricStat!.Metric.Namespace).toBe('OptionsAcademy');
    const all = 'FILL(s2xx, 0) + FILL(s4xx, 0) + FILL(s5xx, 0) + FILL(network, 0)';
    expect(broker.Metrics!.find((m) => m.Expression)!.Expression).toBe(
      `IF(${all} >= ${BROKER_MIN_CALLS}, 100 * (FILL(s5xx, 0) + FILL(network, 0)) / (${all}), 0)`,
    );
  });

  it('alarms when an upload job ends without finishing its file', () => {
    const [upload, ...others] = byMetric(UPLOAD_FAILED_METRIC);
    expect(others).toEqual([]);
    expect(upload).toMatchObject({ Namespace: 'OptionsAcademy', Threshold: 1, Statistic: 'Sum', ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('alarms per job when the watchdog finds a schedule stopped for more than a trading day, for every job an operator can stop', () => {
    const watched = byMetric(SCHEDULER_STOPPED_METRIC);
    const jobs = watched.map((a) => a.Dimensions!.find((d) => d.Name === 'job')!.Value).sort();
    expect(jobs).toEqual(CONTROLLABLE_SCHEDULES.map((s) => s.id).sort());
    expect(jobs).toEqual(['ingest', 'settle']);
    for (const alarm of watched) expect(alarm).toMatchObject({ Namespace: 'OptionsAcademy', Threshold: 1, Statistic: 'Maximum', Period: 3600 });
  });

  describe('the runbook (docs/runbook.md)', () => {
    const runbook = readFileSync(path.join(REPO_ROOT, RUNBOOK_PATH), 'utf8');
    const anchors = githubAnchors(runbook);

    it("links every alarm's description to a heading that exists in it", () => {
      for (const alarm of alarms) {
        const link = / Runbook: docs\/runbook\.md#([a-z0-9_-]+)$/.exec(alarm.AlarmDescription);
        expect(link, alarm.AlarmName).not.toBeNull();
        expect([...anchors], alarm.AlarmName).toContain(link![1]);
      }
    });

    it('links only to its own headings, and names only dashboard widgets that exist', () => {
      for (const [, anchor] of runbook.matchAll(/\]\(#([^)]+)\)/g)) expect([...anchors]).toContain(anchor);
      const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as { Properties: { DashboardBody: unknown } };
      const body = JSON.stringify(stacks.observability.resolve(dashboard.Properties.DashboardBody));
      const named = [...runbook.matchAll(/widget \*\*([^*]+)\*\*/g)].map((m) => m[1]!.replace(/\s+/g, ' '));
      expect(named.length).toBeGreaterThan(10);
      for (const title of named) expect(body, title).toContain(`\\"title\\":\\"${title}\\"`);
    });
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
    // The body is one Fn::Join of JSON text and references (an alarm's ARN, a function's name): read it with each reference as a word.
    const parts = (stacks.observability.resolve(dashboard.Properties.DashboardBody) as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    const { widgets } = JSON.parse(parts.map((p) => (typeof p === 'string' ? p : 'ref')).join('')) as {
      widgets: { type: string; properties: { alarms?: unknown[] } }[];
    };
    const listed = widgets.filter((w) => w.type === 'alarm').map((w) => w.properties.alarms!.length);
    expect(listed.reduce((a, b) => a + b, 0)).toBe(alarms.length);
    for (const n of listed) expect(n).toBeLessThanOrEqual(ALARMS_PER_WIDGET);
  });
});

/**
 * The anchors GitHub gives a Markdown file's headings: lower case, inline code marks and punctuation other than hyphens
 * and underscores dropped, each space a hyphen, and a repeated anchor suffixed -1, -2, ….
 */
function githubAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}
