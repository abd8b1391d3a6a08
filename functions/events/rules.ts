import { EVENT_SOURCE } from '@shared/events/domain-events';
import { INGEST_SCHEDULE, SETTLE_SCHEDULE } from '../jobs/schedules';
import type { FunctionDefinition } from '../routes';

/**
 * Domain event routing, defined once: the CDK stack turns each rule into an EventBridge rule with a
 * Lambda target; the local PutEvents endpoint (local/aws-endpoints.ts) matches the same patterns
 * and calls the same consumer handlers.
 */
export interface EventRuleDefinition {
  id: string;
  description: string;
  /** An EventBridge event pattern (the subset of exact-match arrays and nested objects). */
  pattern: { source?: string[]; 'detail-type'?: string[]; detail?: Record<string, unknown> };
  consumer: { id: string; file: string; access: FunctionDefinition['access']; memoryMb?: number; timeoutSeconds?: number };
}

export const eventRules: readonly EventRuleDefinition[] = [
  {
    id: 'ingestOnRequest',
    description: "A manual ingestion run (admin) or a learner's Sync Data",
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['IngestRequested'] },
    consumer: {
      id: 'ingestOnRequest',
      file: INGEST_SCHEDULE.handler.file,
      access: INGEST_SCHEDULE.access,
      memoryMb: INGEST_SCHEDULE.memoryMb,
      timeoutSeconds: INGEST_SCHEDULE.timeoutSeconds,
    },
  },
  {
    id: 'recheckOnNewQuotes',
    description: 'New quotes arrived: re-check resting limit orders and settle due expiries',
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['ChainIngested'] },
    consumer: {
      id: 'recheckOnNewQuotes',
      file: SETTLE_SCHEDULE.handler.file,
      access: SETTLE_SCHEDULE.access,
      memoryMb: SETTLE_SCHEDULE.memoryMb,
      timeoutSeconds: SETTLE_SCHEDULE.timeoutSeconds,
    },
  },
];
