import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { superviseChild } from './children';
import { ADMIN_GROUP, TOKEN_VALIDITY } from '../functions/sessions';
import { freePort, LOOPBACK, waitForPort } from './ports';
import { RateLimiter } from './rate-limiter';

const require = createRequire(import.meta.url);

/** The name the local pool's PreTokenGeneration trigger is registered under (served by local/aws-endpoints.ts). */
export const PRE_TOKEN_FUNCTION = 'options-academy-local-pre-token';

export interface LocalPool {
  userPoolId: string;
  userPoolClientId: string;
  /** Where the browser and the SDK send Cognito calls: the refresh-rewriting proxy. */
  endpoint: string;
  issuer: string;
  jwksUri: string;
  region: string;
}

export interface RunningCognito {
  pool: LocalPool;
  /** Settles when cognito-local has exited, stopped or not, with how it ended. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

/** Local only: cognito-local is keyed with a key pair published in its npm package. */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
}

/**
 * cognito-local on an internal port, fronted by a small proxy on the public port that
 * - turns Amplify's `GetTokensFromRefreshToken` (which cognito-local lacks) into `InitiateAuth`
 *   with `REFRESH_TOKEN_AUTH`, so sessions survive a token refresh;
 * - confirms a new account at once (local only: in AWS the learner verifies their email).
 * The pool, its web client and the `admin` group are created on first start and kept in dataDir.
 */
export async function startCognito(opts: {
  port: number;
  dataDir: string;
  logFile: string;
  /** The local AWS endpoints server, which serves the pre-token-generation trigger. */
  lambdaEndpoint: string;
  /** Called with each verification or reset code cognito-local "emails". */
  onMail?: (mail: { to: string; code: string }) => void;
  /** The sign-in and sign-up limits of functions/rate-limits.ts, as the user pool's web ACL applies them in AWS. */
  limiter?: RateLimiter;
}): Promise<RunningCognito> {
  mkdirSync(path.join(opts.dataDir, '.cognito'), { recursive: true });
  const publicUrl = `http://${LOOPBACK}:${opts.port}`;
  writeFileSync(
    path.join(opts.dataDir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: publicUrl },
        TriggerFunctions: { PreTokenGeneration: PRE_TOKEN_FUNCTION },
        LambdaClient: { endpoint: opts.lambdaEndpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS },
      },
      null,
      2,
    ),
  );

  const internalPort = await freePort();
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child: ChildProcess = spawn(process.execPath, [require.resolve('cognito-local/lib/bin/start.js')], {
    cwd: opts.dataDir,
    env: { ...process.env, PORT: String(internalPort), HOST: LOOPBACK, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const supervised = superviseChild(child);
  child.stderr?.pipe(log);
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    if (opts.onMail) for (const mail of parseMail(chunk.toString('utf8'))) opts.onMail(mail);
  });
  await Promise.race([
    waitForPort(internalPort, 30_000, 'cognito-local'),
    supervised.exited.then((how) => {
      throw new Error(`cognito-local exited (${how}); see ${opts.logFile}.`);
    }),
  ]);

  const internalUrl = `http://${LOOPBACK}:${internalPort}`;
  const admin = localCognitoClient(internalUrl);
  const signOuts = new SignOutRegister(path.join(opts.dataDir, 'signed-out.json'));
  const proxy = createRefreshProxy(internalUrl, admin, () => pool.userPoolId, opts.limiter ?? new RateLimiter(), signOuts);
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(opts.port, LOOPBACK, () => resolve());
  });

  const ids = await ensurePool(admin, path.join(opts.dataDir, 'pool.json'));
  const pool: LocalPool = {
    ...ids,
    endpoint: publicUrl,
    issuer: `${publicUrl}/${ids.userPoolId}`,
    jwksUri: `${publicUrl}/${ids.userPoolId}/.well-known/jwks.json`,
    region: 'us-east-1',
  };

  return {
    pool,
    exited: supervised.exited,
    async stop() {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      });
      await supervised.stop();
      admin.destroy();
      log.end();
    },
  };
}

