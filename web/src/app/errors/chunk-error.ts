import { CHUNK_RELOAD_FLAG } from '../lazy-page';

/**
 * A page's code could not be downloaded, usually because a new deploy replaced the file names
 * (spec part 1 §8: by error name, or by a message like 'Loading chunk N failed' or 'Failed to fetch
 * dynamically imported module'). Firefox and Safari word the last one differently.
 */
const CHUNK_MESSAGES = [
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  // Vite's wording when a lazy page's stylesheet cannot be fetched.
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_MESSAGES.some((re) => re.test(message));
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** Drops cached responses (a service worker's or the Cache API's) and the reload guard, then reloads. */
export async function clearCacheAndReload(): Promise<void> {
  try {
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
    if ('serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((r) => r.unregister()));
    }
  } catch {
    // A cache that cannot be cleared must not stop the reload.
  }
  sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
  window.location.reload();
}
