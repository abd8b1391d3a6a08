/**
 * A value a warm function loads once (a deployment secret) and keeps: callers at the same moment share one load, and a
 * failed load is not kept, so the next call tries again.
 */
export function keptUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= load().catch((err: unknown) => {
      kept = undefined;
      throw err;
    });
    return kept;
  };
}
