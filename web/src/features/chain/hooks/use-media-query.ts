import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now; false where the browser has no matchMedia, and in the page drawn at build time
 * (web/src/prerender.tsx), which the browser then hydrates as drawn before it reads the query.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `md` breakpoint the chain shows one side at a time. */
export const PHONE_QUERY = '(max-width: 767px)';
