import net from 'node:net';

export const LOOPBACK = '127.0.0.1';

/** Resolves when nothing listens on the port, rejects with a message naming the port otherwise. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      const reason = err.code === 'EADDRINUSE' ? 'is already in use' : `cannot be opened (${err.code ?? err.message})`;
      const envHint = what.match(/\(([A-Z_]+)\)/)?.[1];
      reject(new PortBusyError(`Port ${port} for ${what} ${reason}. Stop whatever uses it${envHint ? ` or set ${envHint} to another port` : ''}.`));
    });
    server.listen({ port, host: LOOPBACK, exclusive: true }, () => server.close(() => resolve()));
  });
}

export class PortBusyError extends Error {
  override name = 'PortBusyError';
}

/** An ephemeral port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: LOOPBACK }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls until a TCP connection to the port succeeds. */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: LOOPBACK });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start listening on port ${port} within ${timeoutMs / 1000} s.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
