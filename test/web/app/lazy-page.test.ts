import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_FLAG, loadWithRetry, type RetryEnvironment } from '@web/app/lazy-page';

function environment(flag: string | null = null) {
  const store = new Map<string, string>(flag ? [[CHUNK_RELOAD_FLAG, flag]] : []);
  const env: RetryEnvironment & { waits: number[]; reloads: number; store: Map<string, string> } = {
    waits: [],
    reloads: 0,
    store,
    sleep: async (ms) => {
      env.waits.push(ms);
    },
    reload: () => {
      env.reloads++;
    },
    session: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
  };
  return env;
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/page-abc.js');

describe('loading a page with the retry policy', () => {
  it('tries again after 1 s and then 2 s, and returns the page once it loads', async () => {
    const env = environment();
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockRejectedValueOnce(chunkError()).mockResolvedValue({ default: 'page' });
    await expect(loadWithRetry(load, env)).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(3);
    expect(env.waits).toEqual([1000, 2000]);
    expect(env.reloads).toBe(0);
  });

  it('reloads the page once after three failures, remembering it for this session', async () => {
    const env = environment();
    const load = vi.fn().mockRejectedValue(chunkError());
    const pending = loadWithRetry(load, env);
    await vi.waitFor(() => expect(env.reloads).toBe(1));
    expect(load).toHaveBeenCalledTimes(3);
    expect(env.store.get(CHUNK_RELOAD_FLAG)).toBe('1');
    // Nothing renders while the browser reloads: the promise stays pending.
    const settled = await Promise.race([
      pending.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
  });

  it('does not reload a second time in the same session: the error reaches the error screen', async () => {
    const env = environment('1');
    const load = vi.fn().mockRejectedValue(chunkError());
    await expect(loadWithRetry(load, env)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(load).toHaveBeenCalledTimes(3);
    expect(env.reloads).toBe(0);
  });

  it('clears the reload flag once a page loads, so a later failure may reload again', async () => {
    const env = environment('1');
    await loadWithRetry(async () => ({ default: 'page' }), env);
    expect(env.store.has(CHUNK_RELOAD_FLAG)).toBe(false);
  });
});
