import { useCallback, useState } from 'react';

type Area = 'local' | 'session';

const storage = (area: Area): Storage | null => {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be blocked (private mode, strict cookie settings); the page then just forgets.
    return null;
  }
};

/** A piece of state kept in browser storage as JSON; a missing or unreadable value means the fallback. */
export function useStoredState<T>(area: Area, key: string, fallback: T, isValid: (value: unknown) => value is T) {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = storage(area)?.getItem(key);
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      return isValid(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  });
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        storage(area)?.setItem(key, JSON.stringify(next));
      } catch {
        // Quota or blocked storage: the choice still holds for this page view.
      }
    },
    [area, key],
  );
  return [value, set] as const;
}
