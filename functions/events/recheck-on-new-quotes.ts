import { eventHandler } from '../commons/event-handler';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { handler as settleJob } from '../jobs/settle';

/** `ChainIngested`: new quotes, so the settle job re-checks resting limits and settles due expiries, once per event. */
export const makeRecheckOnNewQuotes = (run: () => Promise<unknown>, receipts = dynamoEventReceipts()) =>
  eventHandler({ consumer: 'recheckOnNewQuotes', types: ['ChainIngested'], receipts }, async () => {
    await run();
  });

export const handler = makeRecheckOnNewQuotes(settleJob);
