import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { AlertConditionSchema, AlertRepeatSchema, type Alert } from './alert';
import type { AppNotification } from './notification';
import type { AlertsList } from './read-model/alerts-list';

/**
 * The alerts and notifications HTTP API (issue 37). Alerts are the learner's own: they set, pause, resume and delete
 * them; each is checked after each end-of-day ingestion and, when it fires, writes a notification (and an e-mail if the
 * learner turned e-mails on). Another learner's ids are not found.
 */
const Id = z.string().min(1).max(64);
export const AlertIdParam = z.object({ alertId: Id });
export const NotificationIdParam = z.object({ notificationId: Id });

export const CreateAlertBody = z.object({ condition: AlertConditionSchema, repeat: AlertRepeatSchema.optional() }).strict();
export const AlertEmailBody = z.object({ emailOn: z.boolean() }).strict();
/** An unsubscribe link's signed token (functions/adapters/mail/unsubscribe-token.ts: two base64url parts). */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(1024) }).strict();

export const AlertSchema = z.object({
  id: z.string(),
  condition: AlertConditionSchema,
  repeat: AlertRepeatSchema,
  status: z.enum(['active', 'paused', 'done']),
  createdAt: z.string(),
  lastFiredOn: z.string().optional(),
  firedCount: z.number().int().nonnegative(),
});
export const AlertViewSchema = AlertSchema.extend({ description: z.string(), link: z.string() });
export const AlertsListSchema = z.object({
  alerts: z.array(AlertViewSchema),
  active: z.number().int().nonnegative(),
  maxActive: z.number().int().positive(),
  emailOn: z.boolean(),
  schedule: z.string(),
});
export const NotificationSchema = z.object({
  id: z.string(),
  alertId: z.string(),
  tradingDay: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export const NotificationsSchema = z.object({ notifications: z.array(NotificationSchema), unread: z.number().int().nonnegative() });
export const UnreadSchema = z.object({ unread: z.number().int().nonnegative() });

export type _AlertMatches = Expect<Equal<z.output<typeof AlertSchema>, Alert>>;
export type _NotificationMatches = Expect<Equal<z.output<typeof NotificationSchema>, AppNotification>>;
export type _ListMatches = Expect<Equal<z.output<typeof AlertsListSchema>, AlertsList>>;

/** A message the local mail stand-in wrote (functions/adapters/mail/file-mailer.ts). */
export const SentMailSchema = z.object({
  id: z.string(),
  sentAt: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  unsubscribeUrl: z.string(),
});
export const SentMailListSchema = z.object({
  /** 'local': the stand-in's folder, listed here; 'ses': sent through Amazon SES, whose messages are not kept here. */
  source: z.enum(['local', 'ses', 'none']),
  messages: z.array(SentMailSchema),
});

export const alertsApi = defineApi({
  'GET /api/alerts': {
    auth: 'user',
    summary: "The learner's alerts (newest first), how many are active of the 50 allowed, and the e-mail choice; reads only",
    response: AlertsListSchema,
  },
  'POST /api/alerts': {
    auth: 'user',
    summary: 'Set an alert on an underlying or a contract; checked after each end-of-day ingestion; at most 50 active',
    body: CreateAlertBody,
    response: AlertSchema,
    status: 201,
    errors: [409],
  },
  'DELETE /api/alerts/{alertId}': {
    auth: 'user',
    summary: 'Delete an alert (its notifications stay)',
    params: AlertIdParam,
    response: z.object({ deleted: z.string() }),
    errors: [404],
  },
  'POST /api/alerts/{alertId}/pause': {
    auth: 'user',
    summary: 'Pause an alert: it is not checked until resumed',
    params: AlertIdParam,
    response: AlertSchema,
    errors: [404, 409],
  },
  'POST /api/alerts/{alertId}/resume': {
    auth: 'user',
    summary: 'Resume a paused alert (counts against the 50 active again)',
    params: AlertIdParam,
    response: AlertSchema,
    errors: [404, 409],
  },
  'GET /api/notifications/settings': {
    auth: 'user',
    summary: 'Whether alert e-mails are on (off until turned on); reads only',
    response: AlertEmailBody,
  },
  'PUT /api/notifications/settings': {
    auth: 'user',
    summary: 'Turn alert e-mails on or off',
    body: AlertEmailBody,
    response: AlertEmailBody,
  },
  // The unsubscribe link of an alert e-mail: public (no sign-in), the signed token is the only input.
  'GET /api/unsubscribe': {
    auth: 'public',
    summary: "Check an alert e-mail's unsubscribe token; reads only",
    query: UnsubscribeQuery,
    response: z.object({ valid: z.literal(true) }),
  },
  'POST /api/unsubscribe': {
    auth: 'public',
    summary: "Turn alert e-mails off with an e-mail's unsubscribe token (no sign-in; also the one-click target of RFC 8058)",
    query: UnsubscribeQuery,
    response: z.object({ emailOn: z.literal(false), message: z.string() }),
  },
  'GET /api/admin/mail': {
    auth: 'admin',
    summary: 'The alert e-mails the local stand-in wrote, newest first (the local stack only; in AWS mail goes through SES and nothing is listed); reads only',
    response: SentMailListSchema,
  },
  'GET /api/notifications': {
    auth: 'user',
    summary: "The learner's newest notifications and how many are unread; reads only",
    response: NotificationsSchema,
  },
  'GET /api/notifications/unread-count': {
    auth: 'user',
    summary: "The bell's count of unread notifications; reads only",
    response: UnreadSchema,
  },
  'POST /api/notifications/{notificationId}/read': {
    auth: 'user',
    summary: 'Mark one notification read',
    params: NotificationIdParam,
    response: UnreadSchema,
    errors: [404],
  },
  'POST /api/notifications/read-all': {
    auth: 'user',
    summary: 'Mark every notification read',
    response: z.object({ marked: z.number().int().nonnegative(), unread: z.number().int().nonnegative() }),
  },
});
