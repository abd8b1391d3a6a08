import { MAX_ACTIVE_ALERTS, type Alert } from '../alert';
import type { AlertsRepository } from '../alerts.port';
import { alertLink, describeAlert } from '../messages';

export interface AlertView extends Alert {
  /** The alert in words: "SPY closes above $600.00". */
  description: string;
  /** The chain or the portfolio. */
  link: string;
}

export interface AlertsList {
  alerts: AlertView[];
  active: number;
  maxActive: number;
  emailOn: boolean;
  /** When alerts are checked, said on the page and in the form. */
  schedule: string;
}

export const ALERTS_SCHEDULE = 'Alerts are checked after each end-of-day ingestion, not during the trading session.';

/** GET /api/alerts: the learner's alerts, newest first, with the count against the limit (reads only). */
export async function listAlerts(repo: Pick<AlertsRepository, 'listAlerts' | 'getEmailOn'>, userId: string): Promise<AlertsList> {
  const [alerts, emailOn] = await Promise.all([repo.listAlerts(userId), repo.getEmailOn(userId)]);
  const views = alerts
    .map((a) => ({ ...a, description: describeAlert(a.condition), link: alertLink(a.condition) }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return { alerts: views, active: alerts.filter((a) => a.status === 'active').length, maxActive: MAX_ACTIVE_ALERTS, emailOn, schedule: ALERTS_SCHEDULE };
}
