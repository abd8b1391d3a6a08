import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; false where the browser has no matchMedia. */
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
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
}

/** Below Tailwind's `md` breakpoint the chain shows one side at a time. */
export const PHONE_QUERY = '(max-width: 767px)';
