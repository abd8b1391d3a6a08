import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, expect } from 'vitest';
import type { IConstruct } from 'constructs';
import { defineOptionsAcademy, type OptionsAcademyProps, type OptionsAcademyStacks } from '../../infra/options-academy';

const tempDirs: string[] = [];
const tempDir = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for web/dist, which may not be built when the unit tests run. */
export function webDistFixture(): string {
  const dir = tempDir('oa-web-dist-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Options Academy</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'landing.html'), '<!doctype html><title>Options Academy</title><div id="root"><h1>Learn options</h1></div>');
  writeFileSync(path.join(dir, 'optionschain.html'), '<!doctype html><title>Options Academy</title><div id="root"><h1>Options Chain</h1></div>');
  return dir;
}

export interface TestApp {
  app: App;
  stacks: OptionsAcademyStacks;
}

/**
 * All stacks of one stage. Bundling is skipped unless asked for (CDK's own switch,
 * `aws:cdk:bundling-stacks`), so most files assert on templates without running esbuild.
 */
export function buildTestApp(
  opts: Partial<OptionsAcademyProps> & { bundle?: boolean; cfnValidation?: boolean; context?: Record<string, unknown> } = {},
): TestApp {
  const { bundle = false, cfnValidation = false, context = {}, ...props } = opts;
  const app = new App({
    outdir: tempDir('oa-cdk-out-'),
    // CDK's built-in CloudFormation validation takes seconds per synth: the cdk-nag test keeps it, like `cdk synth`.
    builtinCloudFormationValidation: cfnValidation,
    context: { ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
  });
  const stacks = defineOptionsAcademy(app, { stage: 'dev', webAssetDir: webDistFixture(), version: 'test', ...props });
  return { app, stacks };
}

export const logicalIdOf = (construct: IConstruct): string => {
  const resource = (construct.node.defaultChild ?? construct) as CfnResource;
  return Stack.of(resource).getLogicalId(resource);
};

/** Matches the `Fn::ImportValue` a consumer stack uses for a value exported by another stack. */
export const importOf = (producer: IConstruct): object => ({
  'Fn::ImportValue': Match.stringLikeRegexp(logicalIdOf(producer)),
});

/** The same, as a vitest asymmetric matcher for `expect(...).toEqual`. */
export const expectImportOf = (producer: IConstruct): object => ({
  'Fn::ImportValue': expect.stringContaining(logicalIdOf(producer)),
});
