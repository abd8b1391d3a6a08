import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { superviseChild } from '../../local/children';
import { REPO_ROOT, waitFor } from '../support/local-stack';

const sleeper = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('a supervised child of the local stack', () => {
  it('says how it ended: stopped, or exited by itself', async () => {
    const stopped = superviseChild(sleeper());
    await stopped.stop();
    expect(await stopped.exited).toBe('signal SIGTERM');

    const quits = superviseChild(spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' }));
    expect(await quits.exited).toBe('code 3');
    await quits.stop();
  });

  it('does not outlive a stack process that dies of an error nothing handled', async () => {
    const parent = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(REPO_ROOT, 'test/fixtures/local/crashing-parent.ts')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    parent.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => parent.once('exit', resolve));
    expect(code).toBe(1);
    const pid = Number(/CHILD (\d+)/.exec(out)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // SIGTERM is sent on the way out; the child is gone once it has handled it.
    await waitFor(
      async () => alive(pid),
      (a) => !a,
      10_000,
      `child ${pid} to exit`,
    );
  });
});
