import { describe, expect, it } from 'vitest';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { kiteSessionStore } from '../../functions/adapters/secrets/kite-session-store';
import { ensureLocalKiteKeys, localKiteUnderlyings } from '../../local/kite-standin-local';

const memory = (): SecretStore => {
  const values = new Map<string, string>();
  return { put: async (n, v) => void values.set(n, v), get: async (n) => values.get(n) ?? null, delete: async (n) => void values.delete(n) };
};

describe("npm start's Kite stand-in", () => {
  it('lists NIFTY, BANKNIFTY and FINNIFTY with the lot sizes and strike steps of the NSE contract table and the expiries NSE lists', () => {
    // Monday 30 November 2026, 10:30 in Mumbai.
    const us = localKiteUnderlyings(new Date('2026-11-30T05:00:00Z'));
    expect(us.map((u) => [u.name, u.indexSymbol, u.lotSize, u.strikeInterval])).toEqual([
      ['NIFTY', 'NIFTY 50', 65, 50],
      ['BANKNIFTY', 'NIFTY BANK', 30, 100],
      ['FINNIFTY', 'NIFTY FIN SERVICE', 60, 50],
    ]);
    const nifty = us[0]!;
    // NIFTY: weeklies on Tuesdays and the monthly on the month's last Tuesday (29 December 2026).
    expect(nifty.expiries).toContain('2026-12-01');
    expect(nifty.expiries).toContain('2026-12-29');
    expect(us[1]!.expiries[0]).toBe('2026-12-29');
    for (const u of us) expect(u.spot).toBeGreaterThan(0);
  });

  it('makes its keys once, keeps them across restarts, and they count as configured', async () => {
    const store = memory();
    const first = await ensureLocalKiteKeys(store, 'options-academy/local');
    expect(first.made).toBe(true);
    const again = await ensureLocalKiteKeys(store, 'options-academy/local');
    expect(again).toEqual({ ...first, made: false });
    expect(await kiteSessionStore({ secrets: store, prefix: 'options-academy/local' }).credentials()).toEqual({
      apiKey: first.apiKey,
      apiSecret: first.apiSecret,
    });
  });
});
