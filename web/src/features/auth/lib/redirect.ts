/** Where to go after signing in: the page the learner came from (kept in router state by the guard), else /app. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const path = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only same-site paths: never bounce to another origin or back to the sign-in page.
  if (!path.startsWith('/') || path.startsWith('//') || path === '/login' || path === '/signup') return '/app';
  return `${path}${typeof from?.search === 'string' ? from.search : ''}${typeof from?.hash === 'string' ? from.hash : ''}`;
}
