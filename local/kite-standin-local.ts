import { randomBytes } from 'node:crypto';
import { kolkataParts, nseListedExpiries, previousNseTradingDay } from '@shared/market/india/nse-calendar';
import { nseContract } from '@shared/market/india/nse-contracts';
import { nseClose } from '@shared/market/india/simulated-nse-market';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { kiteSecretName } from '../functions/adapters/secrets/secret-names';
import type { KiteStandinUnderlying } from './kite-standin';

/**
 * The indices the local Kite stand-in lists under `npm start`, with their NSE index instrument tokens as Kite's dump
 * has them (NIFTY 50 256265, NIFTY BANK 260105, NIFTY FIN SERVICE 257801: the kiteconnect-mocks instruments dump).
 */
const INDICES = [
  { name: 'NIFTY', indexSymbol: 'NIFTY 50', indexToken: 256265 },
  { name: 'BANKNIFTY', indexSymbol: 'NIFTY BANK', indexToken: 260105 },
  { name: 'FINNIFTY', indexSymbol: 'NIFTY FIN SERVICE', indexToken: 257801 },
] as const;

/**
 * The stand-in's market: each index with the lot size and strike step of shared/market/india/nse-contracts.ts (NSE's
 * circulars named there), the expiries NSE lists today (nse-calendar.ts), and a spot near the simulated NSE market's
 * last close, so the stand-in and the demo data tell the same story.
 */
export function localKiteUnderlyings(now: Date): KiteStandinUnderlying[] {
  const today = kolkataParts(now).date;
  return INDICES.map((index) => {
    const spec = nseContract(index.name)!;
    return {
      ...index,
      spot: Math.round(nseClose(spec.symbol, previousNseTradingDay(today))),
      lotSize: spec.lotSize,
      strikeInterval: spec.strikeInterval,
      strikesEachSide: 15,
      expiries: nseListedExpiries(spec.symbol, today).map((e) => e.date),
      atmVol: spec.atmVol,
    };
  });
}

/** The stand-in's API key: anything will do, as long as the stored keys and the stand-in agree. */
export const LOCAL_KITE_API_KEY = 'local-kite-standin';

/**
 * The Kite keys of the local stack, kept in the local Secrets Manager as an operator keeps Zerodha's in AWS
 * (`<prefix>/kite`): made at the first start (the stand-in's key and a random secret) and kept after, so the morning
 * login works on a laptop end to end. Keys already stored are the stand-in's too: it is started with them.
 */
export async function ensureLocalKiteKeys(store: SecretStore, prefix: string): Promise<{ apiKey: string; apiSecret: string; made: boolean }> {
  const name = kiteSecretName(prefix);
  const stored = await store.get(name);
  if (stored !== null) {
    try {
      const keys = JSON.parse(stored) as { apiKey?: unknown; apiSecret?: unknown };
      if (typeof keys.apiKey === 'string' && typeof keys.apiSecret === 'string' && keys.apiKey && keys.apiSecret)
        return { apiKey: keys.apiKey, apiSecret: keys.apiSecret, made: false };
    } catch {
      // Not the keys' JSON: replaced below.
    }
  }
  const keys = { apiKey: LOCAL_KITE_API_KEY, apiSecret: randomBytes(24).toString('base64url') };
  await store.put(name, JSON.stringify(keys));
  return { ...keys, made: true };
}
