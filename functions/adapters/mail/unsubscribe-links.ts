import type { AlertMailLinks } from '@shared/alerts/mail.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { keptUntilFailure } from '../../commons/kept-until-failure';
import { makeUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

/** The public page an unsubscribe link opens (no sign-in): it says what happened. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
/** The public route that turns the e-mails off (POST, also the RFC 8058 one-click target) or checks a token (GET). */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';

/**
 * The unsubscribe key from Secrets Manager, read once per warm function (a failed read is tried again on the next call).
 * Fails closed: without the secret no link is signed and none verifies. The value is never logged or put in an error.
 */
export function unsubscribeKey(deps: { secretName: string | undefined; secrets: () => SecretStore }): () => Promise<string> {
  return keptUntilFailure(async () => {
    if (!deps.secretName) throw new Error('The unsubscribe key is not configured (SECRET_PREFIX is not set).');
    const value = await deps.secrets().get(deps.secretName);
    if (value === null || value.trim() === '') throw new Error(`The unsubscribe secret "${deps.secretName}" does not exist.`);
    return value;
  });
}

/** The site's origin and the signed links of an alert e-mail: the page in the body, the route in the one-click header. */
export function unsubscribeLinks(deps: { key: () => Promise<string>; siteUrl: () => string }): AlertMailLinks {
  const origin = () => deps.siteUrl().replace(/\/$/, '');
  const token = async (userId: string) => encodeURIComponent(makeUnsubscribeToken(await deps.key(), userId));
  return {
    siteUrl: origin,
    async unsubscribeUrls(userId) {
      const t = await token(userId);
      return { page: `${origin()}${UNSUBSCRIBE_PAGE_PATH}?token=${t}`, oneClick: `${origin()}${UNSUBSCRIBE_API_PATH}?token=${t}` };
    },
  };
}

/** The learner a link's token names, or null for a token that is malformed, tampered with, or signed for another purpose. */
export async function learnerOfToken(key: () => Promise<string>, token: string): Promise<string | null> {
  return verifyUnsubscribeToken(await key(), token)?.sub ?? null;
}
