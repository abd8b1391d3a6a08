import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a running local stack tells the local scripts (`npm run local:make-admin`, and any to come): its endpoints and
 * pool, written to DATA_DIR/stack.json when `npm start` is ready and removed when it stops, so a script finds the stack
 * on whatever ports it was started (issue 24).
 */
export interface RunningStackInfo {
  url: string;
  pid: number;
  endpoints: { dynamodb: string; aws: string; cognito: string; alpaca: string | null; s3?: string; kite?: string | null };
  pool: { userPoolId: string; userPoolClientId: string };
  tableName: string;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'stack.json');

export const writeStackInfo = (dataDir: string, info: RunningStackInfo) => writeFileSync(fileOf(dataDir), JSON.stringify(info, null, 2));

export function removeStackInfo(dataDir: string): void {
  rmSync(fileOf(dataDir), { force: true });
}

/** The running stack of a data directory, or why there is none. */
export function readStackInfo(dataDir: string): RunningStackInfo | { error: string } {
  const file = fileOf(dataDir);
  const notRunning = `No local stack is running with the data in ${dataDir}: start it with npm start (with the same DATA_DIR).`;
  if (!existsSync(file)) return { error: notRunning };
  const info = JSON.parse(readFileSync(file, 'utf8')) as RunningStackInfo;
  try {
    process.kill(info.pid, 0);
  } catch {
    return { error: notRunning };
  }
  return info;
}
