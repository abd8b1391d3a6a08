import { useCallback, useSyncExternalStore } from 'react';
import { useAccounts, type AccountSummary } from '@web/api/paper-account';

const KEY = 'options-academy.selected-account';
const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(KEY) ?? 'paper';
  } catch {
    return 'paper';
  }
}

/** The account the learner trades with (remembered in this browser); the paper account by default. */
export function useSelectedAccount(enabled = true): {
  accounts: AccountSummary[];
  selected: AccountSummary | null;
  select: (id: string) => void;
  needsSetup: boolean;
  isPending: boolean;
} {
  const id = useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    read,
    () => 'paper',
  );
  const query = useAccounts(enabled);
  const select = useCallback((next: string) => {
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    listeners.forEach((l) => l());
  }, []);
  const accounts = query.data?.accounts ?? [];
  const selected = accounts.find((a) => a.id === id) ?? accounts[0] ?? null;
  return { accounts, selected, select, needsSetup: query.data?.needsSetup ?? false, isPending: query.isPending };
}
