import { Link } from 'react-router-dom';
import { useUnreadCount } from '@web/api/notifications';

/** The bell in the top bar: the count of unread notifications, a link to them. New ones arrive after an end-of-day ingestion. */
export function NotificationBell() {
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  return (
    <Link to="/app/notifications" className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100" aria-label={label} data-testid="notification-bell">
      <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6">
        <path
          d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span aria-hidden className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
