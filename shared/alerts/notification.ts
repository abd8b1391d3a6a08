/**
 * An in-app notification: what an alert's firing said, with where it leads. Stored under the learner, newest first; read
 * or unread. Notifications live beside alerts in this area because firing writes the fired record, the alert's next
 * state and the notification in one conditional transaction, which one port can promise and two could not.
 */
export interface AppNotification {
  /** Sortable by time (a ulid). */
  id: string;
  alertId: string;
  /** The trading day whose close fired it (New York date). */
  tradingDay: string;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  /** When the learner marked it read; null while unread. */
  readAt: string | null;
}

/** At most this many notifications are listed at once, newest first. */
export const NOTIFICATIONS_PAGE = 50;

/**
 * A notification is kept this many days after it was written, read or not, then the table's TTL removes it (so a
 * learner's notifications, and the unread count that reads them, stay bounded: at most 50 active alerts, each firing at
 * most once a trading day). The alert and its fired records are not removed with it.
 */
export const NOTIFICATION_TTL_DAYS = 90;
