import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { ViteDevServer } from 'vite';
import { AGENT_AUTHORIZER_CACHE_SECONDS } from '../shared/agent/token';
import { BoundedMap } from '../shared/bounded-map';
import { findAgentTokenByHash } from '../functions/adapters/dynamo/agent-tokens';
import {
  authorizerContext,
  bearerCheck,
  carriesAgentToken,
  claimsAsApiGatewayDoes,
  type AuthorizerContext,
  type BearerAnswer,
  type BearerCheck,
} from '../functions/authorizers/bearer-check';
import { AGENT_NOT_ALLOWED_ANSWER, RATE_LIMITED_ANSWER } from '../functions/rate-limits';
import { httpFunctions, routes, type RouteDefinition } from '../functions/routes';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '../infra/security-headers';
import { DRAWN_PAGES, SHELL_FILE } from '../infra/spa-routing';
import { lambdaContext, loadHandler, REPO_ROOT } from './handlers';
import { CompressedFiles, isCompressible, negotiateEncoding } from './compression';
import { LOOPBACK } from './ports';
import { RateLimiter, type LimitDecision } from './rate-limiter';

export type WebMode = { mode: 'dev' } | { mode: 'dist'; dir: string } | { mode: 'none' };

export interface GatewayOptions {
  port: number;
  authorize: (authorization: string | undefined) => Promise<JwtPayload | null>;
  web: WebMode;
  /** Served at /config.json: what the SPA needs to reach Cognito (the same file CDK deploys to S3). */
  runtimeConfig: Record<string, unknown>;
  /** Origins the SPA may connect to besides itself (the Cognito endpoint). */
  connectSources: string[];
  log: (line: string) => void;
  /** One line per API request (on by default; benches turn it off). */
  logRequests?: boolean;
  /** The per-client limits of functions/rate-limits.ts, as WAF applies them in AWS. */
  limiter?: RateLimiter;
  /**
   * The bearer check of the routes a personal access token may use, as the Lambda authorizer runs it in AWS; by
   * default the one of functions/authorizers/bearer-check.ts over `authorize` and the table's token items.
   */
  bearer?: BearerCheck;
}

/** What the gateway's authorizers hand the function, as API Gateway does: the JWT authorizer's claims or the Lambda authorizer's context. */
export type GatewayAuthorizer = { jwt: Record<string, string> } | { lambda: AuthorizerContext };

/** Authorizer answers kept, as API Gateway keeps a Lambda authorizer's answers per identity source. */
const BEARER_ANSWERS_KEPT = 10_000;

export interface RunningGateway {
  url: string;
  stop(): Promise<void>;
}

/** API Gateway's payload limit for HTTP APIs. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  def: RouteDefinition;
  method: string;
  regex: RegExp;
  names: string[];
  file: string;
}

export function compileRoutes(defs: readonly RouteDefinition[] = routes): CompiledRoute[] {
  return defs.map((def) => {
    const [method, pattern] = def.routeKey.split(' ') as [string, string];
    const names: string[] = [];
    const source = pattern
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)(\+)?\}$/.exec(segment);
        if (!param) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        names.push(param[1]!);
        return param[2] ? '(.+)' : '([^/]+)';
      })
      .join('/');
    const fn = httpFunctions.find((f) => f.id === def.fn);
    if (!fn) throw new Error(`Route ${def.routeKey} names unknown function ${def.fn}`);
    return { def, method, regex: new RegExp(`^${source}$`), names, file: fn.file };
  });
}

/** Finds the route API Gateway would pick; static segments win over parameters, as there. */
export function matchRoute(compiled: CompiledRoute[], method: string, pathname: string) {
  const candidates = compiled
    .filter((r) => r.method === method)
    .map((r) => ({ r, m: r.regex.exec(pathname) }))
    .filter((x): x is { r: CompiledRoute; m: RegExpExecArray } => !!x.m)
    .sort((a, b) => a.r.names.length - b.r.names.length);
  const hit = candidates[0];
  if (!hit) return null;
  const pathParameters: Record<string, string> = {};
  hit.r.names.forEach((name, i) => {
    pathParameters[name] = decodeURIComponent(hit.m[i + 1]!);
  });
  return { route: hit.r, pathParameters };
}

