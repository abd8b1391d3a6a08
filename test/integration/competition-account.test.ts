import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { undefinedRiskMessage } from '@shared/competitions/competitions.errors';
import { tradingWindow } from '@shared/competitions/competition-venue';
import { seasonOnOrAfter, SEASON_KINDS, type Season } from '@shared/competitions/seasons';
import type { CompetitionAccountDeps } from '@shared/competitions/use-cases/competition-account-deps';
import { newYorkParts } from '@shared/market/dates';
import type { PaperDeps } from '@shared/paper/use-cases/deps';
import { dynamoCompetitionPlans } from '../../functions/adapters/dynamo/competition-plan-repository';
import { dynamoPaperAccountRepository } from '../../functions/adapters/dynamo/paper-account-repository';
import { systemClock } from '../../functions/commons/clock';
import { competitionAccountsOf } from '../../functions/wiring/competition-accounts';
import { storeAgentToken } from '../support/agent-tokens';
import { learner, monthlyChain, newKey } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * A learner's competition account against the local stack: opened through the CompetitionAccounts adapter (as the
 * season's join does), traded through the gateway's one order path (POST /api/orders with its accountId), read by
 * GET /api/competitions/seasons/{id}/account, and kept apart from the learner's own paper account. The stack's clock is
 * the machine's: the season is one running now (a weekly one on a trading week, else the monthly one).
 */
const stack = inject('stack');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
);
afterAll(() => db.destroy());

const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not used to open an account')) }) as PaperDeps['quotes'];
const deps: CompetitionAccountDeps = {
  depsOf: (seasonId) => ({
    repo: dynamoPaperAccountRepository(db, stack.tableName, Date.now, { seasonId }),
    quotes: unused,
    clock: systemClock,
    ids: { newId: () => ulid() },
  }),
  own: dynamoPaperAccountRepository(db, stack.tableName),
  plans: dynamoCompetitionPlans(db, stack.tableName),
};
const accounts = competitionAccountsOf(deps);

/** A season running now: orders are taken from its first trading day until its close. */
function runningSeason(now = new Date()): Season | null {
  const { date } = newYorkParts(now);
  return SEASON_KINDS.map((kind) => seasonOnOrAfter(kind, date)).find((s) => tradingWindow(s, now) === 'running') ?? null;
}

const order = (accountId: string, legs: { contract: string; side: 'buy' | 'sell' }[]) => ({
  clientOrderId: newKey(),
  type: 'market',
  timeInForce: 'day',
  accountId,
  legs: legs.map((l) => ({ ...l, contract: l.contract.replace(/^O:/, ''), quantity: 1 })),
});

let spy: Awaited<ReturnType<typeof monthlyChain>>;
beforeAll(async () => {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    180_000,
    'market data',
  );
  spy = await monthlyChain(stack, 'SPY');
}, 200_000);

describe('a competition account', () => {
  const season = runningSeason();

  it.runIf(season)(
    'takes a defined-risk spread through POST /api/orders, shows it in its own account and not in the paper account, and refuses a naked call and an agent token',
    async () => {
      const s = season!;
      const accountId = `competition-${s.id}`;
      const who = await learner(stack, 100_000);
      const { user, call } = who;
      // Spreads need the Spreads level (3), the learner's own, which the competition account takes when it opens.
      expect((await call('PUT', '/api/account/settings', { optionsLevel: 3 })).status).toBe(200);
      await accounts.open(user.sub, s.id, new Date().toISOString());
      await accounts.open(user.sub, s.id, new Date().toISOString()); // a retried join changes nothing

      const calls = spy.contracts.filter((c) => c.contract_type === 'call' && c.bid > 0).sort((a, b) => a.strike_price - b.strike_price);
      const long = spy.nearest('call', spy.price);
      const short = calls.find((c) => c.strike_price > long.strike_price)!;
      const placed = await call(
        'POST',
        '/api/orders',
        order(accountId, [
          { contract: long.contract_ticker, side: 'buy' },
          { contract: short.contract_ticker, side: 'sell' },
        ]),
      );
      expect(placed.status).toBe(201);
      const orderId = placed.body.order.orderId as string;
      // Filled during the session; queued for the next one while the market is closed (a competition takes no shortcut).
      expect(['filled', 'open']).toContain(placed.body.order.status);

      const view = await call('GET', `/api/competitions/seasons/${s.id}/account`);
      expect(view.status).toBe(200);
      expect(view.body).toMatchObject({
        seasonId: s.id,
        accountId,
        season: { status: 'running' },
        account: { startingCapital: 100_000, settings: { optionsLevel: 3, fillModel: 'bid-ask' } },
      });
      const seen = [...view.body.openOrders.map((o: { orderId: string }) => o.orderId), ...view.body.trades.map((t: { id: string }) => t.id)];
      expect(seen).toContain(orderId);
      expect((await call('GET', `/api/orders?accountId=${accountId}`)).body.orders.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
      expect((await call('GET', '/api/accounts')).body.accounts.map((a: { id: string }) => a.id)).toEqual(['paper', accountId]);

      // Not in the learner's own paper account.
      expect((await call('GET', '/api/orders')).body.orders).toEqual([]);
      expect((await call('GET', '/api/portfolio')).body.positions).toEqual([]);

      const naked = await call('POST', '/api/orders', order(accountId, [{ contract: short.contract_ticker, side: 'sell' }]));
      expect(naked).toMatchObject({ status: 422, body: { error: undefinedRiskMessage('SPY') } });

      const token = await storeAgentToken(db, stack.tableName, user.sub, { scopes: ['read', 'trade'] });
      const byToken = await fetch(`${stack.url}/api/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(
          order(accountId, [
            { contract: long.contract_ticker, side: 'buy' },
            { contract: short.contract_ticker, side: 'sell' },
          ]),
        ),
      });
      expect(byToken.status).toBe(403);
      expect((await call('GET', `/api/orders?accountId=${accountId}`)).body.orders).toHaveLength(1);

      // Its items sit in the learner's own partition, under COMP#<seasonId>#.
      const items = await db.send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': `USER#${user.sub}`, ':p': `COMP#${s.id}#` },
        }),
      );
      expect((items.Items ?? []).map((i) => String(i.SK))).toEqual(expect.arrayContaining([`COMP#${s.id}#PAPER#ACCOUNT`, `COMP#${s.id}#ORDER#${orderId}`]));
    },
  );

  it("answers 404 for a season the learner has not joined, and for another learner's", async () => {
    const s = season ?? seasonOnOrAfter('monthly', newYorkParts(new Date()).date);
    const who = await learner(stack, 100_000);
    const other = await learner(stack);
    await accounts.open(who.user.sub, s.id, new Date().toISOString());
    expect((await who.call('GET', `/api/competitions/seasons/${s.id}/account`)).status).toBe(200);
    expect((await other.call('GET', `/api/competitions/seasons/${s.id}/account`)).status).toBe(404);
  });
});
