import { fail, ok, type Result } from '../../result';
import type { AlertsRepository } from '../alerts.port';
import type { UnsubscribeTokens } from '../mail.port';
import { UNSUBSCRIBED_PAGE } from '../messages';

export interface UnsubscribeDeps {
  repo: Pick<AlertsRepository, 'setEmailOn'>;
  tokens: UnsubscribeTokens;
}

/**
 * The unsubscribe link of an alert e-mail, without signing in: its signed token names the learner, and it does one thing,
 * turn their alert e-mails off. Following it again changes nothing more. A token that does not verify is refused with
 * the words of the page (sign in and use Settings instead).
 */
export async function unsubscribeByToken(deps: UnsubscribeDeps, token: string): Promise<Result<{ emailOn: false; message: string }>> {
  const userId = await deps.tokens.learnerOf(token);
  if (!userId) return fail('bad_request', UNSUBSCRIBED_PAGE.refused);
  await deps.repo.setEmailOn(userId, false);
  return ok({ emailOn: false, message: UNSUBSCRIBED_PAGE.done });
}

/** Whether a link's token is one this site signed (GET: reads only, so a mail scanner opening the link changes nothing). */
export async function checkUnsubscribeToken(deps: Pick<UnsubscribeDeps, 'tokens'>, token: string): Promise<Result<{ valid: true }>> {
  return (await deps.tokens.learnerOf(token)) ? ok({ valid: true }) : fail('bad_request', UNSUBSCRIBED_PAGE.refused);
}
