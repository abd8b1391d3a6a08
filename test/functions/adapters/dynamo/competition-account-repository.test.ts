import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { domainEvent } from '@shared/events/domain-events';
import type { AccountChange } from '@shared/paper/paper.port';
import type { Order } from '@shared/trading/order';
import { dynamoCompetitionPlans } from '../../../../functions/adapters/dynamo/competition-plan-repository';
import { dynamoPaperAccountRepository } from '../../../../functions/adapters/dynamo/paper-account-repository';
import { account, call, optionPosition } from '../../../support/trading-fixtures';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const NOW = Date.parse('2026-11-23T15:00:00Z');
const paper = dynamoPaperAccountRepository(db, 't', () => NOW);
const competition = dynamoPaperAccountRepository(db, 't', () => NOW, { seasonId: 'weekly-2026-11-23' });

const order = { orderId: '01A', clientOrderId: 'client-1', status: 'open', createdAt: '2026-11-23T15:00:00.000Z' } as Order;
const position = optionPosition(call(100), 1, 2.2);
const change: AccountChange = {
  account: { expectedVersion: 1, next: account({ version: 2 }) },
  order: { next: order, expected: 'new' },
  positions: [{ symbol: position.symbol, before: null, after: position }],
  activity: [{ id: '01B', at: '2026-11-23T15:00:00.000Z', kind: 'fill', text: 'Bought', cashDelta: -220, realizedPnl: 0 }],
  compliance: [
    {
      compliance_type: 'buying_power',
      check_result: 'passed',
      details: {},
      action_taken: 'approved',
      trade_date: '2026-11-23',
      created_at: '2026-11-23T15:00:00.000Z',
    },
  ],
  counters: { paperTrades: 1 },
  events: [domainEvent('AccountOpened', { userId: 'u1', startingCapital: 100_000, run: 1, at: '2026-11-23T15:00:00.000Z' }, '01JEVENT0000000000000000E1')],
};

const written = () =>
  mock
    .commandCalls(TransactWriteCommand)[0]!
    .args[0].input.TransactItems!.map((i) => (i.Put?.Item ?? { ...i.Update!.Key, update: true }) as Record<string, unknown>);

describe("a competition account's items in DynamoDB", () => {
  beforeEach(() => mock.reset());

  it("keeps every item under the learner's partition with its sort key prefixed COMP#<seasonId>#, its index entries under COMP*, and writes no outbox event or site counter", async () => {
    mock.on(TransactWriteCommand).resolves({});
    expect(await competition.commit('u1', change)).toBe('ok');
    const items = written();
    expect(items.map((i) => [i.PK, i.SK])).toEqual([
      ['USER#u1', 'COMP#weekly-2026-11-23#PAPER#ACCOUNT'],
      ['USER#u1', 'COMP#weekly-2026-11-23#ORDERCID#client-1'],
      ['USER#u1', 'COMP#weekly-2026-11-23#ORDER#01A'],
      ['USER#u1', `COMP#weekly-2026-11-23#PAPER#POS#${call(100)}`],
      ['USER#u1', 'COMP#weekly-2026-11-23#ACT#01B'],
      ['USER#u1', expect.stringMatching(/^COMP#weekly-2026-11-23#COMPL#2026-11-23#/)],
    ]);
    expect(items[2]).toMatchObject({ GSI1PK: 'COMPOPEN#weekly-2026-11-23' });
    expect(items[3]).toMatchObject({ GSI1PK: 'COMPEXPIRY#weekly-2026-11-23#2026-12-18', GSI1SK: `u1#${call(100)}` });
    expect(items.some((i) => i.entity === 'outbox' || String(i.PK).startsWith('OUTBOX') || i.update)).toBe(false);
  });

  it("leaves the learner's own paper account's items as they were: unprefixed keys, OPENORDERS and EXPIRY#, the outbox and the counters", async () => {
    mock.on(TransactWriteCommand).resolves({});
    expect(await paper.commit('u1', change)).toBe('ok');
    const items = written();
    expect(items.slice(0, 6).map((i) => i.SK)).toEqual([
      'PAPER#ACCOUNT',
      'ORDERCID#client-1',
      'ORDER#01A',
      `PAPER#POS#${call(100)}`,
      'ACT#01B',
      expect.stringMatching(/^COMPL#2026-11-23#/),
    ]);
    expect(items[2]).toMatchObject({ GSI1PK: 'OPENORDERS' });
    expect(items[3]).toMatchObject({ GSI1PK: 'EXPIRY#2026-12-18' });
    expect(items).toHaveLength(8); // and the site counters' update, and the event's outbox item
    expect(items[6]).toMatchObject({ update: true });
  });

  it("opens the account without an outbox item, and its reads and the scheduled jobs' lookups stay within its season", async () => {
    mock.on(TransactWriteCommand).resolves({});
    mock.on(QueryCommand).resolves({ Items: [{ PK: 'USER#u1', SK: 'COMP#weekly-2026-11-23#ORDER#01A' }] });
    mock.on(GetCommand).resolves({});
    expect(await competition.createAccount(account(), change.activity![0]!, change.events!)).toBe(true);
    expect(written().map((i) => i.SK)).toEqual(['COMP#weekly-2026-11-23#PAPER#ACCOUNT', 'COMP#weekly-2026-11-23#ACT#01B']);

    await competition.getAccountAndPositions('u1');
    await competition.listOrders('u1');
    await competition.listActivity('u1', 10);
    await competition.complianceLog('u1', '2026-11-01');
    expect(await competition.usersWithOpenOrders()).toEqual(['u1']);
    await competition.usersWithExpiringPositions('2026-11-27');
    await competition.getOrderByClientId('u1', 'client-1');
    const queries = mock.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues);
    expect(queries).toEqual([
      { ':pk': 'USER#u1', ':p': 'COMP#weekly-2026-11-23#PAPER#' },
      { ':pk': 'USER#u1', ':p': 'COMP#weekly-2026-11-23#ORDER#' },
      { ':pk': 'USER#u1', ':p': 'COMP#weekly-2026-11-23#ACT#' },
      { ':pk': 'USER#u1', ':from': 'COMP#weekly-2026-11-23#COMPL#2026-11-01', ':to': 'COMP#weekly-2026-11-23#COMPL#~' },
      { ':pk': 'COMPOPEN#weekly-2026-11-23' },
      { ':pk': 'COMPEXPIRY#weekly-2026-11-23#2026-11-27' },
    ]);
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input.Key).toEqual({ PK: 'USER#u1', SK: 'COMP#weekly-2026-11-23#ORDERCID#client-1' });
  });

  it('keeps a trade plan beside the account and reads the season’s plans back by trade id', async () => {
    const plans = dynamoCompetitionPlans(db, 't');
    mock.on(PutCommand).resolves({});
    const plan = { thesis: 'XYZ holds above 100', plannedExit: { profitTargetPct: 50, stop: '', time: '' }, writtenAt: '2026-11-23T15:00:00.000Z' };
    await plans.put('u1', 'weekly-2026-11-23', '01A', plan);
    expect(mock.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ PK: 'USER#u1', SK: 'COMP#weekly-2026-11-23#PLAN#01A', ...plan });
    mock.on(QueryCommand).resolves({ Items: [{ PK: 'USER#u1', SK: 'COMP#weekly-2026-11-23#PLAN#01A', ...plan }] });
    expect(await plans.plans('u1', 'weekly-2026-11-23')).toEqual(new Map([['01A', plan]]));
  });
});
