import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortFree, freePort, LOOPBACK } from '../../local/ports';

describe('local ports', () => {
  it('hands out a port below the range outgoing connections take their local ports from, and one that can be listened on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
    }
    await assertPortFree(ports[0]!, 'the test');
  });

  it('names a busy port and the variable that moves it', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen({ port: 0, host: LOOPBACK }, resolve));
    const taken = (server.address() as net.AddressInfo).port;
    try {
      await expect(assertPortFree(taken, 'the web app and API (PORT)')).rejects.toThrow(
        `Port ${taken} for the web app and API (PORT) is already in use. Stop whatever uses it or set PORT to another port.`,
      );
    } finally {
      server.close();
    }
  });
});
