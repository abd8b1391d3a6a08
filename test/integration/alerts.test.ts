import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatUsd } from '@shared/format/money';
import { UNSUBSCRIBED_PAGE } from '@shared/alerts/messages';
import type { StoredMail } from '../../functions/adapters/mail/file-mailer';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { dynamoSummaryStore } from '../../functions/adapters/dynamo/summary-repository';
import { learner } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * Issue 37: an alert the learner set fires after the ingestion whose close crosses it, writes one notification, and a
 * redelivered ChainIngested (the same event, or the same run announced again) writes no second one. A learner who chose
 * e-mail gets exactly one message in the local stand-in's folder, whose unsubscribe link turns the choice off without
 * signing in.
 */
const stack = inject('stack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials }));

const put = (...entries: { detailType: string; detail: object }[]) =>
  bus.send(
    new PutEventsCommand({
      Entries: entries.map((e) => ({
        EventBusName: 'options-academy-local',
        Source: 'options-academy',
        DetailType: e.detailType,
        Detail: JSON.stringify(e.detail),
      })),
    }),
  );
const events = async () => (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[];
const alertsDelivery = (e: DeliveredEvent) => e.deliveries.find((d) => d.rule === 'alertsOnChainIngested');
const mailDelivery = (e: DeliveredEvent) => e.deliveries.find((d) => d.rule === 'alertEmailOnAlertFired');
/** The messages the local mail stand-in wrote to one address (one JSON file each under the data directory's mail/). */
const mailTo = async (to: string): Promise<StoredMail[]> => {
  const dir = path.join(stack.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const all = await Promise.all(names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as StoredMail));
  return all.filter((m) => m.to === to);
};
const lastSync = async () => ((await (await fetch(`${stack.url}/api/market/status`)).json()) as { lastSync: string | null }).lastSync;

beforeAll(async () => {
  await waitFor(lastSync, (s) => s !== null, 280_000, 'the first market ingestion');
}, 300_000);

describe('alerts after an ingestion (local stack)', () => {
  it('fires once on the close that crosses the level, and a redelivered ChainIngested writes no second notification or e-mail', async () => {
    const { call, user } = await learner(stack);
    expect((await call('GET', '/api/notifications/settings')).body).toEqual({ emailOn: false });
    expect((await call('PUT', '/api/notifications/settings', { emailOn: true })).body).toEqual({ emailOn: true });
    // The level is SPY's stored close, on the side away from the close before: the next ingestion of the same session
    // stores that close again, so its close crosses the level (a close exactly at the level has crossed it).
    const rows = await dynamoSummaryStore(db, stack.tableName).listSummaries('SPY', '2000-01-01');
    const [prev, last] = rows.slice(-2);
    expect(prev!.close).not.toBe(last!.close);
    const direction = last!.close > prev!.close ? 'above' : 'below';
    const made = await call('POST', '/api/alerts', { condition: { kind: 'price-cross', underlying: 'SPY', direction, level: last!.close } });
    expect(made.status).toBe(201);
    expect((await call('GET', '/api/notifications/unread-count')).body).toEqual({ unread: 0 });
    // A second learner with three alerts that cross on the same close: their firings are written in one transaction,
    // with the active count taken down once for the two one-shot alerts it retires.
    const other = await learner(stack);
    const crossing = { kind: 'price-cross', underlying: 'SPY', direction, level: last!.close };
    for (const repeat of ['once', 'once', 'daily']) expect((await other.call('POST', '/api/alerts', { condition: crossing, repeat })).status).toBe(201);
    const activeCount = async () =>
      (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `USER#${other.user.sub}`, SK: 'ALERT#COUNT' } }))).Item?.active;
    expect(await activeCount()).toBe(3);

    const seen = new Set((await events()).map((e) => e.id));
    await put({
      detailType: 'IngestRequested',
      detail: { eventId: ulid(), requestedBy: 'integration-test', reason: 'sync', underlyings: ['SPY'], at: new Date().toISOString() },
    });
    const [ingested] = await waitFor(
      async () => (await events()).filter((e) => !seen.has(e.id) && e.detailType === 'ChainIngested' && alertsDelivery(e)?.status === 'ok'),
      (l) => l.length > 0,
      180_000,
      'the ingestion and its alerts consumer',
    );
    const list = (await call('GET', '/api/notifications')).body;
    expect(list.unread).toBe(1);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      alertId: made.body.id,
      title: `SPY closed ${direction} ${formatUsd(last!.close)}`,
      link: '/app/optionschain?ticker=SPY',
    });
    expect((await call('GET', '/api/alerts')).body.alerts[0]).toMatchObject({ status: 'done', firedCount: 1 });
    expect((await other.call('GET', '/api/notifications')).body.notifications).toHaveLength(3);
    const theirs = (await other.call('GET', '/api/alerts')).body;
    expect(theirs.alerts.map((a: { status: string; firedCount: number }) => `${a.status} ${a.firedCount}`).sort()).toEqual(['active 1', 'done 1', 'done 1']);
    expect(theirs.active).toBe(1);
    expect(await activeCount()).toBe(1);
    // The firing announced AlertFired (the learner turned e-mails on); its consumer sends the e-mail.
    await waitFor(
      async () => (await events()).filter((e) => !seen.has(e.id) && e.detailType === 'AlertFired' && mailDelivery(e)?.status === 'ok'),
      (l) => l.length === 1,
      60_000,
      'the alert e-mail consumer',
    );
    const mailed = await mailTo(user.email);
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.subject).toBe(`Options Academy alert: SPY closed ${direction} ${formatUsd(last!.close)}`);
    expect(mailed[0]!.text).toContain(`${stack.url}/app/optionschain?ticker=SPY`);

    // The same event twice at once, and the same run announced again under a new id: still one notification.
    const detail = ingested!.detail as Record<string, unknown>;
    const again = { ...detail, eventId: ulid() };
    const before = new Set((await events()).map((e) => e.id));
    await put({ detailType: 'ChainIngested', detail }, { detailType: 'ChainIngested', detail }, { detailType: 'ChainIngested', detail: again });
    await waitFor(
      async () => (await events()).filter((e) => !before.has(e.id) && e.detailType === 'ChainIngested' && alertsDelivery(e)?.status === 'ok'),
      (l) => l.length === 3,
      60_000,
      'the redeliveries',
    );
    expect((await call('GET', '/api/notifications')).body.notifications).toHaveLength(1);
    expect((await other.call('GET', '/api/notifications')).body.notifications).toHaveLength(3);
    // Nothing fired again, so nothing more was announced or sent.
    expect((await events()).filter((e) => !seen.has(e.id) && e.detailType === 'AlertFired')).toHaveLength(1);
    expect(await mailTo(user.email)).toHaveLength(1);

    // The message's unsubscribe link, followed without signing in: it opens the public page /unsubscribe (a web route;
    // this stack serves no web build), which makes this POST with the link's token.
    const link = new URL(/Turn alert e-mails off: (\S+)/.exec(mailed[0]!.text)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.url}/unsubscribe`);
    const token = link.searchParams.get('token')!;
    const off = await fetch(`${stack.url}/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ emailOn: false, message: UNSUBSCRIBED_PAGE.done });
    expect((await call('GET', '/api/notifications/settings')).body).toEqual({ emailOn: false });
    // An altered token is refused in words and changes nothing.
    const bad = await fetch(`${stack.url}/api/unsubscribe?token=${encodeURIComponent(`${token}x`)}`, { method: 'POST' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(UNSUBSCRIBED_PAGE.refused);
  }, 300_000);
});
