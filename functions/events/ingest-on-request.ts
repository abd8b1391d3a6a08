import { eventHandler } from '../commons/event-handler';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { handler as ingestJob, type IngestJobInput } from '../jobs/ingest';

/** `IngestRequested` (an operator's manual run, a learner's Sync Data) runs the ingest job once per event. */
export const makeIngestOnRequest = (run: (input: IngestJobInput) => Promise<unknown>, receipts = dynamoEventReceipts()) =>
  eventHandler({ consumer: 'ingestOnRequest', types: ['IngestRequested'], receipts }, async ({ detail }) => {
    await run({ source: 'request', reason: detail.reason, underlyings: detail.underlyings });
  });

export const handler = makeIngestOnRequest(ingestJob);