/** The user pool client's token lifetimes, as the AWS one has them (functions/sessions.ts); cognito-local honours them. */
const TOKEN_SETTINGS = {
  AccessTokenValidity: TOKEN_VALIDITY.accessTokenMinutes,
  IdTokenValidity: TOKEN_VALIDITY.idTokenMinutes,
  RefreshTokenValidity: TOKEN_VALIDITY.refreshTokenDays,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
} as const;

async function ensurePool(client: CognitoIdentityProviderClient, file: string): Promise<{ userPoolId: string; userPoolClientId: string }> {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { userPoolId: string; userPoolClientId: string };
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }));
      // A pool made by an earlier version keeps its client: give it today's token lifetimes.
      await client.send(new UpdateUserPoolClientCommand({ UserPoolId: saved.userPoolId, ClientId: saved.userPoolClientId, ...TOKEN_SETTINGS }));
      return saved;
    } catch {
      // The pool file outlived the pool (data partly deleted): make a new one.
    }
  }
  const created = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'options-academy-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: { MinimumLength: 6, RequireLowercase: false, RequireUppercase: false, RequireNumbers: false, RequireSymbols: false },
      },
    }),
  );
  const userPoolId = created.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      ...TOKEN_SETTINGS,
    }),
  );
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Operators: admin and config pages' }));
  const ids = { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! };
  writeFileSync(file, JSON.stringify(ids, null, 2));
  return ids;
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Global sign-out, which cognito-local lacks (issue 20: "sign out everywhere", and account deletion): the proxy keeps
 * when each user last signed out everywhere (in dataDir, so it survives a restart) and refuses a refresh token issued
 * before that, as Cognito does once GlobalSignOut or AdminUserGlobalSignOut has revoked them. ID and access tokens
 * already issued stay valid until they expire (15 minutes), as in AWS.
 */
class SignOutRegister {
  private readonly at: Record<string, number>;
  constructor(private readonly file: string) {
    this.at = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
  }
  signOut(username: string) {
    this.at[username] = Date.now();
    writeFileSync(this.file, JSON.stringify(this.at));
  }
  /** A refresh token issued (iat, seconds) at or before the user's last global sign-out is revoked. */
  revoked(username: string, issuedAtSeconds: number): boolean {
    const at = this.at[username];
    return at !== undefined && issuedAtSeconds * 1000 <= at;
  }
}

/** The payload of a JWT, unverified: the proxy only reads who a token names (cognito-local checks the rest). */
function jwtPayload(token: string | undefined): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const json11 = (status: number, body: unknown): Upstream => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: Buffer.from(JSON.stringify(body)),
});

async function globalSignOut(admin: CognitoIdentityProviderClient, poolId: string, target: string, body: Buffer, signOuts: SignOutRegister): Promise<Upstream> {
  const input = JSON.parse(body.toString('utf8') || '{}') as { Username?: string; AccessToken?: string };
  let username: string | undefined;
  if (target.endsWith('AdminUserGlobalSignOut')) {
    try {
      username = (await admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: input.Username ?? '' }))).Username;
    } catch {
      return json11(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
    }
  } else {
    const claims = jwtPayload(input.AccessToken);
    username =
      typeof claims.username === 'string' ? claims.username : typeof claims['cognito:username'] === 'string' ? String(claims['cognito:username']) : undefined;
    if (!username || typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now())
      return json11(400, { __type: 'NotAuthorizedException', message: 'Access Token has expired' });
  }
  if (!username) return json11(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
  signOuts.signOut(username);
  return json11(200, {});
}

