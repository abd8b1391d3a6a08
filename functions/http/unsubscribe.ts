import { alertsApi } from '@shared/alerts/alerts.api';
import { checkUnsubscribeToken, unsubscribeByToken, type UnsubscribeDeps } from '@shared/alerts/use-cases/unsubscribe';
import { httpApi, respond, route } from '../commons/http';
import { unsubscribeDeps } from '../wiring/alerts';

/**
 * The unsubscribe link of alert e-mails, public (no sign-in): the signed token in the query names the learner and can
 * only turn their alert e-mails off (POST); GET checks a token and changes nothing. A bad token is a 400 with the
 * page's words. Rate-limited per address (functions/rate-limits.ts).
 */
export function makeUnsubscribeHandler(deps: UnsubscribeDeps) {
  return httpApi({
    'GET /api/unsubscribe': route(alertsApi['GET /api/unsubscribe'], async ({ query }) => respond(await checkUnsubscribeToken(deps, query.token))),
    'POST /api/unsubscribe': route(alertsApi['POST /api/unsubscribe'], async ({ query }) => respond(await unsubscribeByToken(deps, query.token))),
  });
}

export const handler = makeUnsubscribeHandler(unsubscribeDeps());
