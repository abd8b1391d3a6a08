/**
 * What the SPA needs to know about its backend, read at start from /config.json: the local gateway
 * serves it, and in AWS the CDK web stack deploys it beside the SPA. One build runs everywhere.
 */
export interface RuntimeConfig {
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Set only locally, where cognito-local stands in for Cognito. */
  userPoolEndpoint?: string;
  authFlowType: 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH';
  /** True in AWS, where a new account confirms its email before signing in. */
  emailVerification: boolean;
}

let current: RuntimeConfig | null = null;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig | null> {
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const json = (await response.json()) as Partial<RuntimeConfig>;
    if (!json.userPoolId || !json.userPoolClientId) return null;
    current = {
      stage: json.stage ?? 'unknown',
      region: json.region ?? 'us-east-1',
      userPoolId: json.userPoolId,
      userPoolClientId: json.userPoolClientId,
      userPoolEndpoint: json.userPoolEndpoint,
      authFlowType: json.authFlowType ?? 'USER_SRP_AUTH',
      emailVerification: json.emailVerification ?? true,
    };
    return current;
  } catch {
    return null;
  }
}

export const runtimeConfig = (): RuntimeConfig | null => current;
