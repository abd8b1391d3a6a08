import type { TestProject } from 'vitest/node';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { newDataDir, spawnLocalStack, type StackInfo } from '../support/local-stack';
import { INTEGRATION_STACK_ENV } from '../support/stack-env';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One local stack for the whole integration run, started the way `npm start` starts it. */
export default async function setup(project: TestProject) {
  const stack = await spawnLocalStack({ dataDir: newDataDir('integration'), env: INTEGRATION_STACK_ENV });
  const { stop, output: _output, exited: _exited, ...info } = stack;
  project.provide('stack', info);
  return async () => {
    await stop();
  };
}
