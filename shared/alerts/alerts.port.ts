import type { EventOf } from '../events/domain-events';
import type { Alert } from './alert';
import type { AppNotification } from './notification';

/** One alert's firing: its fired record key, its next state, the fired count it was decided on, what it writes. */
export interface Firing {
  key: string;
  next: Alert;
  expectedFiredCount: number;
  notification: AppNotification;
  announce?: EventOf<'AlertFired'>;
}

/**
 * The most firings written in one transaction: DynamoDB's TransactWriteItems takes at most 100 items, and a firing is at
 * most 4 (fired record, alert, notification, outbox event) beside the one count update.
 */
export const MAX_FIRINGS_TOGETHER = 24;

/**
 * The learner's alerts, their notifications, the fired records and the e-mail choice, all under the learner's own
 * partition (so the account export and deletion cover them). Adapter: functions/adapters/dynamo/alerts-repository.ts.
 */
export interface AlertsRepository {
  listAlerts(userId: string): Promise<Alert[]>;
  getAlert(userId: string, alertId: string): Promise<Alert | null>;
  /**
   * Adds an active alert if the learner has fewer than `maxActive` active ones (a conditional write on the learner's
   * active count, so two creations at once cannot both pass the limit): 'limit' otherwise.
   */
  createAlert(userId: string, alert: Alert, maxActive: number): Promise<'ok' | 'limit'>;
  /**
   * Pauses or resumes, conditional on the stored alert's status and fired count being those read (a race with a firing
   * or another change answers 'conflict'); resuming counts against `maxActive` ('limit').
   */
  setStatus(userId: string, alert: Alert, status: 'active' | 'paused', maxActive: number): Promise<'ok' | 'conflict' | 'limit' | 'not_found'>;
  deleteAlert(userId: string, alertId: string): Promise<'ok' | 'not_found'>;
  /**
   * Fires one alert in one transaction: the fired record `key` (condition: it does not exist yet), the alert's next
   * state (condition: its fired count is still `expectedFiredCount` and it is active), the notification and, when
   * given, the `AlertFired` event's outbox item (the learner's e-mail is sent from it). 'duplicate'
   * when the record exists (the same ingestion delivered again), 'conflict' when the alert changed meanwhile.
   */
  fire(userId: string, firing: Firing): Promise<'ok' | 'duplicate' | 'conflict'>;
  /**
   * Fires several of one learner's alerts in one transaction (each firing with the conditions `fire` has, at most
   * MAX_FIRINGS_TOGETHER): true when all were written, false when any condition failed or another transaction raced it,
   * and then nothing was written (the caller fires them one by one, which tells a duplicate from a conflict).
   */
  fireTogether(userId: string, firings: readonly Firing[]): Promise<boolean>;
  /** Every active alert on these underlyings (an alert on a contract is on the contract's underlying), with its learner. */
  activeAlertsOn(underlyings: readonly string[]): Promise<{ userId: string; alert: Alert }[]>;

  listNotifications(userId: string, limit: number): Promise<AppNotification[]>;
  /** One notification, while kept (null once it expired or for an id the learner does not have). */
  getNotification(userId: string, notificationId: string): Promise<AppNotification | null>;
  unreadCount(userId: string): Promise<number>;
  /** Marks one read (keeps the first time it was read); 'not_found' for an id the learner does not have. */
  markRead(userId: string, notificationId: string, at: string): Promise<'ok' | 'not_found'>;
  /** Marks every unread one read; answers how many changed. */
  markAllRead(userId: string, at: string): Promise<number>;

  /** Whether the learner wants alert e-mails (off until they turn it on). */
  getEmailOn(userId: string): Promise<boolean>;
  setEmailOn(userId: string, on: boolean): Promise<void>;
  /**
   * The record of one alert e-mail (`key`: the alert and the trading day), written only if it does not exist yet:
   * 'duplicate' when it does, so that e-mail is never sent twice.
   */
  claimEmail(userId: string, key: string, at: string): Promise<'ok' | 'duplicate'>;
}

/** What one ingestion stored about an underlying: its close, the close of the trading day before, its IV rank. */
export interface UnderlyingDay {
  close: number | null;
  previousClose: number | null;
  ivRank: number | null;
}

/** The stored figures alerts are evaluated on, read once per ingestion (adapter beside the market store). */
export interface AlertFigures {
  underlyingDay(underlying: string, tradingDay: string): Promise<UnderlyingDay | null>;
  /** The contract's mark in the stored chain of that day, or null. */
  contractMark(contract: string): Promise<number | null>;
  /**
   * The learner's open paper option positions valued at their stored marks, by contract (signed quantity, unrealized P&L
   * in dollars); a contract with no stored mark is left out. Read once per learner and run.
   */
  positions(userId: string): Promise<ReadonlyMap<string, HeldPosition>>;
}

/** A paper option position as alerts see it. */
export interface HeldPosition {
  quantity: number;
  unrealizedPnl: number;
}
