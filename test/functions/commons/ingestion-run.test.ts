import { describe, expect, it, vi } from 'vitest';
import { ingestionRun, keptPerIngestionRun } from '../../../functions/commons/ingestion-run';

const clockAt = (ms: { now: number }) => ({ now: () => new Date(ms.now) });

describe('the last ingestion run', () => {
  it('reads the sync status at most every 10 s, and names the run by its finish time', async () => {
    const time = { now: 0 };
    const getStatus = vi.fn().mockResolvedValueOnce({ lastSync: 'run-1' }).mockResolvedValueOnce({ lastSync: 'run-2' });
    const run = ingestionRun({ getStatus }, clockAt(time));
    expect(await run()).toBe('run-1');
    time.now = 10_000;
    expect(await run()).toBe('run-1');
    time.now = 10_001;
    expect(await run()).toBe('run-2');
    expect(getStatus).toHaveBeenCalledTimes(2);
  });
  it("is 'none' before the first run and 'unknown' when the status cannot be read", async () => {
    expect(await ingestionRun({ getStatus: async () => null }, clockAt({ now: 0 }))()).toBe('none');
    expect(await ingestionRun({ getStatus: () => Promise.reject(new Error('down')) }, clockAt({ now: 0 }))()).toBe('unknown');
  });
});

describe('a read kept per ingestion run', () => {
  it('reads once per key and run, shared by every caller, and again after a new run', async () => {
    let version = 'run-1';
    const read = vi.fn(async (u: string) => `${u} of ${version}`);
    const keep = keptPerIngestionRun(async () => version);
    const kept = (u: string) => keep(u, () => read(u));
    const first = await Promise.all([kept('SPY'), kept('SPY'), kept('QQQ')]);
    expect(first).toEqual(['SPY of run-1', 'SPY of run-1', 'QQQ of run-1']);
    expect(read).toHaveBeenCalledTimes(2);
    version = 'run-2';
    expect(await kept('SPY')).toBe('SPY of run-2');
    expect(read).toHaveBeenCalledTimes(3);
  });
  it('does not keep a read that failed', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValueOnce('rows');
    const keep = keptPerIngestionRun(async () => 'run-1');
    const kept = () => keep('SPY', () => read() as Promise<string>);
    await expect(kept()).rejects.toThrow('throttled');
    expect(await kept()).toBe('rows');
    expect(read).toHaveBeenCalledTimes(2);
  });
});
