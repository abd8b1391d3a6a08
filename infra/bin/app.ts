import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { REPO_ROOT } from '../constructs/app-function';
import { defineOptionsAcademy } from '../options-academy';

const app = new App();
const stage = String(app.node.tryGetContext('stage') ?? 'dev');
const webAssetDir = path.resolve(process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'web', 'dist'));
if (!existsSync(path.join(webAssetDir, 'index.html'))) {
  console.error(`The web app is not built (${webAssetDir}/index.html is missing): run npm run build:web first.`);
  process.exit(1);
}
const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

// Stacks stay environment-agnostic (and synth offline) unless the CLI knows the target account.
const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

defineOptionsAcademy(app, {
  stage,
  webAssetDir,
  version,
  env: account && region ? { account, region } : undefined,
});

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
