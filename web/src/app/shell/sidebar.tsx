import { Link } from 'react-router-dom';
import { Logo } from '@web/components/ui/logo';
import { isPlanned, itemMatches, NAV_GROUPS } from './nav';

interface SidebarProps {
  pathname: string;
  open: ReadonlySet<string>;
  onToggle: (id: string) => void;
  isAdmin: boolean;
  /** Called after a link is followed (the phone slide-over closes). */
  onNavigate?: () => void;
  idPrefix: string;
}

/**
 * The grouped navigation; plain buttons and links, so Tab, Enter and Space work everywhere. An entry whose page is
 * not built yet carries a "Soon" tag, read out as its description.
 */
export function Sidebar({ pathname, open, onToggle, isAdmin, onNavigate, idPrefix }: SidebarProps) {
  const soonId = `${idPrefix}-nav-soon`;
  return (
    <nav aria-label="App" className="flex h-full flex-col">
      <span id={soonId} hidden>
        Soon: not built yet
      </span>
      <Link to="/app" onClick={onNavigate} className="flex h-14 shrink-0 items-center border-b border-slate-200 px-4">
        <Logo />
      </Link>
      <div className="flex-1 overflow-y-auto px-3 py-3">
        {NAV_GROUPS.map((group) => {
          const items = group.items.filter((i) => !i.adminOnly || isAdmin);
          const expanded = open.has(group.id);
          const listId = `${idPrefix}-nav-${group.id}`;
          const containsCurrent = items.some((i) => itemMatches(i, pathname));
          return (
            <div key={group.id} className="mb-1">
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => onToggle(group.id)}
                className={`flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide hover:bg-slate-100 ${containsCurrent ? 'text-brand-800' : 'text-slate-600'}`}
              >
                {group.label}
                <svg aria-hidden viewBox="0 0 20 20" className={`h-4 w-4 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-90' : ''}`}>
                  <path d="M7 5l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <ul id={listId} hidden={!expanded} className="mb-2 mt-0.5 space-y-0.5">
                {items.map((item) => {
                  const current = itemMatches(item, pathname);
                  const soon = isPlanned(item);
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        onClick={onNavigate}
                        aria-current={current ? 'page' : undefined}
                        aria-describedby={soon ? soonId : undefined}
                        className={`flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${current ? 'bg-brand-50 font-semibold text-brand-900' : soon ? 'text-slate-600 hover:bg-slate-100 hover:text-slate-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`}
                      >
                        {item.label}
                        {soon && (
                          <span
                            aria-hidden
                            className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-700 ring-1 ring-inset ring-slate-200"
                          >
                            Soon
                          </span>
                        )}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
