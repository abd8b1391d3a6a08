/**
 * Where each kind of secret lives in Secrets Manager, under the stage's prefix `options-academy/<stage>` (SECRET_PREFIX),
 * defined once for the handlers and for the grants (infra/constructs/app-function.ts).
 */

/** The operator's market-data key (README "Using a real provider"). */
export const marketDataSecretName = (prefix: string): string => `${prefix}/market-data`;

/** Per-learner broker keys, created at runtime, one secret per learner and broker environment (issue to come). */
export const brokerSecretsPrefix = (prefix: string): string => `${prefix}/broker/`;
