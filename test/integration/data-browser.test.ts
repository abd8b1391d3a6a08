import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, newYorkDate } from '@shared/market/dates';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';
import { waitFor } from '../support/local-stack';

const stack = inject('stack');
const to = newYorkDate(new Date());
const from = addDays(to, -45);
let admin: Record<string, string>;
let learner: Record<string, string>;

const read = async (path: string, headers = admin) => {
  const res = await fetch(`${stack.url}${path}`, { headers });
  return { status: res.status, body: await res.json() };
};

/** Every page of a table, following each page's cursor to the end (at most 50 pages). */
async function allPages(path: string) {
  const pages: { rows: Record<string, unknown>[]; cursor: string | null }[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await read(`${path}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status, JSON.stringify(body)).toBe(200);
    pages.push(body);
    cursor = body.cursor;
  } while (cursor && pages.length < 50);
  expect(cursor).toBeNull();
  return pages;
}

beforeAll(async () => {
  // The stack's first ingestion stores chains, stock bars and the option bars of the most active contracts.
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    // A stack started on a busy machine may take a few minutes over its first ingestion.
    240_000,
    'the first market ingestion',
  );
  const operator = await signUpAndSignIn(stack, { name: 'Data Operator' });
  await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: 'admin' }));
  admin = { authorization: `Bearer ${(await signIn(stack, operator.email, operator.password)).idToken}` };
  learner = { authorization: `Bearer ${(await signUpAndSignIn(stack, { name: 'Curious Learner' })).idToken}` };
}, 300_000);

describe('the data browser API', () => {
  it('is for operators only: a learner gets 403, no token 401', async () => {
    expect((await read(`/api/admin/data/SPY/stock-bars?from=${from}&to=${to}`, learner)).status).toBe(403);
    expect((await read(`/api/admin/data/SPY/option-bars?from=${from}&to=${to}`, {})).status).toBe(401);
  });

  it("pages through the underlying's stored stock bars by date, following the cursor, each bar once", async () => {
    const first = await read(`/api/admin/data/SPY/stock-bars?from=${from}&to=${to}&limit=5`);
    expect(first.status).toBe(200);
    expect(first.body.rows).toHaveLength(5);
    expect(first.body.cursor).toEqual(expect.any(String));
    expect(first.body.rows[0]).toMatchObject({ ticker: 'SPY', origin: 'ingest', close: expect.any(Number) });

    const pages = await allPages(`/api/admin/data/SPY/stock-bars?from=${from}&to=${to}&limit=5`);
    const dates = pages.flatMap((p) => p.rows.map((r) => String(r.date)));
    expect(dates.length).toBeGreaterThan(5);
    expect(dates).toEqual([...new Set(dates)].sort());
    expect(dates.every((d) => d >= from && d <= to)).toBe(true);
  });

  it("pages through the option bars of the underlying's contracts, then one contract's, and charts it", async () => {
    const pages = await allPages(`/api/admin/data/SPY/option-bars?from=${from}&to=${to}&limit=50`);
    const rows = pages.flatMap((p) => p.rows);
    expect(pages.length).toBeGreaterThan(1);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.every((r) => r.underlying === 'SPY')).toBe(true);
    const keys = rows.map((r) => `${String(r.date)}#${String(r.contract)}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual([...keys].sort());

    const contract = String(rows[0]!.contract);
    const one = await allPages(`/api/admin/data/SPY/option-bars?from=${from}&to=${to}&contract=${contract}&limit=500`);
    const bars = one.flatMap((p) => p.rows);
    expect(bars.length).toBe(rows.filter((r) => r.contract === contract).length);
    expect(bars.every((r) => r.contract === contract)).toBe(true);

    const history = await read(`/api/admin/data/SPY/history?from=${from}&to=${to}&contract=${contract}`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ underlying: 'SPY', contract, truncated: false });
    expect(history.body.points.map((p: { date: string }) => p.date)).toEqual(bars.map((b) => b.date));
  });

  it("lists the stored chains by expiry, opens one's contracts, and reads the daily summaries", async () => {
    const chains = await read(`/api/admin/data/SPY/chains?from=${to}&to=${addDays(to, 60)}&limit=3`);
    expect(chains.status).toBe(200);
    expect(chains.body.rows).toHaveLength(3);
    const expiration = chains.body.rows[0].expiration;
    const contracts = await read(`/api/admin/data/SPY/chains/${expiration}?limit=10`);
    expect(contracts.status).toBe(200);
    expect(contracts.body.rows).toHaveLength(10);
    expect(contracts.body.chain.contracts).toBeGreaterThan(10);
    expect(contracts.body.rows.every((c: { expiration_date: string }) => c.expiration_date === expiration)).toBe(true);

    const summaries = await read(`/api/admin/data/SPY/summaries?from=${from}&to=${to}`);
    expect(summaries.status).toBe(200);
    expect(summaries.body.rows.length).toBeGreaterThan(0);
    expect(summaries.body.rows[0]).toMatchObject({ underlying: 'SPY', close: expect.any(Number) });
  });

  it("refuses, with a 400 that says what to do, another table's cursor and input it cannot read", async () => {
    const stock = await read(`/api/admin/data/SPY/stock-bars?from=${from}&to=${to}&limit=2`);
    const foreign = await read(`/api/admin/data/SPY/summaries?from=${from}&to=${to}&cursor=${stock.body.cursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('The page cursor does not belong to this table, underlying and date range: start again from the first page.');
    const otherTicker = await read(`/api/admin/data/QQQ/stock-bars?from=${from}&to=${to}&cursor=${stock.body.cursor}`);
    expect(otherTicker.status).toBe(400);

    const backwards = await read(`/api/admin/data/SPY/stock-bars?from=${to}&to=${from}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toMatch(/must be on or after the from date/);
    expect((await read(`/api/admin/data/SPY/stock-bars?from=${from}&to=${to}&limit=501`)).status).toBe(400);
    expect((await read(`/api/admin/data/SPY/option-bars?from=${from}&to=${to}&contract=QQQ261218C00500000`)).body.error).toBe(
      'QQQ261218C00500000 is not an option on SPY.',
    );
  });
});
