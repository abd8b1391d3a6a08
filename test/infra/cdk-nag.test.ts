import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpFunctions, routes, uploadJobFunction } from '../../functions/routes';
import { brokerFixture, brokerRoute, ingestScheduleFixture, orderFilledRuleFixture } from './fixtures/definitions';
import { buildTestApp, type TestApp } from './helpers';
import { BEARER_AUTHORIZER_FILE } from '../../infra/stacks/api-stack';

/**
 * The whole app as `cdk synth` builds it: real esbuild bundles, CDK's CloudFormation validation and
 * the cdk-nag AwsSolutions pack, with fixtures so that schedules, event rules and every grant helper
 * are checked too.
 */
describe('the whole app under cdk-nag AwsSolutions', () => {
  let built: TestApp;
  let report: PolicyValidationPluginReport;
  let assemblyDir: string;
  beforeAll(() => {
    built = buildTestApp({
      bundle: true,
      cfnValidation: true,
      httpFunctions: [...httpFunctions, brokerFixture],
      routes: [...routes, brokerRoute],
      schedules: [ingestScheduleFixture],
      eventRules: [orderFilledRuleFixture],
    });
    report = new AwsSolutionsChecks().validateScope(built.app);
    Validations.of(built.app).addPlugins(new AwsSolutionsChecks(built.app));
    assemblyDir = built.app.synth().directory;
    // Bundling every function with esbuild takes about 30 s alone, longer beside the other unit workers.
  }, 180_000);

  it('reports no unacknowledged error or warning', () => {
    const findings = report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} (${v.severity}) at ${r.constructPath}: ${v.description}`));
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('passes synthesis with the plugin registered as in infra/bin/app.ts', () => {
    const validation = JSON.parse(readFileSync(path.join(assemblyDir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[] }[];
    };
    // synth() throws on any failing plugin; the report lists a plugin only when it has something to say.
    for (const plugin of validation.pluginReports) {
      expect({ plugin: plugin.pluginName, violations: plugin.violations }).toEqual({ plugin: plugin.pluginName, violations: [] });
    }
  });

  it('stays clean when the CLI supplies an account and region (cdk deploy), so no acknowledgment depends on env-agnostic ARNs', () => {
    const withEnv = buildTestApp({
      env: { account: '123456789012', region: 'eu-west-1' },
      httpFunctions: [...httpFunctions, brokerFixture],
      routes: [...routes, brokerRoute],
      schedules: [ingestScheduleFixture],
      eventRules: [orderFilledRuleFixture],
    });
    const envReport = new AwsSolutionsChecks().validateScope(withEnv.app);
    expect(envReport.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual([]);
  });

  it('justifies every acknowledgment, on the resource it concerns rather than a whole stack', () => {
    const acks = acknowledgments(built.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(40);
      expect(ack.scope, `${ack.id} at ${ack.path}`).toBe('resource');
    }
  });

  it('bundles every function as an ES module with the local esbuild', () => {
    const bundles = readdirSync(assemblyDir)
      .map((d) => path.join(assemblyDir, d, 'index.mjs'))
      .filter((f) => existsSync(f));
    // One bundle per distinct entry module (the fixtures share one), the outbox Pipe's enrichment and the upload job.
    const entries = new Set(
      [...httpFunctions, brokerFixture]
        .map((f) => f.file)
        .concat(
          ingestScheduleFixture.handler.file,
          orderFilledRuleFixture.consumer.file,
          'functions/events/outbox-enrichment.ts',
          BEARER_AUTHORIZER_FILE,
          uploadJobFunction.file,
        ),
    );
    expect(bundles).toHaveLength(entries.size);
    for (const bundle of bundles) {
      const code = readFileSync(bundle, 'utf8');
      expect(code.startsWith("import { createRequire } from 'node:module';")).toBe(true);
      expect(code).not.toMatch(/from ?["']@aws-sdk\/client-dynamodb["'][^]*node_modules\/@aws-sdk\/client-dynamodb/);
      expect(existsSync(`${bundle}.map`)).toBe(true);
    }
  });
});

interface Ack {
  id: string;
  reason: string;
  path: string;
  scope: 'app' | 'stack' | 'resource';
}

function acknowledgments(root: IConstruct): Ack[] {
  const out: Ack[] = [];
  for (const c of root.node.findAll()) {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY || !entry.data) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, unknown>)) {
        const scope = c instanceof App ? 'app' : Stack.isStack(c) ? 'stack' : 'resource';
        out.push({ id, reason: typeof reason === 'string' ? reason : JSON.stringify(reason), path: c.node.path, scope });
      }
    }
  }
  return out;
}
