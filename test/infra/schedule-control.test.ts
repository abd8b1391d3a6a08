import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROLLABLE_SCHEDULES } from '../../functions/jobs/schedules';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { buildTestApp, expectImportOf, logicalIdOf } from './helpers';

/** The data manager's Stop and Start: the operations function may change exactly the controllable schedules. */
describe('schedule control grants', () => {
  let stacks: OptionsAcademyStacks;
  let ingest: Template;
  beforeAll(() => {
    stacks = buildTestApp().stacks;
    ingest = Template.fromStack(stacks.ingest);
  });

  it('grants GetSchedule and UpdateSchedule on exactly the controllable schedules, and PassRole on their roles only towards the Scheduler', () => {
    const operations = stacks.api.functions.get('operations')!;
    const policies = ingest.findResources('AWS::IAM::Policy', { Properties: { PolicyName: Match.stringLikeRegexp('ScheduleControl') } });
    expect(Object.keys(policies)).toHaveLength(1);
    const policy = Object.values(policies)[0]!.Properties as {
      Roles: unknown[];
      PolicyDocument: { Statement: { Action: unknown; Resource: unknown; Condition?: unknown }[] };
    };
    expect(policy.Roles).toEqual([expectImportOf(operations.fn.role!)]);
    const [scheduler, passRole] = policy.PolicyDocument.Statement;
    expect(scheduler!.Action).toEqual(['scheduler:GetSchedule', 'scheduler:UpdateSchedule']);
    const ids = CONTROLLABLE_SCHEDULES.map((s) => s.id);
    const scheduleOf = (id: string) => stacks.ingest.schedules.find((s) => s.node.id === `${id}Schedule`)!;
    expect(scheduler!.Resource).toEqual(ids.map((id) => ({ 'Fn::GetAtt': [logicalIdOf(scheduleOf(id)), 'Arn'] })));
    expect(passRole!.Action).toBe('iam:PassRole');
    expect(passRole!.Resource).toEqual(ids.map((id) => ({ 'Fn::GetAtt': [expect.stringMatching(`^${id}SchedulerRole`), 'Arn'] })));
    expect(passRole!.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('tells the function its schedule group, and grants nothing on schedules to any other function', () => {
    const api = Template.fromStack(stacks.api);
    api.hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('data manager'),
      Environment: { Variables: Match.objectLike({ SCHEDULE_GROUP: 'options-academy-dev' }) },
    });
    for (const stack of [stacks.api, stacks.ingest, stacks.events]) {
      const text = JSON.stringify(Template.fromStack(stack).findResources('AWS::IAM::Policy'));
      const mentions = text.match(/scheduler:(Get|Update)Schedule/g) ?? [];
      // One statement naming both actions, in the ingest stack's one policy.
      expect(mentions.length).toBe(stack === stacks.ingest ? 2 : 0);
    }
  });
});
