import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildTestApp, logicalIdOf } from './helpers';

type Statement = { Action: string | string[]; Resource: unknown };
const secretArn = (name: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':secretsmanager:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:secret:${name}`]],
});

describe("the Kite login's function in AWS", () => {
  const { stacks } = buildTestApp();
  const statementsOf = (fn: { role: Parameters<typeof logicalIdOf>[0] }): Statement[] =>
    Object.values(Template.fromStack(Stack.of(fn.role)).findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: logicalIdOf(fn.role) }] } })).flatMap(
      (p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
    );
  const kite = stacks.api.functions.get('kiteLogin')!;

  it('reads the keys, and reads and writes the session, of the two Kite secrets and of no other secret', () => {
    // Besides the origin-verify value every API function reads (functions/origin.ts), only the two Kite secrets.
    const secrets = statementsOf(kite).filter(
      (s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')) && JSON.stringify(s.Resource).includes(':secret:'),
    );
    const others = statementsOf(kite).filter((s) => [s.Action].flat().some((a) => a.startsWith('secretsmanager:')) && !secrets.includes(s));
    expect(others.map((s) => JSON.stringify(s.Resource))).toEqual([expect.stringContaining('OriginVerify')]);
    expect(secrets.map((s) => s.Resource)).toEqual([secretArn('options-academy/dev/kite-??????'), secretArn('options-academy/dev/kite-session-??????')]);
    expect([secrets[0]!.Action].flat().sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    expect([secrets[1]!.Action].flat().sort()).toEqual([
      'secretsmanager:CreateSecret',
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'secretsmanager:PutSecretValue',
    ]);
    // Nothing else: no table, no bus; beyond its logs and traces only the user pool's word on who is an operator.
    const services = new Set(statementsOf(kite).flatMap((s) => [s.Action].flat().map((a) => a.split(':')[0])));
    expect([...services].sort()).toEqual(['cognito-idp', 'logs', 'secretsmanager', 'xray']);
    Template.fromStack(Stack.of(kite.fn)).hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SECRET_PREFIX: 'options-academy/dev' }) },
    });
  });

  it('is the only function that may write the Kite session; the Indian chain only reads the two Kite secrets', () => {
    for (const [id, fn] of stacks.api.functions) {
      if (id === 'kiteLogin') continue;
      const onKite = statementsOf(fn).filter((s) => JSON.stringify(s.Resource).includes('/kite'));
      if (id !== 'india') expect(onKite, id).toEqual([]);
      else expect(onKite.flatMap((s) => [s.Action].flat()).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    }
  });

  it('lets the Indian end-of-day job read the two Kite secrets, and no other job touch them', () => {
    for (const [id, job] of stacks.ingest.jobs) {
      const onKite = statementsOf(job).filter((s) => JSON.stringify(s.Resource).includes('/kite'));
      if (id !== 'indiaEod') expect(onKite, id).toEqual([]);
      else {
        expect(onKite.flatMap((s) => [s.Action].flat()).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
        const resources = JSON.stringify(onKite.map((s) => s.Resource));
        expect(resources).toContain(':secret:options-academy/dev/kite-??????');
        expect(resources).toContain(':secret:options-academy/dev/kite-session-??????');
      }
    }
  });
});
