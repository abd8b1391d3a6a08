import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { describe, expect, inject, it } from 'vitest';
import { secretsManagerSecretStore } from '../../functions/adapters/secrets/secret-store';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

const stack = inject('stack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('local Secrets Manager endpoint, through the real SDK client', () => {
  const store = secretsManagerSecretStore(new SecretsManagerClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials }));

  it('stores, reads, replaces and deletes a secret, encrypted at rest', async () => {
    const name = `options-academy/test/broker-${Date.now()}`;
    expect(await store.get(name)).toBeNull();
    await store.put(name, JSON.stringify({ key: 'PKTESTKEY1234567890', secret: 'super-secret-value-that-is-long-enough' }));
    expect(JSON.parse((await store.get(name))!)).toMatchObject({ key: 'PKTESTKEY1234567890' });

    const onDisk = readFileSync(path.join(stack.dataDir, 'secrets', 'secrets.json'), 'utf8');
    expect(onDisk).toContain(name);
    expect(onDisk).not.toContain('super-secret-value');

    await store.put(name, 'second value');
    expect(await store.get(name)).toBe('second value');
    await store.delete(name);
    expect(await store.get(name)).toBeNull();
  });
});

describe('local EventBridge PutEvents endpoint', () => {
  it('accepts events through the real SDK client and records them', async () => {
    const events = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
    const marker = `m-${Date.now()}`;
    const out = await events.send(
      new PutEventsCommand({
        Entries: [{ Source: 'options-academy', DetailType: 'OrderFilled', Detail: JSON.stringify({ marker }), EventBusName: 'options-academy-local' }],
      }),
    );
    expect(out.FailedEntryCount).toBe(0);
    const recorded = (await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as { detailType: string; detail: { marker?: string } }[];
    expect(recorded.find((e) => e.detail.marker === marker)?.detailType).toBe('OrderFilled');
  });
});

describe('DynamoDB Local with the TTL sweeper', () => {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials }));

  it('deletes items whose expiresAt has passed and keeps the others', async () => {
    const now = Math.floor(Date.now() / 1000);
    const pk = `TEST#${Date.now()}`;
    await db.send(new PutCommand({ TableName: stack.tableName, Item: { PK: pk, SK: 'expired', expiresAt: now - 10 } }));
    await db.send(new PutCommand({ TableName: stack.tableName, Item: { PK: pk, SK: 'alive', expiresAt: now + 3600 } }));
    await expect
      .poll(async () => (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: pk, SK: 'expired' } }))).Item, {
        timeout: 15_000,
        interval: 500,
      })
      .toBeUndefined();
    expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: pk, SK: 'alive' } }))).Item).toBeDefined();
  });
});
