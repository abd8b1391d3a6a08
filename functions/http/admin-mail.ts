import { alertsApi } from '@shared/alerts/alerts.api';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { httpApiWithAdmin, ok, route } from '../commons/http';
import { mailerFromEnv, type ChosenMailer } from '../wiring/alerts';
import { adminGroupMembership } from '../wiring/users';

/** At most this many messages are listed, newest first. */
export const ADMIN_MAIL_PAGE = 100;

/**
 * GET /api/admin/mail (operators): the alert e-mails the local stand-in wrote to its folder, newest first, so the mail
 * path can be looked at on a laptop. In AWS the messages go through SES, which this product does not read back: the
 * answer says so and lists nothing.
 */
export function makeAdminMailHandler(deps: { mailer: ChosenMailer | null; groups: GroupMembership }) {
  return httpApiWithAdmin(deps.groups, {
    'GET /api/admin/mail': route(alertsApi['GET /api/admin/mail'], async () => {
      const { mailer } = deps;
      if (mailer?.kind === 'file') return ok({ source: 'local', messages: await mailer.list(ADMIN_MAIL_PAGE) });
      return ok({ source: mailer ? 'ses' : 'none', messages: [] });
    }),
  });
}

export const handler = makeAdminMailHandler({ mailer: mailerFromEnv(), groups: adminGroupMembership() });
