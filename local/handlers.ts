import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const modules = new Map<string, Promise<Record<string, unknown>>>();

/**
 * Loads a handler the way Lambda would: the module is imported once, on its first call (a cold
 * start), and the same instance serves every later call (a warm container).
 */
export async function loadHandler<T = (...args: unknown[]) => Promise<unknown>>(file: string, exportName = 'handler'): Promise<T> {
  let mod = modules.get(file);
  if (!mod) {
    mod = import(pathToFileURL(path.join(REPO_ROOT, file)).href) as Promise<Record<string, unknown>>;
    modules.set(file, mod);
  }
  const fn = (await mod)[exportName];
  if (typeof fn !== 'function') throw new Error(`${file} does not export a function named ${exportName}`);
  return fn as T;
}

/** A Lambda context with the fields handlers and Powertools read. */
export function lambdaContext(functionName: string, requestId: string, timeoutMs = 30_000) {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
