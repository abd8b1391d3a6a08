import { communityApi } from '@shared/community/community.api';
import type { SiteStatsRepository } from '@shared/ports/site-stats.port';
import { httpApi, ok, route } from '../commons/http';
import { siteStatsDeps } from '../wiring/community';

/** GET /api/stats: the landing page's live figures (learners, paper trades placed, strategies built). */
export const makeSiteStatsHandler = (deps: { stats: SiteStatsRepository }) =>
  httpApi({
    'GET /api/stats': route(communityApi['GET /api/stats'], async () => ok(await deps.stats.read(), { 'cache-control': 'public, max-age=60' })),
  });

export const handler = makeSiteStatsHandler(siteStatsDeps());
