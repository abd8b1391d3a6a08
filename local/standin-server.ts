import http from 'node:http';
import { LOOPBACK } from './ports';

/**
 * The HTTP plumbing the outside services' stand-ins share (local/alpaca-standin.ts, local/kite-standin.ts): a server
 * that hands each request's whole body to the stand-in's handler, listening on loopback only, and a close that ends
 * open connections at once (a test's stack stops without waiting for keep-alive sockets).
 */
export function bodyServer(handle: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
}

/** Listens on loopback at `port` (0: any free port) and answers the port it got. */
export async function listenOnLoopback(server: http.Server, port: number | undefined): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
  return (server.address() as { port: number }).port;
}

/** Closes the server and every connection it holds. */
export const closeServer = (server: http.Server): Promise<void> =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
