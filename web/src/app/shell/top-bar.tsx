import { forwardRef } from 'react';
import { AccountSelectorSlot, GamificationBarSlot, NotificationBellSlot } from './slots';
import { UserMenu } from './user-menu';

/** Page name, account selector and user menu (spec part 1 §2); the menu button opens the phone slide-over. */
export const TopBar = forwardRef<HTMLButtonElement, { pageName: string; onOpenNav: () => void; navOpen: boolean; navId: string }>(function TopBar(
  { pageName, onOpenNav, navOpen, navId },
  menuButton,
) {
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
      <button
        ref={menuButton}
        type="button"
        onClick={onOpenNav}
        aria-expanded={navOpen}
        aria-controls={navId}
        className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <span className="sr-only">Open navigation</span>
        <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6">
          <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <GamificationBarSlot side="left" />
      <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900 sm:text-lg" data-testid="page-name">
        {pageName}
      </p>
      <GamificationBarSlot side="right" />
      <AccountSelectorSlot />
      <NotificationBellSlot />
      <UserMenu />
    </header>
  );
});
