import { useRouteError } from 'react-router-dom';
import { isChunkLoadError } from './chunk-error';
import { ErrorPanel, UpdateAvailablePanel } from './error-panel';

/**
 * The router's boundary (spec part 1 §2, the second boundary): 'Update Available' for a page whose
 * code failed to load after the retries, 'Something Went Wrong' for anything else. Inside the shell
 * it replaces only the page, so the navigation stays usable.
 */
export function RouteErrorScreen({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <UpdateAvailablePanel fullScreen={!inShell} />;
  return <ErrorPanel error={error} title="Something Went Wrong" fullScreen={!inShell} />;
}
