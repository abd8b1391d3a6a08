import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatBalance } from '@shared/format/money';
import { environmentOfAccount } from '@shared/broker/account-id';
import { useSelectedAccount } from '@web/api/selected-account';

/**
 * The top bar's account selector (spec part 1 §2): each account with its name, description,
 * balance, a LIVE badge when it is not paper, and a Connected indicator; the current one marked;
 * 'Add Broker Connection' at the end.
 */
export function AccountSelector() {
  const { accounts, selected, select, needsSetup } = useSelectedAccount();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const label = selected ? selected.name : needsSetup ? 'No account yet' : 'Accounts';
  // A phone's top bar also has to fit the page name, so the selector says less there; the menu names each account in full.
  const shortLabel = selected
    ? selected.mode === 'paper' && !environmentOfAccount(selected.id)
      ? 'Paper'
      : selected.name
    : needsSetup
      ? 'No account'
      : 'Accounts';
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        className="flex max-w-[9.5rem] items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-50 sm:max-w-none"
      >
        <span className={`h-2 w-2 shrink-0 rounded-full ${selected && selected.mode !== 'paper' ? 'bg-red-600' : 'bg-brand-600'}`} aria-hidden />
        <span className="truncate font-semibold text-slate-900 sm:hidden">{shortLabel}</span>
        <span className="hidden truncate font-semibold text-slate-900 sm:inline">{label}</span>
        {selected && <span className="hidden tabular-nums text-slate-700 sm:inline">{formatBalance(selected.balance, selected.currency)}</span>}
        <span aria-hidden className="text-slate-500">
          ▾
        </span>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label="Accounts" className="absolute right-0 z-40 mt-2 w-72 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
          {accounts.length === 0 && (
            <Link
              role="menuitem"
              to="/app/portfolio"
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100"
            >
              Open your paper account: choose a starting capital
            </Link>
          )}
          {accounts.map((a) => {
            const current = a.id === selected?.id;
            return (
              <button
                key={a.id}
                type="button"
                role="menuitemradio"
                aria-checked={current}
                onClick={() => {
                  select(a.id);
                  setOpen(false);
                }}
                className={`block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 ${current ? 'bg-brand-50 ring-1 ring-brand-100' : ''}`}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{a.name}</span>
                  <span className="tabular-nums text-sm font-semibold text-slate-900">{formatBalance(a.balance, a.currency)}</span>
                </span>
                <span className="mt-0.5 flex items-center gap-2 text-xs text-slate-600">
                  <span>{a.description}</span>
                  {a.mode !== 'paper' && <span className="rounded bg-red-700 px-1.5 py-0.5 font-bold text-white">LIVE</span>}
                  {a.isConnected && <span className="text-emerald-800">● Connected</span>}
                  {current && <span className="ml-auto font-semibold text-brand-800">Current</span>}
                </span>
              </button>
            );
          })}
          <div className="my-1 border-t border-slate-100" />
          <Link
            role="menuitem"
            to="/app/broker-connections"
            onClick={() => setOpen(false)}
            className="block rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-slate-100"
          >
            + Add Broker Connection
          </Link>
        </div>
      )}
    </div>
  );
}
