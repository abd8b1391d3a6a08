import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from '@web/lib/load-with-retry';

// The retry policy lives in web/src/lib, where the lazy components below the features (the price chart) use it too.
export { CHUNK_RELOAD_FLAG, CHUNK_RETRY, loadWithRetry, type RetryEnvironment } from '@web/lib/load-with-retry';

/** React.lazy with the retry policy; every page of the route map is declared through this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React.lazy's own signature
export function lazyPage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  return lazy(() => loadWithRetry(load));
}
