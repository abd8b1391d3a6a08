import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/hooks/auth-context';
import { displayName } from '../../../../shared/users/profile';

export function UserMenu() {
  const { state, signOut } = useAuth();
  const navigate = useNavigate();
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

  if (state.status !== 'signedIn') return null;
  const name = displayName(state.user.name, state.user.email);

  const onSignOut = async () => {
    setOpen(false);
    await signOut();
    navigate('/login');
  };

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">{name.slice(0, 1).toUpperCase()}</span>
        <span className="hidden max-w-40 truncate sm:inline">{name}</span>
      </button>
      {open && (
        <div id={menuId} role="menu" className="absolute right-0 z-30 mt-2 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
          <div className="border-b border-slate-100 px-3 pb-2 pt-1">
            <p className="truncate font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-600">{state.user.email}</p>
          </div>
          <Link role="menuitem" to="/app/profile" onClick={() => setOpen(false)} className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">My Profile</Link>
          <Link role="menuitem" to="/app/settings" onClick={() => setOpen(false)} className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-slate-100">Settings</Link>
          <button role="menuitem" type="button" onClick={() => void onSignOut()} className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-red-800 hover:bg-red-50">Sign Out</button>
        </div>
      )}
    </div>
  );
}
