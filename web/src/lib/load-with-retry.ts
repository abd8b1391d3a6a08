/** Spec part 1 §4 and part 3 §2: 3 attempts, waiting 1 s × the attempt number between them. */
export const CHUNK_RETRY = { attempts: 3, baseDelayMs: 1000 } as const;

/** Set before the one reload that follows three failures, so a broken deploy cannot loop. */
export const CHUNK_RELOAD_FLAG = 'options-academy.chunk-reload';

export interface RetryEnvironment {
  sleep: (ms: number) => Promise<void>;
  reload: () => void;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

const browserEnvironment = (): RetryEnvironment => ({
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  reload: () => window.location.reload(),
  // The global, not window's: the build draws the landing page (prerender.tsx) where there is no window.
  session: globalThis.sessionStorage,
});

/**
 * Loads a page's (or a lazy component's) code with the retry policy. After the last failure the page reloads once (a new
 * deploy replaced the chunk names); if that already happened this session, the error goes to the
 * route's error screen, which offers 'Update Available'.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, env: RetryEnvironment = browserEnvironment()): Promise<T> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= CHUNK_RETRY.attempts; attempt++) {
    try {
      const loaded = await load();
      env.session.removeItem(CHUNK_RELOAD_FLAG);
      return loaded;
    } catch (err) {
      lastError = err;
      if (attempt < CHUNK_RETRY.attempts) await env.sleep(CHUNK_RETRY.baseDelayMs * attempt);
    }
  }
  if (!env.session.getItem(CHUNK_RELOAD_FLAG)) {
    env.session.setItem(CHUNK_RELOAD_FLAG, '1');
    env.reload();
    // Nothing to render while the browser reloads.
    return new Promise<T>(() => undefined);
  }
  throw lastError;
}
