import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { stackName } from '../../infra/config';
import { buildTestApp, expectImportOf, type TestApp } from './helpers';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };
const secretArn = (name: string) => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':secretsmanager:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:secret:${name}`]],
});
const statementsOf = (stack: Stack, roleLogicalId: string): Statement[] =>
  Object.values(Template.fromStack(stack).findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleLogicalId }] } })).flatMap(
    (p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement,
  );
const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }): string =>
  stack.getLogicalId(construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);

describe('the India ticker service in AWS', () => {
  let built: TestApp;
  let template: Template;
  beforeAll(() => {
    built = buildTestApp();
    template = Template.fromStack(built.stacks.ticker);
  });

  it('runs exactly one task, and a deployment stops the old task before it starts the new one (never two Kite streams)', () => {
    template.resourceCountIs('AWS::ECS::Service', 1);
    template.hasResourceProperties('AWS::ECS::Service', {
      DesiredCount: 1,
      LaunchType: 'FARGATE',
      DeploymentConfiguration: Match.objectLike({
        MinimumHealthyPercent: 0,
        MaximumPercent: 100,
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
      }),
      // Rebalancing across zones starts a second task first; with 100 % maximum it must be off.
      AvailabilityZoneRebalancing: 'DISABLED',
    });
    // No scaling policy could ever raise the count.
    template.resourceCountIs('AWS::ApplicationAutoScaling::ScalableTarget', 0);
  });

  it('is a quarter vCPU and 512 MiB on ARM64, its one container read-only and stopped with SIGTERM through an init process', () => {
    template.resourceCountIs('AWS::ECS::TaskDefinition', 1);
    const taskDef = Object.values(template.findResources('AWS::ECS::TaskDefinition'))[0]!.Properties as {
      Cpu: string;
      Memory: string;
      RuntimePlatform: unknown;
      RequiresCompatibilities: string[];
      ContainerDefinitions: { ReadonlyRootFilesystem: boolean; LinuxParameters: { InitProcessEnabled: boolean }; StopTimeout: number; Essential: boolean }[];
    };
    expect({ cpu: taskDef.Cpu, memory: taskDef.Memory, platform: taskDef.RuntimePlatform, compat: taskDef.RequiresCompatibilities }).toEqual({
      cpu: '256',
      memory: '512',
      platform: { CpuArchitecture: 'ARM64', OperatingSystemFamily: 'LINUX' },
      compat: ['FARGATE'],
    });
    expect(taskDef.ContainerDefinitions).toHaveLength(1);
    const [container] = taskDef.ContainerDefinitions;
    expect(container).toMatchObject({ Essential: true, ReadonlyRootFilesystem: true, LinuxParameters: { InitProcessEnabled: true }, StopTimeout: 30 });
  });

  it("gives the container the table, the secrets' prefix, Kite's hosts and the Lambdas' Powertools settings, and nothing secret", () => {
    const [container] = (
      Object.values(template.findResources('AWS::ECS::TaskDefinition'))[0]!.Properties as {
        ContainerDefinitions: { Environment: { Name: string; Value: unknown }[] }[];
      }
    ).ContainerDefinitions;
    const env = Object.fromEntries(container!.Environment.map((e) => [e.Name, e.Value]));
    expect(env).toEqual({
      STAGE: 'dev',
      APP_VERSION: 'test',
      TABLE_NAME: expectImportOf(built.stacks.data.table),
      SECRET_PREFIX: 'options-academy/dev',
      KITE_API_URL: 'https://api.kite.trade',
      KITE_TICKER_URL: 'wss://ws.kite.trade',
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_SERVICE_NAME: 'options-academy',
      POWERTOOLS_METRICS_NAMESPACE: 'OptionsAcademy',
      POWERTOOLS_LOG_LEVEL: 'DEBUG',
    });
    expect(JSON.stringify(container)).not.toMatch(/"Secrets"/);
  });

  it('lets its task write only IN#LIVE# items of the table and read only the two Kite secrets', () => {
    const { ticker, data } = built.stacks;
    const statements = statementsOf(ticker, logicalId(ticker, ticker.taskRole));
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:PutItem', 'dynamodb:BatchWriteItem'],
        Resource: expectImportOf(data.table),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['IN#LIVE#*'] } },
      },
      {
        Effect: 'Allow',
        Action: ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'],
        Resource: [secretArn('options-academy/dev/kite-??????'), secretArn('options-academy/dev/kite-session-??????')],
      },
    ]);
    // No managed policy either: the statements above are everything the task may do.
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'ecs-tasks.amazonaws.com' } })] },
      ManagedPolicyArns: Match.absent(),
      Description: Match.stringLikeRegexp('task'),
    });
  });

  it('lets ECS only pull the image from the asset repository and write the service log group', () => {
    const { ticker } = built.stacks;
    const statements = statementsOf(ticker, logicalId(ticker, ticker.executionRole));
    const byAction = Object.fromEntries(statements.map((s) => [[s.Action].flat().sort().join(','), s.Resource]));
    expect(Object.keys(byAction).sort()).toEqual([
      'ecr:BatchCheckLayerAvailability,ecr:BatchGetImage,ecr:GetDownloadUrlForLayer',
      'ecr:GetAuthorizationToken',
      'logs:CreateLogStream,logs:PutLogEvents',
    ]);
    expect(JSON.stringify(byAction['ecr:BatchCheckLayerAvailability,ecr:BatchGetImage,ecr:GetDownloadUrlForLayer'])).toContain('container-assets');
    expect(byAction['logs:CreateLogStream,logs:PutLogEvents']).toEqual({ 'Fn::GetAtt': [logicalId(ticker, ticker.logGroup), 'Arn'] });
  });

  it('accepts no inbound connection and lets out only TCP 443, from a public subnet with no NAT gateway', () => {
    template.resourceCountIs('AWS::EC2::SecurityGroup', 1);
    template.resourceCountIs('AWS::EC2::SecurityGroupIngress', 0);
    template.resourceCountIs('AWS::EC2::SecurityGroupEgress', 0);
    const sg = Object.values(template.findResources('AWS::EC2::SecurityGroup'))[0]!.Properties as Record<string, unknown>;
    expect(sg.SecurityGroupIngress).toBeUndefined();
    expect(sg.SecurityGroupEgress).toEqual([{ CidrIp: '0.0.0.0/0', IpProtocol: 'tcp', FromPort: 443, ToPort: 443, Description: expect.any(String) }]);

    template.resourceCountIs('AWS::EC2::NatGateway', 0);
    template.resourceCountIs('AWS::EC2::VPCEndpoint', 0);
    const subnets = Object.values(template.findResources('AWS::EC2::Subnet'));
    expect(subnets.length).toBeGreaterThanOrEqual(2);
    for (const subnet of subnets) expect(subnet.Properties.MapPublicIpOnLaunch).toBe(true);
    template.hasResourceProperties('AWS::ECS::Service', {
      NetworkConfiguration: {
        AwsvpcConfiguration: {
          AssignPublicIp: 'ENABLED',
          SecurityGroups: [{ 'Fn::GetAtt': [logicalId(built.stacks.ticker, built.stacks.ticker.securityGroup), 'GroupId'] }],
          Subnets: Match.anyValue(),
        },
      },
    });
  });

  it('starts its task only once the subnets route to the internet gateway, which it pulls its image through', () => {
    const service = Object.values(template.findResources('AWS::ECS::Service'))[0]!;
    const route = Object.entries(template.findResources('AWS::EC2::Route', { Properties: { DestinationCidrBlock: '0.0.0.0/0' } }));
    expect(route).toHaveLength(1);
    expect(route[0]![1].Properties.GatewayId).toEqual({ Ref: Object.keys(template.findResources('AWS::EC2::InternetGateway'))[0] });
    const associations = Object.keys(template.findResources('AWS::EC2::SubnetRouteTableAssociation'));
    expect(associations).toHaveLength(2);
    expect(service.DependsOn).toEqual(expect.arrayContaining([route[0]![0], ...associations]));
  });

  it('synthesizes without a context lookup even when the account and region are known (cdk deploy)', () => {
    const { app } = buildTestApp({ env: { account: '123456789012', region: 'ap-south-1' } });
    expect(app.synth().manifest.missing ?? []).toEqual([]);
  });

  it('logs to its own log group, kept one month like every log group of the app, and kept past the stack only in prod', () => {
    const { ticker } = built.stacks;
    template.hasResourceProperties('AWS::ECS::TaskDefinition', {
      ContainerDefinitions: [
        Match.objectLike({
          LogConfiguration: {
            LogDriver: 'awslogs',
            Options: Match.objectLike({ 'awslogs-group': { Ref: logicalId(ticker, ticker.logGroup) }, mode: 'non-blocking' }),
          },
        }),
      ],
    });
    template.hasResource('AWS::Logs::LogGroup', { Properties: Match.objectLike({ RetentionInDays: 30 }), DeletionPolicy: 'Delete' });
    const prod = Template.fromStack(buildTestApp({ stage: 'prod' }).stacks.ticker);
    const groups = Object.values(prod.findResources('AWS::Logs::LogGroup'));
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups)
      expect({ retention: group.Properties.RetentionInDays, deletion: group.DeletionPolicy }).toEqual({ retention: 30, deletion: 'Retain' });
  });

  it('is part of every stage, one stack per stage', () => {
    for (const stage of ['dev', 'staging', 'prod']) {
      const { stacks } = buildTestApp({ stage });
      expect(stacks.ticker.stackName).toBe(stackName(stage, 'Ticker'));
      Template.fromStack(stacks.ticker).hasResourceProperties('AWS::ECS::Service', { DesiredCount: 1 });
    }
  });

  it('passes the AwsSolutions checks, with three acknowledgments, each reasoned on the resource it concerns', () => {
    const { ticker } = built.stacks;
    const report = new AwsSolutionsChecks().validateScope(built.app);
    const ours = report.violations.flatMap((v) =>
      v.violatingResources.filter((r) => r.constructPath?.startsWith(`${ticker.node.path}/`)).map((r) => `${v.ruleName} at ${r.constructPath}`),
    );
    expect(ours).toEqual([]);
    const acks = ticker.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata
          .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((m) =>
            Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ id, at: c.node.path.replace(`${ticker.node.path}/`, ''), reason })),
          ),
      );
    // Ours only: aws-cdk-lib adds CloudFormation-Validate acknowledgments of its own (the VPC's zones, its flow log).
    const nag = acks.filter((a) => a.id.includes('AwsSolutions-'));
    expect(nag.map(({ id, at }) => `${id.replace(/^Annotation::/, '')} at ${at}`).sort()).toEqual([
      'AwsSolutions-ECS2 at TaskDefinition',
      'AwsSolutions-ECS4 at Cluster',
      'AwsSolutions-IAM5[Resource::*] at ExecutionRole',
    ]);
    for (const ack of nag) expect(ack.reason.length, ack.id).toBeGreaterThan(80);
  });
});

