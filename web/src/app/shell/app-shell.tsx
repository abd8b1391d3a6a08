import { Link, NavLink, Outlet } from 'react-router-dom';
import { UserMenu } from './user-menu';

/** The signed-in frame. Issue 8 grows it into the full sidebar shell of spec part 1. */
export function AppShell() {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4">
          <div className="flex items-center gap-6">
            <Link to="/app" className="font-bold text-brand-900">Options Academy</Link>
            <nav aria-label="Main" className="hidden gap-4 text-sm sm:flex">
              <NavLink end to="/app" className={({ isActive }) => (isActive ? 'font-semibold text-brand-800' : 'text-slate-700 hover:text-slate-900')}>Dashboard</NavLink>
            </nav>
          </div>
          <UserMenu />
        </div>
      </header>
      <div className="bg-brand-800 px-4 py-1.5 text-center text-xs font-medium text-white">
        All features are free forever. Options Academy is for learning, not for maximising profit.
      </div>
      <main className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
