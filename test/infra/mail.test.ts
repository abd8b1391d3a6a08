import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildTestApp, logicalIdOf } from './helpers';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
const statementsOf = (template: Template, roleLogicalId: string): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleLogicalId }] } })).flatMap(
    (p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
  );
const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat());

describe('alert e-mails in AWS (SES v2)', () => {
  const { stacks } = buildTestApp({ context: { mailFrom: 'alerts@academy.example', siteUrl: 'https://academy.example' } });
  const events = Template.fromStack(stacks.events);
  const sender = stacks.events.consumers.find((c) => c.node.id === 'sendAlertEmail')!;

  it('sends through a configuration set of the stage that requires TLS and keeps reputation metrics', () => {
    events.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'options-academy-dev-mail',
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      ReputationOptions: { ReputationMetricsEnabled: true },
    });
  });

  it("grants ses:SendEmail to the alert e-mails' consumer alone, only from the context identity and through that configuration set", () => {
    const ses = statementsOf(events, logicalIdOf(sender.role)).filter((s) => actionsOf([s]).some((a) => a.startsWith('ses:')));
    expect(ses).toHaveLength(1);
    expect(ses[0]!.Action).toBe('ses:SendEmail');
    const resources = JSON.stringify(stacks.events.resolve(ses[0]!.Resource));
    expect(resources).toContain(':identity/alerts@academy.example');
    expect(resources).toContain(':identity/academy.example');
    expect(resources).toContain(':configuration-set/options-academy-dev-mail');
    expect(resources).not.toMatch(/identity\/\*|"\*"/);
    expect(ses[0]!.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'alerts@academy.example' } });
    for (const consumer of stacks.events.consumers.filter((c) => c !== sender)) {
      expect(
        actionsOf(statementsOf(events, logicalIdOf(consumer.role))).filter((a) => a.startsWith('ses:')),
        consumer.node.id,
      ).toEqual([]);
    }
    const api = Template.fromStack(stacks.api);
    for (const [id, fn] of stacks.api.functions)
      expect(
        actionsOf(statementsOf(api, logicalIdOf(fn.role))).filter((a) => a.startsWith('ses:')),
        id,
      ).toEqual([]);
  });

  it("tells the consumer the identity, the configuration set and the site, and lets it read the learner's address and the links' key only", () => {
    const variables = events.toJSON().Resources[logicalIdOf(sender.fn)].Properties.Environment.Variables as Record<string, unknown>;
    expect(variables).toMatchObject({
      MAIL_FROM: 'alerts@academy.example',
      MAIL_CONFIGURATION_SET: 'options-academy-dev-mail',
      SITE_URL: 'https://academy.example',
      SECRET_PREFIX: 'options-academy/dev',
    });
    expect(variables.USER_POOL_ID).toBeDefined();
    expect(variables.MAIL_DIR).toBeUndefined();
    const statements = statementsOf(events, logicalIdOf(sender.role));
    expect(actionsOf(statements).filter((a) => a.startsWith('cognito-idp:'))).toEqual(['cognito-idp:AdminGetUser']);
    const secrets = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('secretsmanager:')));
    expect(secrets.map((s) => JSON.stringify(stacks.events.resolve(s.Resource)))).toEqual([
      expect.stringMatching(/:secret:options-academy\/dev\/unsubscribe-\?{6}"/),
    ]);
  });

  it('keeps the unsubscribe key as a generated secret of the stage', () => {
    Template.fromStack(stacks.data).hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'options-academy/dev/unsubscribe',
      GenerateSecretString: { PasswordLength: 48, ExcludePunctuation: true },
    });
  });

  it('without a sending identity, grants no SES and sets no mail variables (no e-mail is sent)', () => {
    const bare = buildTestApp().stacks;
    const template = Template.fromStack(bare.events);
    const consumer = bare.events.consumers.find((c) => c.node.id === 'sendAlertEmail')!;
    expect(actionsOf(statementsOf(template, logicalIdOf(consumer.role))).filter((a) => a.startsWith('ses:'))).toEqual([]);
    const fn = template.toJSON().Resources[logicalIdOf(consumer.fn)].Properties.Environment.Variables as Record<string, unknown>;
    expect(fn.MAIL_FROM).toBeUndefined();
  });

  it('refuses a mailFrom that is not an address, or one without the site it links to', () => {
    expect(() => buildTestApp({ context: { mailFrom: 'alerts', siteUrl: 'https://academy.example' } })).toThrow('is not an e-mail address');
    expect(() => buildTestApp({ context: { mailFrom: 'alerts@academy.example' } })).toThrow('needs siteUrl');
  });
});