function createRefreshProxy(
  internalUrl: string,
  admin: CognitoIdentityProviderClient,
  poolId: () => string,
  limiter: RateLimiter,
  signOuts: SignOutRegister,
): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
      const decision = limiter.check({ kind: 'cognito', ip: req.socket.remoteAddress ?? '', operation });
      if (!decision.allowed) {
        // What Cognito answers when the user pool's web ACL blocks a call; Retry-After is the local stack's addition.
        res.writeHead(403, { 'content-type': 'application/x-amz-json-1.1', 'retry-after': String(decision.retryAfterSeconds) });
        res.end(
          JSON.stringify({ __type: 'ForbiddenException', message: 'Too many requests from this address. Please wait a few minutes before trying again.' }),
        );
        return;
      }
      const handle = async () => {
        if (operation === 'AdminUserGlobalSignOut' || operation === 'GlobalSignOut') return globalSignOut(admin, poolId(), operation, body, signOuts);
        if (operation === 'GetTokensFromRefreshToken' || operation === 'InitiateAuth') {
          const input = JSON.parse(body.toString('utf8') || '{}') as { RefreshToken?: string; AuthParameters?: { REFRESH_TOKEN?: string } };
          const claims = jwtPayload(input.RefreshToken ?? input.AuthParameters?.REFRESH_TOKEN);
          if (typeof claims['cognito:username'] === 'string' && typeof claims.iat === 'number' && signOuts.revoked(claims['cognito:username'], claims.iat))
            return json11(400, { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
        }
        if (target === `${TARGET_PREFIX}GetTokensFromRefreshToken`) return refreshViaInitiateAuth(internalUrl, req, body);
        const upstream = await forward(internalUrl, req, body);
        if (target === `${TARGET_PREFIX}SignUp` && upstream.status === 200) return confirmAtOnce(admin, poolId(), body, upstream);
        return upstream;
      };
      handle()
        .then(({ status, headers, body: out }) => {
          res.writeHead(status, headers);
          res.end(out);
        })
        .catch((err: Error) => {
          res.writeHead(502, { 'content-type': 'application/x-amz-json-1.1' });
          res.end(JSON.stringify({ __type: 'InternalErrorException', message: `Local Cognito proxy: ${err.message}` }));
        });
    });
  });
}

interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function forward(internalUrl: string, req: http.IncomingMessage, body: Buffer, override?: { target: string; body: string }): Promise<Upstream> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || ['host', 'content-length', 'connection'].includes(k)) continue;
    headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  if (override) headers.set('x-amz-target', override.target);
  const method = req.method ?? 'GET';
  const response = await fetch(new URL(req.url ?? '/', internalUrl), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : override ? override.body : new Uint8Array(body),
  });
  const outHeaders: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key)) outHeaders[key] = value;
  });
  return { status: response.status, headers: outHeaders, body: Buffer.from(await response.arrayBuffer()) };
}

async function refreshViaInitiateAuth(internalUrl: string, req: http.IncomingMessage, body: Buffer): Promise<Upstream> {
  const input = JSON.parse(body.toString('utf8') || '{}') as { ClientId?: string; RefreshToken?: string; ClientMetadata?: unknown };
  const upstream = await forward(internalUrl, req, body, {
    target: `${TARGET_PREFIX}InitiateAuth`,
    body: JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: input.ClientId,
      AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
      ClientMetadata: input.ClientMetadata,
    }),
  });
  if (upstream.status !== 200) return upstream;
  const parsed = JSON.parse(upstream.body.toString('utf8')) as { AuthenticationResult?: Record<string, unknown> };
  return { ...upstream, body: Buffer.from(JSON.stringify({ AuthenticationResult: parsed.AuthenticationResult })) };
}

async function confirmAtOnce(admin: CognitoIdentityProviderClient, userPoolId: string, requestBody: Buffer, upstream: Upstream): Promise<Upstream> {
  const request = JSON.parse(requestBody.toString('utf8')) as { Username?: string; UserAttributes?: { Name: string; Value: string }[] };
  const email = request.UserAttributes?.find((a) => a.Name === 'email')?.Value ?? request.Username ?? '';
  const signUp = JSON.parse(upstream.body.toString('utf8')) as { UserConfirmed?: boolean; UserSub?: string; CodeDeliveryDetails?: unknown };
  if (signUp.UserConfirmed || !signUp.UserSub) return upstream;
  // cognito-local looks users up by username or sub alike.
  await admin.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: signUp.UserSub }));
  await admin.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId,
      Username: signUp.UserSub,
      // cognito-local wants the email beside email_verified.
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  return { ...upstream, body: Buffer.from(JSON.stringify({ UserConfirmed: true, UserSub: signUp.UserSub })) };
}

/** cognito-local "delivers" codes by printing a box with Destination and Code lines. */
function parseMail(text: string): { to: string; code: string }[] {
  const out: { to: string; code: string }[] = [];
  const re = /Destination:\s*(\S+)[\s\S]*?Code:\s*(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ to: m[1]!, code: m[2]! });
  return out;
}
