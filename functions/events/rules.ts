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
  consumer: { id: string; file: string; access: { table?: 'read' | 'readwrite'; events?: 'put' } };
}

export const eventRules: readonly EventRuleDefinition[] = [];
