/**
 * Where each kind of secret lives in Secrets Manager, under the stage's prefix `options-academy/<stage>` (SECRET_PREFIX),
 * defined once for the handlers and for the grants (infra/constructs/app-function.ts).
 */

/** The operator's market-data key (README "Using a real provider"). */
export const marketDataSecretName = (prefix: string): string => `${prefix}/market-data`;

/** Per-learner broker keys, created at runtime, one secret per learner and broker environment (issue to come). */
export const brokerSecretsPrefix = (prefix: string): string => `${prefix}/broker/`;

/**
 * The simulated market's deployment secret: the key of the draws that decide its price path, so a future close cannot
 * be computed from the source (functions/adapters/market/simulation-key.ts). Made by the CDK (DataStack), and at the
 * local stack's first start.
 */
export const simulationSecretName = (prefix: string): string => `${prefix}/simulation`;

/**
 * The key that signs the unsubscribe links of alert e-mails (functions/adapters/mail/unsubscribe-token.ts). Made by the
 * CDK (DataStack) and at the local stack's first start; read only by the functions that sign or verify a link.
 */
export const unsubscribeSecretName = (prefix: string): string => `${prefix}/unsubscribe`;

/** The operator's Zerodha Kite Connect keys, {"apiKey","apiSecret"} (issue 38; shared/market/india/kite-session.port.ts). */
export const kiteSecretName = (prefix: string): string => `${prefix}/kite`;

/** The day's Kite login (the KiteSession JSON), written by the login's callback, read by the Indian chain. */
export const kiteSessionSecretName = (prefix: string): string => `${prefix}/kite-session`;
