import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** One instance each, shared by every handler in a bundle (docs/architecture.md, "Conventions"). */
export const SERVICE_NAME = 'options-academy';

export const logger = new Logger({ serviceName: SERVICE_NAME });
export const metrics = new Metrics({ namespace: 'OptionsAcademy', serviceName: SERVICE_NAME });

/**
 * The Tracer's own rule (Tracer.setTracingEnabled): tracing is on in Lambda unless POWERTOOLS_TRACE_ENABLED is 'false',
 * and off under SAM or Amplify mocks and outside Lambda (the local stack sets it 'false'). Where it is off the Tracer is
 * not even loaded: loading it loads the X-Ray SDK, whose cls-hooked context installs an async hook with destroy
 * tracking on every promise (measured: a million awaits took 56 ms before the import and 604 ms after), which cost the
 * local stack a tenth of its CPU on every request.
 */
const env = process.env;
const tracingOn =
  !!env.AWS_EXECUTION_ENV &&
  env.AWS_EXECUTION_ENV !== 'AWS_Lambda_amplify-mock' &&
  !env.AWS_SAM_LOCAL &&
  env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';
export const tracer = tracingOn ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: SERVICE_NAME }) : undefined;

/** The business metrics the operators' dashboard shows (infra/stacks/observability-stack.ts), in Embedded Metric Format. */
export const BUSINESS_METRICS = {
  ordersPlaced: 'OrdersPlaced',
  ordersBlocked: 'OrdersBlocked',
  fills: 'Fills',
  contractsStored: 'ContractsStored',
  ingestFailures: 'IngestFailures',
} as const;

export const countMetric = (name: (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS], value = 1) => metrics.addMetric(name, MetricUnit.Count, value);

/** An AWS SDK v3 client whose calls appear as X-Ray subsegments (a no-op where tracing is off, as locally). */
export const traced = <T>(client: T): T => (tracer ? tracer.captureAWSv3Client(client) : client);

/**
 * Runs one invocation inside the handler's own X-Ray subsegment (cold start and service annotated, the error kept as
 * metadata), then flushes the metrics it added. Used by the HTTP and event helpers, so every handler is instrumented.
 */
export async function instrumented<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const segment = tracer?.isTracingEnabled() ? tracer.getSegment() : undefined;
  const subsegment = segment?.addNewSubsegment(`## ${name}`);
  if (tracer && subsegment) {
    tracer.setSegment(subsegment);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
  }
  try {
    return await fn();
  } catch (err) {
    if (tracer && subsegment) tracer.addErrorAsMetadata(err as Error);
    throw err;
  } finally {
    if (tracer && subsegment && segment) {
      subsegment.close();
      tracer.setSegment(segment);
    }
    // Only when something was counted: an empty flush logs a warning on every request.
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  }
}
