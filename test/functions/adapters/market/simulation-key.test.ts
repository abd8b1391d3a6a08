import { describe, expect, it } from 'vitest';
import { closePrice } from '@shared/market/simulated-day';
import { simulatedProvider } from '@shared/market/simulated-market';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { hmacDrawKey, simulationDrawKey, TEST_SIMULATION_SECRET } from '../../../../functions/adapters/market/simulation-key';

const store = (values: Record<string, string>, reads: string[] = []): SecretStore => ({
  put: async () => undefined,
  delete: async () => undefined,
  get: async (name) => (reads.push(name), values[name] ?? null),
});
/** 18:00 New York on Friday 18 Dec 2026, after its close. */
const clock = { now: () => new Date('2026-12-18T23:00:00Z') };

describe("the simulated market's deployment secret", () => {
  it('moves the price path with the secret: another secret, other closes; the same secret, the same closes', async () => {
    const a = simulatedProvider(clock, { drawKey: async () => hmacDrawKey('a'.repeat(48)) });
    const again = simulatedProvider(clock, { drawKey: async () => hmacDrawKey('a'.repeat(48)) });
    const b = simulatedProvider(clock, { drawKey: async () => hmacDrawKey('b'.repeat(48)) });
    const published = simulatedProvider(clock);
    const closes = async (p: typeof a) => (await p.dailyBars('SPY', '2026-12-14', '2026-12-18')).map((bar) => bar.close);
    expect(await closes(a)).toEqual(await closes(again));
    expect(await closes(a)).not.toEqual(await closes(b));
    expect(await closes(a)).not.toEqual(await closes(published));
    // Without a key the published path, as the tests and tools know it.
    expect((await closes(published)).at(-1)).toBe(closePrice('SPY', '2026-12-18'));
    expect((await a.chainSnapshot('SPY')).underlyingPrice).toBe((await closes(a)).at(-1));
  });

  it('is read once from its secret, keeps the published draws for the tests’ own value, and fails closed without one', async () => {
    const reads: string[] = [];
    const key = simulationDrawKey({ secretName: 'p/simulation', secrets: () => store({ 'p/simulation': 'x'.repeat(48) }, reads) });
    const first = await key();
    expect(first!('SPY|2026-12-18|return')).toBe(hmacDrawKey('x'.repeat(48))('SPY|2026-12-18|return'));
    expect(await key()).toBe(first);
    expect(reads).toEqual(['p/simulation']);

    expect(await simulationDrawKey({ secretName: 'p/simulation', secrets: () => store({ 'p/simulation': TEST_SIMULATION_SECRET }) })()).toBeUndefined();
    await expect(simulationDrawKey({ secretName: 'p/simulation', secrets: () => store({}) })()).rejects.toThrow('does not exist');
    await expect(simulationDrawKey({ secretName: undefined, secrets: () => store({}) })()).rejects.toThrow('no deployment secret');
  });

  it('tries again after a failed read, and refuses a blank secret', async () => {
    let calls = 0;
    const flaky: SecretStore = {
      put: async () => undefined,
      delete: async () => undefined,
      get: async () => {
        calls++;
        if (calls === 1) throw new Error('throttled');
        return 'secret-value-'.padEnd(48, 'z');
      },
    };
    const key = simulationDrawKey({ secretName: 'p/simulation', secrets: () => flaky });
    await expect(key()).rejects.toThrow('throttled');
    expect(await key()).toBeTypeOf('function');
    const blank = simulationDrawKey({ secretName: 'p/simulation', secrets: () => store({ 'p/simulation': '   ' }) });
    await expect(blank()).rejects.toThrow('does not exist');
  });
});
