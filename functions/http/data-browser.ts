import { dataBrowserApi } from '@shared/data-browser/data-browser.api';
import { browseChainContracts } from '@shared/data-browser/use-cases/browse-chain-contracts';
import { browseChains } from '@shared/data-browser/use-cases/browse-chains';
import { browseOptionBars } from '@shared/data-browser/use-cases/browse-option-bars';
import { browseStockBars } from '@shared/data-browser/use-cases/browse-stock-bars';
import { browseSummaries } from '@shared/data-browser/use-cases/browse-summaries';
import type { DataBrowserDeps } from '@shared/data-browser/use-cases/deps';
import { readHistory } from '@shared/data-browser/use-cases/read-history';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { httpApiWithAdmin, respond, route } from '../commons/http';
import { dataBrowserDeps } from '../wiring/data-browser';

/** The operator's data browser (Cognito group admin): each route parses its input and calls one read use case. */
export function makeDataBrowserHandler(deps: DataBrowserDeps & { groups: GroupMembership }) {
  const api = dataBrowserApi;
  return httpApiWithAdmin(deps.groups, {
    'GET /api/admin/data/{underlying}/chains': route(api['GET /api/admin/data/{underlying}/chains'], async ({ params, query }) =>
      respond(await browseChains(deps, params.underlying, query, query)),
    ),
    'GET /api/admin/data/{underlying}/chains/{expiration}': route(api['GET /api/admin/data/{underlying}/chains/{expiration}'], async ({ params, query }) =>
      respond(await browseChainContracts(deps, params.underlying, params.expiration, query)),
    ),
    'GET /api/admin/data/{underlying}/stock-bars': route(api['GET /api/admin/data/{underlying}/stock-bars'], async ({ params, query }) =>
      respond(await browseStockBars(deps, params.underlying, query, query)),
    ),
    'GET /api/admin/data/{underlying}/option-bars': route(api['GET /api/admin/data/{underlying}/option-bars'], async ({ params, query }) =>
      respond(await browseOptionBars(deps, params.underlying, query, query, query.contract)),
    ),
    'GET /api/admin/data/{underlying}/summaries': route(api['GET /api/admin/data/{underlying}/summaries'], async ({ params, query }) =>
      respond(await browseSummaries(deps, params.underlying, query, query)),
    ),
    'GET /api/admin/data/{underlying}/history': route(api['GET /api/admin/data/{underlying}/history'], async ({ params, query }) =>
      respond(await readHistory(deps, params.underlying, query, query.contract)),
    ),
  });
}

export const handler = makeDataBrowserHandler(dataBrowserDeps());
