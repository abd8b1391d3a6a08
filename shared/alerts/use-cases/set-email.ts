import { ok, type Result } from '../../result';
import type { AlertsDeps } from './deps';

/** PUT /api/notifications/settings (and the unsubscribe link, with `on: false`): whether fired alerts are also e-mailed. */
export async function setAlertEmail(deps: Pick<AlertsDeps, 'repo'>, userId: string, on: boolean): Promise<Result<{ emailOn: boolean }>> {
  await deps.repo.setEmailOn(userId, on);
  return ok({ emailOn: on });
}

/** GET /api/notifications/settings: the e-mail choice, for the Settings switch (reads only). */
export async function getAlertEmail(deps: Pick<AlertsDeps, 'repo'>, userId: string): Promise<{ emailOn: boolean }> {
  return { emailOn: await deps.repo.getEmailOn(userId) };
}
