import http from 'node:http';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { rateLimits } from '../../functions/rate-limits';
import { uniqueEmail } from '../support/cognito';
import { monthlyChain, newKey, marketBuy } from '../support/learner';

/**
 * The limits of functions/rate-limits.ts through the local stack, as clients of their own: each test sends from a
 * loopback address of its own (127.0.0.x), so that what it spends is not taken from the other tests, which all call
 * from 127.0.0.1.
 */
const stack = inject('stack');
const limit = (id: string) => rateLimits.find((d) => d.id === id)!;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A client on one source address, keeping its connections alive as a browser does. */
function clientAt(address: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16, localAddress: address });
  const request = (url: URL, method: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const r = http.request(
        url,
        { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      r.on('error', reject);
      r.end(body);
    });
  const api = (method: string, path: string, opts: { token?: string; body?: unknown } = {}) =>
    request(
      new URL(path, stack.url),
      method,
      { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      opts.body === undefined ? undefined : JSON.stringify(opts.body),
    );
  const cognito = (operation: string, input: object) =>
    request(
      new URL(stack.pool.endpoint),
      'POST',
      { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
      JSON.stringify(input),
    );
  const signUpAndIn = async () => {
    const email = uniqueEmail('class');
    const password = 'secret1';
    const up = await cognito('SignUp', {
      ClientId: stack.pool.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(up.status, up.body).toBe(200);
    const auth = await cognito('InitiateAuth', {
      ClientId: stack.pool.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    expect(auth.status, auth.body).toBe(200);
    return (JSON.parse(auth.body) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
  };
  return { api, cognito, signUpAndIn, close: () => agent.destroy() };
}

/** Sends `count` requests, `concurrency` at a time, and tallies the statuses. */
async function burst(count: number, concurrency: number, send: () => Promise<Answer>) {
  const statuses = new Map<number, number>();
  let refused: Answer | undefined;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const answer = await send();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if ((answer.status === 429 || answer.status === 403) && !refused) refused = answer;
      }
    }),
  );
  return { statuses: Object.fromEntries(statuses), refused };
}

const expectRetryAfterWithin = (answer: Answer | undefined, windowSeconds: number) => {
  const seconds = Number(answer?.headers['retry-after']);
  expect(Number.isInteger(seconds), String(answer?.headers['retry-after'])).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
};

describe('rate limits through the local stack', () => {
  const clients: ReturnType<typeof clientAt>[] = [];
  const at = (address: string) => {
    const c = clientAt(address);
    clients.push(c);
    return c;
  };
  afterAll(() => clients.forEach((c) => c.close()));

  it('answers a script hammering the API from one address with 429 and Retry-After, and keeps serving another address', async () => {
    const script = at('127.0.0.21');
    const { limit: allowed, windowSeconds } = limit('apiPerAddress');
    const result = await burst(allowed + 20, 16, () => script.api('GET', '/api/no-such-route'));
    expect(result.statuses).toEqual({ 404: allowed, 429: 20 });
    expectRetryAfterWithin(result.refused, windowSeconds);
    expect(JSON.parse(result.refused!.body)).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    expect(result.refused!.headers['cache-control']).toBe('no-store');
    // Still refused while it keeps going; a visitor at another address is not.
    expect((await script.api('GET', '/api/health')).status).toBe(429);
    expect((await at('127.0.0.22').api('GET', '/api/health')).status).toBe(200);
  });

  it("refuses one learner's orders past the orders limit, counted per learner wherever they call from", async () => {
    const [first, second] = [at('127.0.0.23'), at('127.0.0.24')];
    const token = await first.signUpAndIn();
    const other = await first.signUpAndIn();
    const { limit: allowed, windowSeconds } = limit('orders');
    // Bodies the contract refuses still count: WAF counts requests before anything reads them.
    const half = Math.floor(allowed / 2);
    const fromFirst = await burst(half, 8, () => first.api('POST', '/api/orders', { token, body: {} }));
    const fromSecond = await burst(allowed - half + 5, 8, () => second.api('POST', '/api/orders', { token, body: {} }));
    expect(fromFirst.statuses).toEqual({ 400: half });
    expect(fromSecond.statuses).toEqual({ 400: allowed - half, 429: 5 });
    expectRetryAfterWithin(fromSecond.refused, windowSeconds);
    // The learner can still read; another learner at the same address can still trade.
    expect((await first.api('GET', '/api/orders', { token })).status).toBe(200);
    expect((await first.api('POST', '/api/orders', { token: other, body: {} })).status).toBe(400);
  });

  it('refuses sign-in attempts from one address past the sign-in limit, as the user pool does when its web ACL blocks', async () => {
    const guesser = at('127.0.0.25');
    const { limit: allowed, windowSeconds } = limit('signIn');
    const email = uniqueEmail('target');
    const guess = () =>
      guesser.cognito('InitiateAuth', {
        ClientId: stack.pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: `guess-${Math.random()}` },
      });
    const result = await burst(allowed + 5, 8, guess);
    expect(result.statuses[403]).toBe(5);
    expect(Object.values(result.statuses).reduce((a, b) => a + b)).toBe(allowed + 5);
    expect(JSON.parse(result.refused!.body).__type).toBe('ForbiddenException');
    expectRetryAfterWithin(result.refused, windowSeconds);
  });

  it('lets a class of learners behind one school address sign up, browse and trade as people do, without a single refusal', async () => {
    const school = at('127.0.0.26');
    const { contracts, nearest, price } = await monthlyChain(stack, 'SPY');
    expect(contracts.length).toBeGreaterThan(0);
    const contract = nearest('call', price).contract_ticker;
    const statuses = new Map<number, number>();
    const tally = async (p: Promise<Answer>) => {
      const answer = await p;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      return answer;
    };
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        const token = await school.signUpAndIn();
        await tally(school.api('GET', '/api/me', { token }));
        await tally(school.api('POST', '/api/account', { token, body: { startingCapital: 100000 } }));
        for (const path of ['/api/market/status', '/api/market/SPY/expiries', '/api/portfolio', '/api/orders', '/api/compliance/summary']) {
          await tally(school.api('GET', path, { token }));
        }
        for (let i = 0; i < 5; i++) {
          await tally(school.api('POST', '/api/orders', { token, body: marketBuy(contract, 1, newKey()) }));
          await tally(school.api('GET', '/api/portfolio', { token }));
        }
      }),
    );
    expect([...statuses.keys()].sort()).toEqual([200, 201]);
  });
});
