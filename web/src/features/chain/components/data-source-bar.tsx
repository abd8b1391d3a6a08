import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import type { SyncNotice } from '../hooks/use-market-sync';
import { formatNewYorkTime } from '@shared/format/time';

interface Props {
  live: boolean;
  /** The badge's words when they are not the US ones: India's 'Zerodha Connected' or 'Demo Data Only' (spec part 2 §2). */
  label?: string;
  /** A provider is configured, so Sync Data has something to pull from; without one the button is not shown. */
  canSync: boolean;
  /** Why Sync Data is off, read out with the button. */
  syncHint: string | null;
  syncing: boolean;
  onSync: () => void;
  lastSync: string | null;
  notice: SyncNotice | null;
  onDismissNotice: () => void;
  /** Said on the same line, after the badge: the simulated-prices notice, folded. */
  children?: ReactNode;
}

const NOTICE_STYLE: Record<SyncNotice['kind'], string> = {
  info: 'bg-sky-50 text-sky-950 ring-sky-200',
  success: 'bg-brand-50 text-brand-900 ring-brand-100',
  error: 'bg-red-50 text-red-900 ring-red-200',
  signIn: 'bg-amber-50 text-amber-950 ring-amber-200',
};

/**
 * The data-source badge, Sync Data and what the last sync said (spec part 2 §2). Sync Data shows only when a provider
 * is configured: on the simulated market there is nothing to sync, and the demo notice says where prices come from.
 */
export function DataSourceBar({ live, label, canSync, syncHint, syncing, onSync, lastSync, notice, onDismissNotice, children }: Props) {
  const hintId = useId();
  const location = useLocation();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span
          data-testid="data-source-badge"
          className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset ${live ? 'bg-brand-50 text-brand-900 ring-brand-100' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}
        >
          <span aria-hidden className={`h-2 w-2 rounded-full ${live ? 'bg-brand-600' : 'bg-amber-500'}`} />
          {label ?? (live ? 'Live Data Available' : 'Demo Data Only')}
        </span>
        {canSync && (
          <Button variant="secondary" className="px-3 py-1.5" onClick={onSync} disabled={syncing} aria-describedby={syncHint ? hintId : undefined}>
            <svg aria-hidden viewBox="0 0 20 20" className={`h-4 w-4 ${syncing ? 'animate-spin' : ''}`} fill="none" stroke="currentColor" strokeWidth="1.8">
              <path
                d="M16.5 10a6.5 6.5 0 0 1-11.3 4.4M3.5 10a6.5 6.5 0 0 1 11.3-4.4M15 2.5v3.2h-3.2M5 17.5v-3.2h3.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {syncing ? 'Syncing...' : 'Sync Data'}
          </Button>
        )}
        {canSync && syncHint && (
          <span id={hintId} className="text-xs text-slate-600">
            {syncHint}
          </span>
        )}
        {lastSync && <span className="text-xs text-slate-600">Last sync {formatNewYorkTime(lastSync)}</span>}
        {children}
      </div>
      <div role="status" aria-live="polite">
        {notice && (
          <div className={`flex items-start justify-between gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset ${NOTICE_STYLE[notice.kind]}`}>
            <p>
              {notice.text}
              {notice.kind === 'signIn' && (
                <>
                  {' '}
                  <Link to="/login" state={{ from: location }} className="font-semibold underline">
                    Sign in
                  </Link>
                </>
              )}
            </p>
            <button type="button" onClick={onDismissNotice} className="shrink-0 rounded px-1 text-current hover:bg-black/5" aria-label="Dismiss message">
              <span aria-hidden>×</span>
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
