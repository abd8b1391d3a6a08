import type { ChildProcess } from 'node:child_process';

export interface SupervisedChild {
  /** Settles when the process has exited, for whatever reason, with how it ended ("code 1", "signal SIGKILL"). */
  exited: Promise<string>;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
  stop(): Promise<void>;
}

/**
 * A child process of the local stack (DynamoDB Local, cognito-local). Besides an orderly stop, it is sent SIGTERM when
 * this process exits in any way Node still runs code for (process.exit, an uncaught exception), so that no child
 * outlives the stack holding its port. Only a SIGKILL of the stack itself escapes this; its process group does not
 * (`npm start` in a terminal and the test harness both signal the group).
 */
export function superviseChild(child: ChildProcess): SupervisedChild {
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `code ${code}`)));
  const killOnExit = () => {
    if (!gone()) child.kill('SIGTERM');
  };
  process.on('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return {
    exited,
    async stop() {
      if (child.pid === undefined || gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