describe("the India ticker service's image", () => {
  let contextDir: string;
  let manifest: { dockerImages: Record<string, { source: { directory: string; platform?: string } }> };
  beforeAll(() => {
    // Bundling for this stack only: one esbuild run, no Docker.
    const { app, stacks } = buildTestApp({ context: { 'aws:cdk:bundling-stacks': [stackName('dev', 'Ticker')] } });
    const assembly = app.synth();
    const artifact = assembly.getStackByName(stacks.ticker.stackName);
    const assetsFile = artifact.dependencies.map((d) => d.id).find((id) => id.endsWith('.assets'))!;
    manifest = JSON.parse(readFileSync(path.join(assembly.directory, `${assetsFile}.json`), 'utf8')) as typeof manifest;
    const [image] = Object.values(manifest.dockerImages);
    contextDir = path.join(assembly.directory, image!.source.directory);
  }, 120_000);

  it('is built for linux/arm64 from a context of the Dockerfile, the bundle and its source map alone', () => {
    const images = Object.values(manifest.dockerImages);
    expect(images).toHaveLength(1);
    expect(images[0]!.source.platform).toBe('linux/arm64');
    expect(readdirSync(contextDir).sort()).toEqual(['Dockerfile', 'india-ticker.mjs', 'india-ticker.mjs.map']);
  });

  it('runs the bundle on Node.js 22 as the unprivileged node user', () => {
    const lines = readFileSync(path.join(contextDir, 'Dockerfile'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    expect(lines[0]).toMatch(/^FROM \S+\/node:22-(alpine|slim)\S*$/);
    expect(lines.filter((l) => l.startsWith('USER '))).toEqual(['USER node']);
    expect(lines.findIndex((l) => l.startsWith('USER '))).toBeGreaterThan(lines.findIndex((l) => l.startsWith('COPY ')));
    expect(lines.at(-1)).toBe('CMD ["node", "india-ticker.mjs"]');
  });

  it('is one ES module that starts without node_modules, as the image runs it, and stops on SIGTERM', async () => {
    const code = readFileSync(path.join(contextDir, 'india-ticker.mjs'), 'utf8');
    expect(code.startsWith("import { createRequire } from 'node:module';")).toBe(true);
    // Outside the repository, so no node_modules can be found; no AWS or Kite settings, so it touches no network.
    const dir = mkdtempSync(path.join(tmpdir(), 'oa-ticker-image-'));
    try {
      for (const file of ['india-ticker.mjs', 'india-ticker.mjs.map']) copyFileSync(path.join(contextDir, file), path.join(dir, file));
      const child = spawn(process.execPath, ['--enable-source-maps', 'india-ticker.mjs'], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
      let output = '';
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      // Whatever it says first (a missing setting, or a missing module), it has loaded or failed to load by then.
      await new Promise<void>((resolve) => {
        const said = (chunk: Buffer) => {
          output += chunk.toString();
          resolve();
        };
        child.stdout.on('data', said);
        child.stderr.on('data', said);
        void exited.then(() => resolve());
      });
      // Its first words may come just before it listens for SIGTERM; ECS never stops a task that early.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 500))]);
      child.kill('SIGTERM');
      const end = await exited;
      expect(output).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (package|module)|Dynamic require/);
      // It ended by itself (a handled SIGTERM, or its own exit on the missing settings), not by the signal's default action.
      expect(end.signal).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