export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
  const compiled = compileRoutes();
  const server = http.createServer();
  let vite: ViteDevServer | undefined;
  if (opts.web.mode === 'dev') {
    const { createServer } = await import('vite');
    vite = await createServer({
      configFile: path.join(REPO_ROOT, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
      logLevel: 'warn',
    });
  }
  const csp = contentSecurityPolicy(opts.connectSources);
  const compressed = new CompressedFiles();
  const limiter = opts.limiter ?? new RateLimiter();
  const bearer = opts.bearer ?? bearerCheck({ verifyJwt: (token) => opts.authorize(`Bearer ${token}`), findToken: (hash) => findAgentTokenByHash(hash) });
  // API Gateway keeps a Lambda authorizer's answer per Authorization header for the authorizer's cache time; so does
  // the gateway. A token revoked meanwhile is refused all the same by the handler's standing read.
  const bearerAnswers = new BoundedMap<string, { answer: BearerAnswer; until: number }>(BEARER_ANSWERS_KEPT);
  const authorizeBearer = async (authorization: string): Promise<BearerAnswer> => {
    const kept = bearerAnswers.get(authorization);
    if (kept && kept.until > Date.now()) return kept.answer;
    const answer = await bearer(authorization);
    bearerAnswers.set(authorization, { answer, until: Date.now() + AGENT_AUTHORIZER_CACHE_SECONDS * 1000 });
    return answer;
  };

  server.on('clientError', answerClientError);
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => refuseUpgrade(req, socket, opts.web.mode === 'dev'));
  server.on('request', (req, res) => {
    const url = requestUrl(req);
    if (!url) return sendJson(res, 400, { message: 'Bad Request' });
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      handleApi(req, res, url).catch((err: Error) => {
        opts.log(`gateway error: ${err.stack ?? err.message}`);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
        else res.end();
      });
      return;
    }
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(opts.runtimeConfig));
      return;
    }
    try {
      serveWeb(req, res, url);
    } catch (err) {
      // Whatever goes wrong with one page answers that request, never stops the gateway (and the stack with it).
      opts.log(`gateway error: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    }
  });

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { message: 'Request Entity Too Large' });
    // A malformed escape (`%zz`, a cut UTF-8 sequence) cannot name a route; it made decodeURIComponent throw (a 500).
    if (!isWellEncoded(url.pathname)) return sendJson(res, 400, { message: 'Bad Request' });
    const hit = matchRoute(compiled, method, url.pathname);
    // The token is verified before the limits are applied, so that a per-learner limit knows the learner. Routes a
    // personal access token may use have the bearer authorizer (API Gateway's Lambda authorizer in AWS); the other
    // signed-in routes the JWT authorizer.
    const def = hit?.route.def;
    const signedIn = !!def && def.auth !== 'public';
    const authorization = headerValue(req.headers.authorization);
    let authorizer: GatewayAuthorizer | undefined;
    let limitedAs: string | undefined;
    if (signedIn && def.scope) {
      const answer = authorization ? await authorizeBearer(authorization) : null;
      if (answer) authorizer = { lambda: authorizerContext(answer) };
      // Each token is counted apart from its learner's browser, as WAF does by the Authorization header.
      limitedAs = answer?.kind === 'agent' ? `agent:${answer.tokenId}` : answer?.kind === 'cognito' ? String(answer.claims.sub) : undefined;
    } else if (signedIn && !carriesAgentToken(authorization)) {
      const payload = await opts.authorize(authorization);
      if (payload) authorizer = { jwt: claimsAsApiGatewayDoes(payload) };
      limitedAs = payload?.sub;
    }
    const decision = limiter.check({
      kind: 'api',
      ip: req.socket.remoteAddress ?? '',
      routeKey: def?.routeKey ?? null,
      user: limitedAs,
      agentToken: carriesAgentToken(authorization) ? authorization : undefined,
    });
    if (!decision.allowed) {
      if (opts.logRequests !== false) opts.log(`${method} ${url.pathname} 429 (limit ${decision.limit}, retry after ${decision.retryAfterSeconds} s)`);
      return sendTooManyRequests(res, decision);
    }
    if (!hit) return sendJson(res, 404, { message: 'Not Found' });
    // A personal access token on a signed-in route that has no scope: WAF's rule answers in AWS (infra/waf-rules.ts).
    if (signedIn && !def.scope && carriesAgentToken(authorization)) return sendJson(res, 403, AGENT_NOT_ALLOWED_ANSWER);
    // No Authorization header, or (JWT authorizer) a token that does not verify: API Gateway's own 401.
    if (signedIn && !authorizer) return sendJson(res, 401, { message: 'Unauthorized' });

    const requestId = randomUUID();
    const event = toApiGatewayEvent(req, url, body, hit.route.def.routeKey, hit.pathParameters, authorizer, requestId);
    const handler = await loadHandler<(e: unknown, c: unknown) => Promise<APIGatewayProxyStructuredResultV2 | string | object>>(hit.route.file);
    const result = await handler(event, lambdaContext(hit.route.def.fn, requestId));
    writeLambdaResult(res, result);
    if (opts.logRequests !== false) opts.log(`${method} ${url.pathname}${loggedQuery(url)} ${res.statusCode} ${Date.now() - started}ms`);
  }

  function serveWeb(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (opts.web.mode === 'dev' && vite) {
      vite.middlewares(req, res, () => sendText(res, 404, 'Not found'));
      return;
    }
    if (opts.web.mode !== 'dist') return sendText(res, 404, 'The web app is not served by this gateway (WEB_MODE=none).');
    const root = path.resolve(opts.web.dir);
    const requested = staticFileOf(root, url.pathname);
    if (requested === null) return sendText(res, 400, 'Bad Request');
    if (requested === 'outside') return sendText(res, 404, 'Not found');
    const isFile = existsSync(requested) && statSync(requested).isFile();
    // As CloudFront's routing function does in AWS: `/` and `/optionschain` are their pages drawn at build time (the
    // shell when a build has none), and other client-side routes fall back to the shell, index.html.
    const drawnFile = Object.hasOwn(DRAWN_PAGES, url.pathname) ? DRAWN_PAGES[url.pathname] : undefined;
    const drawn = drawnFile ? path.join(root, drawnFile) : null;
    const file = isFile ? requested : drawn && existsSync(drawn) ? drawn : path.join(root, SHELL_FILE);
    const hashed = isFile && url.pathname.startsWith('/assets/');
    const type = contentType(file);
    const headers = {
      ...STATIC_SECURITY_HEADERS,
      'content-security-policy': csp,
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && isCompressible(type, stat.size)) {
      // As CloudFront does: the answer depends on Accept-Encoding, so caches keep one copy per encoding.
      const encoding = negotiateEncoding(headerValue(req.headers['accept-encoding']));
      if (encoding) {
        let body: Buffer;
        try {
          body = compressed.get(file, stat.mtimeMs, encoding, () => readFileSync(file));
        } catch {
          return sendText(res, 404, 'Not found'); // gone between the check and the read (a rebuild of web/dist)
        }
        res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': String(body.length), vary: 'Accept-Encoding' });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      res.setHeader('vary', 'Accept-Encoding');
    }
    const stream = createReadStream(file);
    stream.once('error', () => {
      // Gone between the check and the read (a rebuild of web/dist): a 404 if nothing was sent yet.
      if (!res.headersSent) sendText(res, 404, 'Not found');
      else res.destroy();
    });
    stream.once('open', () => {
      res.writeHead(200, headers);
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
      } else stream.pipe(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, LOOPBACK, () => resolve());
  });
  return {
    url: `http://localhost:${opts.port}`,
    async stop() {
      await vite?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The request's URL, or null when it cannot name anything: parsed against a fixed base (the Host header is the caller's
 * to send, and a malformed one made URL throw and stopped the gateway), and its path well encoded (a malformed `%`
 * escape, `%zz` or a cut UTF-8 sequence, made decodeURIComponent throw: a 500 on API routes, and on a page in
 * WEB_MODE=dist an exception that stopped the process and left DynamoDB Local and cognito-local holding their ports).
 */
export function requestUrl(req: Pick<http.IncomingMessage, 'url'>): URL | null {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    return isWellEncoded(url.pathname) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The file a page path names under the static root; 'outside' when it leaves the root, null when it cannot name a file
 * (a malformed escape, a NUL byte).
 * The check compares against the root plus a separator: a bare prefix test let `/..%2Fdist-secret/x` (decoded after
 * URL parsing removed the dot segments it could see) read the sibling folder `dist-secret`.
 */
export function staticFileOf(root: string, pathname: string): string | 'outside' | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = path.resolve(root);
  const file = path.resolve(base, `.${path.posix.sep}${decoded}`);
  return file === base || file.startsWith(base + path.sep) ? file : 'outside';
}

/**
 * What Node's HTTP parser refuses (a malformed request line or header, headers too large) is answered here, so that
 * those answers too say `cache-control: no-store` (Node's own default answer carries no headers at all).
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
  const status =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? '431 Request Header Fields Too Large'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? '408 Request Timeout'
        : '400 Bad Request';
  socket.end(`HTTP/1.1 ${status}\r\ncache-control: no-store\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
}

/**
 * A request to switch protocols (WebSocket) gets a 400: HTTP APIs have none to offer. Left alone, Node stopped reading
 * the request after its headers and answered nothing, so a body never ended and the connection and its handler hung.
 * In WEB_MODE=dev, Vite's hot reload upgrades its own connections (protocol `vite-hmr` or `vite-ping`) on this server.
 */
function refuseUpgrade(req: http.IncomingMessage, socket: Duplex, viteListens: boolean) {
  if (viteListens && ['vite-hmr', 'vite-ping'].includes(String(req.headers['sec-websocket-protocol']))) return;
  socket.on('error', () => undefined);
  socket.end('HTTP/1.1 400 Bad Request\r\ncache-control: no-store\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
}

function isWellEncoded(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The payload format version 2.0 event API Gateway HTTP APIs send to Lambda. */
export function toApiGatewayEvent(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  authorizer: GatewayAuthorizer | undefined,
  requestId: string,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (k === 'cookie') {
      cookies = String(v).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentTypeHeader = headers['content-type'] ?? '';
  const textual = !contentTypeHeader || /json|text|xml|x-www-form-urlencoded|javascript/.test(contentTypeHeader);
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    stageVariables: undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: (req.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: !authorizer
        ? undefined
        : 'jwt' in authorizer
          ? { principalId: '', integrationLatency: 0, jwt: { claims: authorizer.jwt, scopes: [] } }
          : { lambda: authorizer.lambda },
    },
  };
  return event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

/** Applies Lambda's answer the way API Gateway does, including its shorthand forms. */
function writeLambdaResult(res: http.ServerResponse, result: APIGatewayProxyStructuredResultV2 | string | object) {
  const structured = typeof result === 'object' && result !== null && 'statusCode' in result;
  if (!structured) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(typeof result === 'string' ? result : JSON.stringify(result));
    return;
  }
  const r = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  res.writeHead(r.statusCode ?? 200, headers);
  res.end(r.body ? Buffer.from(r.body, r.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/** What WAF's rate-based rules answer in AWS (infra/waf-rules.ts), with the exact wait, which WAF cannot give. */
function sendTooManyRequests(res: http.ServerResponse, decision: Extract<LimitDecision, { allowed: false }>) {
  res.writeHead(429, { 'content-type': 'application/json', 'cache-control': 'no-store', 'retry-after': String(decision.retryAfterSeconds) });
  res.end(JSON.stringify(RATE_LIMITED_ANSWER));
}

/** The gateway's own answers are errors: never kept by a browser or a shared cache, where a 401 or 413 would outlive its cause. */
function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function sendText(res: http.ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
};
const contentType = (file: string) => TYPES[path.extname(file)] ?? 'application/octet-stream';

/**
 * The query as the request log shows it: a token in it (an e-mail's unsubscribe link; Kite's one-time request token and
 * the login's signed state on its callback) is not written to the log.
 */
const LOG_HIDDEN_PARAMS = ['token', 'request_token', 'state'];
export function loggedQuery(url: URL): string {
  const hidden = LOG_HIDDEN_PARAMS.filter((name) => url.searchParams.has(name));
  if (hidden.length === 0) return url.search;
  const shown = new URLSearchParams(url.searchParams);
  for (const name of hidden) shown.set(name, '…');
  return `?${shown.toString()}`;
}
