import type { EventReceipts, ReceiptKey, TransactPut } from '../../functions/commons/event-handler';

type Receipt = { status: 'in_progress' | 'done'; owner?: string; leaseUntil?: number } & Record<string, unknown>;

/**
 * The receipts of the consumer helper in memory, with the same conditions as the DynamoDB adapter (which the
 * integration tests run against DynamoDB Local). Every call yields first, as a network call would, so that two
 * deliveries started together really interleave.
 */
export function memoryEventReceipts() {
  const items = new Map<string, Receipt>();
  const id = (k: ReceiptKey) => `${k.PK}|${k.SK}`;
  const tick = () => new Promise<void>((r) => setImmediate(r));
  const receipts: EventReceipts & {
    items: typeof items;
    /** A consumer's TransactWriteItems: every Put's attribute_not_exists(PK) holds, or nothing is written and it throws. */
    transact(puts: readonly TransactPut[], apply: () => void): Promise<void>;
  } = {
    items,
    async state(key) {
      await tick();
      const r = items.get(id(key));
      return r ? (r.status === 'in_progress' ? 'in_progress' : 'done') : null;
    },
    async claim(key, { owner, leaseUntil, now, ...info }) {
      await tick();
      const r = items.get(id(key));
      if (!r || (r.status === 'in_progress' && (r.owner === owner || (r.leaseUntil ?? 0) < now))) {
        items.set(id(key), { ...info, status: 'in_progress', owner, leaseUntil });
        return 'claimed';
      }
      return r.status === 'done' ? 'done' : 'busy';
    },
    async complete(key, owner) {
      await tick();
      const r = items.get(id(key));
      if (r?.owner === owner) items.set(id(key), { ...r, status: 'done', leaseUntil: undefined });
    },
    async release(key, owner) {
      await tick();
      const r = items.get(id(key));
      if (r?.status === 'in_progress' && r.owner === owner) items.delete(id(key));
    },
    receiptPut(key, info, now) {
      return {
        Put: {
          TableName: 'memory',
          Item: { ...key, ...info, status: 'done', consumedAt: new Date(now).toISOString() },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },
    async transact(puts, apply) {
      await tick();
      const keyOf = (p: TransactPut) => `${String(p.Put.Item.PK)}|${String(p.Put.Item.SK)}`;
      if (puts.some((p) => items.has(keyOf(p))))
        throw Object.assign(new Error('Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed]'), {
          name: 'TransactionCanceledException',
        });
      for (const p of puts) items.set(keyOf(p), p.Put.Item as Receipt);
      apply();
    },
  };
  return receipts;
}
