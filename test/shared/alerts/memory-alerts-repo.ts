import type { Alert } from '@shared/alerts/alert';
import type { AlertsRepository, Firing } from '@shared/alerts/alerts.port';
import type { AppNotification } from '@shared/alerts/notification';
import type { EventOf } from '@shared/events/domain-events';
import { alertUnderlying } from '@shared/alerts/alert';

/** An in-memory AlertsRepository with the adapter's conditions (limit, fired record, expected state), for unit tests. */
export function memoryAlertsRepo() {
  const alerts = new Map<string, Map<string, Alert>>();
  const notes = new Map<string, AppNotification[]>();
  const fired = new Set<string>();
  const email = new Map<string, boolean>();
  const mailed = new Set<string>();
  /** The AlertFired events written with their firings (the outbox). */
  const announced: EventOf<'AlertFired'>[] = [];
  const of = (userId: string) => alerts.get(userId) ?? alerts.set(userId, new Map()).get(userId)!;
  const notesOf = (userId: string) => notes.get(userId) ?? notes.set(userId, []).get(userId)!;
  const activeCount = (userId: string) => [...of(userId).values()].filter((a) => a.status === 'active').length;

  const checkFiring = (userId: string, { key, next, expectedFiredCount }: Firing): 'ok' | 'duplicate' | 'conflict' => {
    if (fired.has(`${userId}|${key}`)) return 'duplicate';
    const stored = of(userId).get(next.id);
    return !stored || stored.status !== 'active' || stored.firedCount !== expectedFiredCount ? 'conflict' : 'ok';
  };
  const write = (userId: string, { key, next, notification, announce }: Firing) => {
    fired.add(`${userId}|${key}`);
    of(userId).set(next.id, { ...next });
    notesOf(userId).push({ ...notification });
    if (announce) announced.push(announce);
  };

  const repo: AlertsRepository = {
    listAlerts: async (userId) => [...of(userId).values()].map((a) => ({ ...a })),
    getAlert: async (userId, id) => {
      const a = of(userId).get(id);
      return a ? { ...a } : null;
    },
    createAlert: async (userId, alert, maxActive) => {
      if (activeCount(userId) >= maxActive) return 'limit';
      of(userId).set(alert.id, { ...alert });
      return 'ok';
    },
    setStatus: async (userId, alert, status, maxActive) => {
      const stored = of(userId).get(alert.id);
      if (!stored) return 'not_found';
      if (stored.status !== alert.status || stored.firedCount !== alert.firedCount) return 'conflict';
      if (status === 'active' && activeCount(userId) >= maxActive) return 'limit';
      of(userId).set(alert.id, { ...stored, status });
      return 'ok';
    },
    deleteAlert: async (userId, id) => (of(userId).delete(id) ? 'ok' : 'not_found'),
    fire: async (userId, firing) => {
      const check = checkFiring(userId, firing);
      if (check === 'ok') write(userId, firing);
      return check;
    },
    fireTogether: async (userId, firings) => {
      // All or nothing, as the transaction: a firing's conditions are checked against the others' writes too.
      const keys = firings.map((f) => f.key);
      if (new Set(keys).size < keys.length || firings.some((f) => checkFiring(userId, f) !== 'ok')) return false;
      for (const f of firings) write(userId, f);
      return true;
    },
    activeAlertsOn: async (underlyings) => {
      const wanted = new Set(underlyings);
      return [...alerts.entries()].flatMap(([userId, m]) =>
        [...m.values()].filter((a) => a.status === 'active' && wanted.has(alertUnderlying(a.condition))).map((alert) => ({ userId, alert: { ...alert } })),
      );
    },
    getNotification: async (userId, id) => {
      const n = notesOf(userId).find((x) => x.id === id);
      return n ? { ...n } : null;
    },
    listNotifications: async (userId, limit) => [...notesOf(userId)].sort((a, b) => b.id.localeCompare(a.id)).slice(0, limit),
    unreadCount: async (userId) => notesOf(userId).filter((n) => n.readAt === null).length,
    markRead: async (userId, id, at) => {
      const n = notesOf(userId).find((x) => x.id === id);
      if (!n) return 'not_found';
      n.readAt ??= at;
      return 'ok';
    },
    markAllRead: async (userId, at) => {
      const unread = notesOf(userId).filter((n) => n.readAt === null);
      for (const n of unread) n.readAt = at;
      return unread.length;
    },
    getEmailOn: async (userId) => email.get(userId) ?? false,
    setEmailOn: async (userId, on) => {
      email.set(userId, on);
    },
    claimEmail: async (userId, key) => {
      if (mailed.has(`${userId}|${key}`)) return 'duplicate';
      mailed.add(`${userId}|${key}`);
      return 'ok';
    },
  };
  return { repo, notes: notesOf, fired, mailed, announced };
}
