import { BUSINESS_METRICS } from '../../functions/commons/powertools';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackName } from '../../infra/config';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { buildTestApp } from './helpers';

describe('the app', () => {
  let stacks: OptionsAcademyStacks;
  beforeAll(() => {
    stacks = buildTestApp({ stage: 'staging' }).stacks;
  });

  it('names stacks OptionsAcademy-<Stage>-<Part> and keeps them environment-agnostic for an offline synth, but for the Edge stack in us-east-1', () => {
    expect(Object.values(stacks).map((s) => s.stackName)).toEqual([
      'OptionsAcademy-Staging-Data',
      'OptionsAcademy-Staging-Auth',
      'OptionsAcademy-Staging-Events',
      'OptionsAcademy-Staging-Api',
      'OptionsAcademy-Staging-Ingest',
      'OptionsAcademy-Staging-Edge',
      'OptionsAcademy-Staging-Web',
      'OptionsAcademy-Staging-Observability',
      'OptionsAcademy-Staging-Upload',
      'OptionsAcademy-Staging-Ticker',
    ]);
    expect(stackName('blue-green', 'Api')).toBe('OptionsAcademy-BlueGreen-Api');
    for (const stack of Object.values(stacks)) {
      // CloudFront's web ACL must be made in us-east-1, wherever the rest of the app is deployed.
      expect(stack.environment).toBe(stack === stacks.edge ? 'aws://unknown-account/us-east-1' : 'aws://unknown-account/unknown-region');
    }
  });

  it('tags everything with the project and the stage', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          Tags: Match.arrayWith([
            { Key: 'project', Value: 'options-academy' },
            { Key: 'stage', Value: 'staging' },
          ]),
        }),
      ],
    });
    Template.fromStack(stacks.api).hasResourceProperties('AWS::Lambda::Function', {
      Tags: Match.arrayWith([{ Key: 'stage', Value: 'staging' }]),
    });
  });

  it('draws a dashboard of API 4xx/5xx, Lambda errors and durations, and the Powertools EMF metrics', () => {
    const template = Template.fromStack(stacks.observability);
    const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as {
      Properties: { DashboardName: string; DashboardBody: unknown };
    };
    expect(dashboard.Properties.DashboardName).toBe('options-academy-staging');
    const body = JSON.stringify(stacks.observability.resolve(dashboard.Properties.DashboardBody));
    for (const text of ['4xx', '5xx', 'Errors', 'Duration', 'OptionsAcademy', 'SEARCH(']) expect(body).toContain(text);
  });

  it('shows every business metric the handlers emit by name', () => {
    const template = Template.fromStack(stacks.observability);
    const dashboard = Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0] as { Properties: { DashboardBody: unknown } };
    const body = JSON.stringify(stacks.observability.resolve(dashboard.Properties.DashboardBody));
    for (const name of Object.values(BUSINESS_METRICS)) expect(body).toContain(`\\"OptionsAcademy\\",\\"${name}\\"`);
  });
});
