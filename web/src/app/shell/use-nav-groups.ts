import { useCallback, useState } from 'react';
import { groupOfPath } from './nav';

/**
 * Which sidebar groups are open: only Main at first, plus the group of the current page, which
 * opens itself whenever the learner arrives on one of its pages. Other groups keep the learner's choice.
 */
export function useNavGroups(pathname: string) {
  const current = groupOfPath(pathname);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(['main', ...(current ? [current] : [])]));
  const [seenPath, setSeenPath] = useState(pathname);

  // Adjusting state while rendering (React's pattern for "state derived from a changed prop").
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (current && !open.has(current)) setOpen(new Set([...open, current]));
  }

  const toggle = useCallback((id: string) => {
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return { open, toggle };
}
