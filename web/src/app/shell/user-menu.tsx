import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '@web/features/auth/hooks/auth-context';
import { displayName } from '@shared/users/profile';

/**
 * The top bar's user menu (spec part 1 §2): the name (full name, else the email before the at-sign,
 * else 'User'), the email, My Profile, Settings and Sign Out, which goes to /login and clears demo
 * mode. Keyboard: Enter/Space/ArrowDown open it on the first item, arrows move, Escape closes.
 */
export function UserMenu() {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  if (state.status !== 'signedIn') return null;
  const name = displayName(state.user.name, state.user.email);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    navigate('/login');
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusAt(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusAt(index - 1);
    } else if (e.key === 'Home') {
      e.preventDefault();
      focusAt(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      focusAt(items.length - 1);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="relative" ref={ref}>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-1 text-sm font-medium text-slate-800 hover:bg-slate-100 sm:pr-3"
      >
        <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{name}</span>
      </button>
      {open && (
        <div
          id={menuId}
          ref={menu}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-2 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
        >
          <div className="border-b border-slate-100 px-3 pb-2 pt-1">
            <p className="truncate font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-600">{state.user.email}</p>
          </div>
          <Link
            role="menuitem"
            to="/app/profile"
            onClick={() => setOpen(false)}
            className="mt-1 block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100"
          >
            My Profile
          </Link>
          <Link
            role="menuitem"
            to="/app/settings"
            onClick={() => setOpen(false)}
            className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100"
          >
            Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            onClick={() => void onSignOut()}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-800 hover:bg-red-50 focus:bg-red-50"
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
