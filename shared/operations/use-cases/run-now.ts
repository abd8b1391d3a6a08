import { fail, ok, type Result } from '../../result';
import { OPERATIONS_TEXTS } from '../operations.errors';
import type { OperationsDeps } from './deps';
import { requestIngest } from './request-ingest';

/** Run now: one ingestion of one tracked underlying, or of all of them, queued at once. */
export async function runNow(
  deps: Pick<OperationsDeps, 'outbox' | 'ids' | 'clock' | 'underlyings'>,
  by: string,
  underlying?: string,
): Promise<Result<{ status: 'queued'; message: string; underlyings: string[] }>> {
  const wanted = underlying?.toUpperCase();
  if (wanted && !deps.underlyings.includes(wanted)) return fail('unprocessable', OPERATIONS_TEXTS.notTracked(wanted));
  const underlyings = wanted ? [wanted] : [...deps.underlyings];
  try {
    await requestIngest(deps, by, wanted ? underlyings : undefined);
  } catch (err) {
    return fail('unavailable', err instanceof Error && err.message ? OPERATIONS_TEXTS.fetchFailed(err.message) : OPERATIONS_TEXTS.unknownFetchError);
  }
  return ok({ status: 'queued', message: `Ingestion queued for ${wanted ?? 'every tracked underlying'}. The status updates when it finishes.`, underlyings });
}
