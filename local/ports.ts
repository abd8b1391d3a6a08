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

/**
 * A port that is free right now, drawn at random from below Linux's ephemeral range (32768-60999).
 * A port the OS hands out for `listen(0)` comes from that range, which is also where every outgoing
 * connection takes its local port: between choosing such a port and listening on it, a client socket
 * of another process can take it (CI failed once on "EADDRINUSE 127.0.0.1:46537"). Below the range
 * only another listener can, and random choice makes two of them meeting rare.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FREE_PORT_LOW + Math.floor(Math.random() * (FREE_PORT_HIGH - FREE_PORT_LOW + 1));
    if (await canListen(port)) return port;
  }
  return osChosenPort();
}

const FREE_PORT_LOW = 20_000;
const FREE_PORT_HIGH = 32_767;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: LOOPBACK, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function osChosenPort(): Promise<number> {
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
