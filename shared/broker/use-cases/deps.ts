import { BoundedMap } from '../../bounded-map';
import type { ComplianceLogEntry, DisclosureAck, QuoteSource } from '../../paper/paper.port';
import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import { ok, type Result } from '../../result';
import { credentialsNotFound } from '../broker.errors';
import type {
  AlpacaApi,
  AlpacaConnector,
  AlpacaCredentials,
  BrokerAccountInfo,
  BrokerActivity,
  BrokerKeyStore,
  BrokerLink,
  BrokerRepository,
} from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';

/**
 * What every brokerage use case needs (issue 21; spec part 3 §2–§9): the learner's own Alpaca account behind a port.
 * The keys go to the key store once and are read only to call Alpaca; answers carry metadata and Alpaca's figures,
 * never a key. Every broker action is written to the activity log; a failure to write it is only logged (spec part 3 §8).
 */
export interface BrokerDeps {
  repo: BrokerRepository;
  keys: BrokerKeyStore;
  connect: AlpacaConnector;
  quotes: Pick<QuoteSource, 'quotes'>;
  clock: Clock;
  /** Where an environment's calls go, and whether that is the local stand-in (the product then says so). */
  target: (environment: BrokerEnvironment) => { host: string; standIn: boolean };
  /** The learner's disclosure acknowledgements (the paper account's, GET /api/compliance/disclosures reads them). */
  acknowledge: (userId: string, ack: DisclosureAck) => Promise<void>;
  logCompliance: (userId: string, entries: readonly ComplianceLogEntry[]) => Promise<void>;
  ids: IdGenerator;
  warn?: (message: string, error?: unknown) => void;
  /** The warm function's key pairs (keyCache()); none in unit tests, where each call reads the key store. */
  keyCache?: KeyCache;
}

export const warn = (deps: Pick<BrokerDeps, 'warn'>) => deps.warn ?? (() => undefined);
export const nowIso = (deps: Pick<BrokerDeps, 'clock'>) => deps.clock.now().toISOString();

/** Writes one line of the activity log without waiting; a failed write is only logged. */
export function logActivity(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
  activity_type: string,
  metadata: Record<string, unknown> = {},
): void {
  const entry: BrokerActivity = { activity_type, environment, metadata, created_at: nowIso(deps) };
  deps.repo.logActivity(userId, entry).catch((err: unknown) => warn(deps)('broker activity log write failed', err));
}

export interface LinkView extends Omit<BrokerLink, 'account'> {
  account: BrokerAccountInfo | null;
  host: string;
  standIn: boolean;
}

export const linkView = (deps: BrokerDeps, link: BrokerLink): LinkView => ({ ...link, account: link.account ?? null, ...deps.target(link.environment) });

/** A learner's key pair kept by a warm function, tied to the link's `updated_at` (keys saved again or deleted are read afresh). */
export type KeyCache = Map<string, { version: string; keys: AlpacaCredentials }>;
const KEYS_KEPT = 500;
export const keyCache = (): KeyCache => new BoundedMap<string, { version: string; keys: AlpacaCredentials }>(KEYS_KEPT);

/** The learner's Alpaca API for an environment; 404 'Alpaca credentials not found' without saved keys. */
export async function openApi(deps: BrokerDeps, userId: string, environment: BrokerEnvironment): Promise<Result<{ api: AlpacaApi; link: BrokerLink }>> {
  const link = await deps.repo.link(userId, environment);
  if (!link || !link.is_active) return credentialsNotFound();
  const id = `${userId}|${environment}`;
  const kept = deps.keyCache?.get(id);
  let keys = kept?.version === link.updated_at ? kept.keys : null;
  if (!keys) {
    keys = await deps.keys.load(userId, environment);
    if (!keys) return credentialsNotFound();
    deps.keyCache?.set(id, { version: link.updated_at, keys });
  }
  return ok({ api: deps.connect(environment, keys), link });
}
