import { z } from 'zod';
import type { MarketDataProvider } from '@shared/market/market-data.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { createPolygonProvider, POLYGON_DEFAULT_BASE_URL, type PolygonProviderOptions } from './polygon-provider';

/**
 * Keys that only stand in for a real one (templates, docs, the old client's mock key). Spec §5: the
 * placeholder key counts as not configured. Compared trimmed and case-insensitively; blank is one too.
 */
export const PLACEHOLDER_API_KEYS: readonly string[] = Object.freeze(['your_polygon_api_key', 'YOUR_API_KEY', 'demo', 'placeholder']);

/** MARKET_REALTIME values that turn live data off (spec §4: real-time disabled means mock data). */
export const REALTIME_OFF_VALUES: readonly string[] = Object.freeze(['false', '0', 'off']);

export type ProviderConfig = { configured: true; provider: 'polygon'; apiKey: string; baseUrl: string } | { configured: false; reason: string };

export type ProviderEnv = Readonly<Record<string, string | undefined>>;

export function isPlaceholderApiKey(key: string | undefined | null): boolean {
  const k = (key ?? '').trim().toLowerCase();
  return k === '' || PLACEHOLDER_API_KEYS.some((p) => p.toLowerCase() === k);
}

export function isRealtimeDisabled(flag: string | undefined): boolean {
  return flag !== undefined && REALTIME_OFF_VALUES.includes(flag.trim().toLowerCase());
}

const secretJson = z.object({ apiKey: z.string() });

type KeyLookup = { key: string } | { reason: string };

async function keyFromSecret(name: string, secrets: SecretStore | undefined): Promise<KeyLookup> {
  if (!secrets) return { reason: `The market-data secret "${name}" cannot be read here (no secret store).` };
  let value: string | null;
  try {
    value = await secrets.get(name);
  } catch (err) {
    // The store's error names the failure, never the value; still, only its kind is shown to learners.
    return { reason: `The market-data secret "${name}" could not be read (${err instanceof Error ? err.name : 'error'}).` };
  }
  if (value === null) return { reason: `The market-data secret "${name}" does not exist.` };
  const raw = value.trim();
  if (!raw.startsWith('{')) return { key: raw };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { reason: `The market-data secret "${name}" is neither a key nor JSON with an apiKey.` };
  }
  const parsed = secretJson.safeParse(json);
  if (!parsed.success) return { reason: `The market-data secret "${name}" is neither a key nor JSON with an apiKey.` };
  return { key: parsed.data.apiKey.trim() };
}

function baseUrlFrom(env: ProviderEnv): string | null {
  const raw = env.POLYGON_BASE_URL?.trim();
  if (!raw) return POLYGON_DEFAULT_BASE_URL;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return raw.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/**
 * Whether live market data is configured: a real key from POLYGON_API_KEY, else from the secret named by
 * POLYGON_SECRET_NAME (the raw key or {"apiKey": "..."}), and real-time not turned off by MARKET_REALTIME.
 * Never throws: every failure is a reason to show with the demo data.
 */
export async function resolveProviderConfig(deps: { env: ProviderEnv; secrets?: SecretStore }): Promise<ProviderConfig> {
  const { env, secrets } = deps;
  if (isRealtimeDisabled(env.MARKET_REALTIME)) {
    return { configured: false, reason: 'Real-time market data is turned off (MARKET_REALTIME).' };
  }
  const baseUrl = baseUrlFrom(env);
  if (baseUrl === null) return { configured: false, reason: 'POLYGON_BASE_URL is not an http(s) URL.' };

  const envKey = env.POLYGON_API_KEY?.trim() ?? '';
  const secretName = env.POLYGON_SECRET_NAME?.trim();
  let key: string;
  // A template's placeholder left in POLYGON_API_KEY must not hide a real key kept as a secret.
  if (!isPlaceholderApiKey(envKey) || !secretName) {
    key = envKey;
  } else {
    const found = await keyFromSecret(secretName, secrets);
    if ('reason' in found) return { configured: false, reason: found.reason };
    key = found.key;
  }
  if (key === '') {
    return { configured: false, reason: 'No market-data API key is configured (POLYGON_API_KEY or POLYGON_SECRET_NAME).' };
  }
  if (isPlaceholderApiKey(key)) return { configured: false, reason: 'The market-data API key is a placeholder.' };
  return { configured: true, provider: 'polygon', apiKey: key, baseUrl };
}

export interface ProviderSelection {
  provider: MarketDataProvider;
  /** Why demo data is shown ("Demo Data Only"); null when the live provider was chosen. */
  reason: string | null;
}

/** The live provider when configured, else the simulated market with the reason to show. */
export function selectProvider(
  config: ProviderConfig,
  simulated: MarketDataProvider,
  options: Pick<PolygonProviderOptions, 'fetchImpl' | 'timeoutMs' | 'clock'> = {},
): ProviderSelection {
  if (!config.configured) return { provider: simulated, reason: config.reason };
  return { provider: createPolygonProvider({ ...options, apiKey: config.apiKey, baseUrl: config.baseUrl }), reason: null };
}
