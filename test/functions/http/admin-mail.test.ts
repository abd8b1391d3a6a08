import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../functions/commons/http';
import { makeAdminMailHandler } from '../../../functions/http/admin-mail';
import { mailerFromEnv } from '../../../functions/wiring/alerts';

const OPERATOR = { sub: 'op-1', email: 'op@example.com', 'cognito:groups': '[admin]' };
const LEARNER = { sub: 'learner-1', email: 'ada@example.com' };
const groups = { groupsOf: async (sub: string) => (sub === 'op-1' ? ['admin'] : []) };
const ev = (claims: Record<string, string>) =>
  ({ routeKey: 'GET /api/admin/mail', headers: {}, requestContext: { requestId: 'r', authorizer: { jwt: { claims } } } }) as unknown as Event;
const call = async (handler: ReturnType<typeof makeAdminMailHandler>, claims: Record<string, string>) => {
  const res = await handler(ev(claims));
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
};
const message = { to: 'ada@example.com', subject: 'Options Academy alert: SPY closed above $600.00', text: 'body', html: '<p>body</p>', unsubscribeUrl: 'u' };

describe('the sent-mail page’s route', () => {
  it('lists the stand-in’s messages newest first to an operator, and refuses a learner', async () => {
    const mailer = mailerFromEnv({ MAIL_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'mail-')), 'mail') })!;
    await mailer.send(message);
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ ...message, subject: 'second' });
    const handler = makeAdminMailHandler({ mailer, groups });
    const listed = await call(handler, OPERATOR);
    expect(listed.status).toBe(200);
    expect(listed.body.source).toBe('local');
    expect(listed.body.messages.map((m: { subject: string }) => m.subject)).toEqual(['second', message.subject]);
    expect((await call(handler, LEARNER)).status).toBe(403);
  });

  it('in AWS says mail goes through SES and lists nothing; with no mailer, says none is sent', async () => {
    const ses = mailerFromEnv({ MAIL_FROM: 'alerts@academy.example', MAIL_CONFIGURATION_SET: 'options-academy-dev-mail', AWS_REGION: 'us-east-1' });
    expect(ses?.kind).toBe('ses');
    expect((await call(makeAdminMailHandler({ mailer: ses, groups }), OPERATOR)).body).toEqual({ source: 'ses', messages: [] });
    expect((await call(makeAdminMailHandler({ mailer: mailerFromEnv({}), groups }), OPERATOR)).body).toEqual({ source: 'none', messages: [] });
  });
});
