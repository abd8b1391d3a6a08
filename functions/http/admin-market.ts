import { domainEvent } from '@shared/events/domain-events';
import { addDays, newYorkParts } from '@shared/market/dates';
import { marketApi } from '@shared/market/market.api';
import type { Clock } from '@shared/ports/clock.port';
import type { EventOutbox } from '@shared/ports/events.port';
import type { IdGenerator } from '@shared/ports/ids.port';
import type { MarketStore } from '@shared/market/market-store.port';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { RETENTION_DAYS } from '../adapters/dynamo/market-repository';
import { accepted, httpApiWithAdmin, ok, route } from '../commons/http';
import { adminMarketDeps } from '../wiring/market';

/** Operator tools for market data (Cognito group `admin`): statistics, retention cleanup, a manual run. */
export function makeAdminMarketHandler(deps: { store: MarketStore; outbox: EventOutbox; ids: IdGenerator; clock: Clock; groups: GroupMembership }) {
  return httpApiWithAdmin(deps.groups, {
    'GET /api/admin/market/stats': route(marketApi['GET /api/admin/market/stats'], async () => {
      const [stats, status] = await Promise.all([deps.store.stats(), deps.store.getStatus()]);
      return ok({ ...stats, retentionDays: RETENTION_DAYS, lastSync: status });
    }),

    'POST /api/admin/market/cleanup': route(marketApi['POST /api/admin/market/cleanup'], async () => {
      const today = newYorkParts(deps.clock.now()).date;
      const barsBefore = addDays(today, -RETENTION_DAYS);
      const deleted = await deps.store.cleanup({ barsBefore, expiriesBefore: today });
      return ok({ deleted, barsBefore, expiriesBefore: today });
    }),

    'POST /api/admin/market/ingest': route(marketApi['POST /api/admin/market/ingest'], async ({ body, user }) => {
      await deps.outbox.enqueue([
        domainEvent(
          'IngestRequested',
          { requestedBy: user.sub, reason: 'admin', underlyings: body?.underlyings?.map((u) => u.toUpperCase()), at: deps.clock.now().toISOString() },
          deps.ids.newId(),
        ),
      ]);
      return accepted({ status: 'queued', message: 'Ingestion queued. Statistics update when it finishes.' });
    }),
  });
}

export const handler = makeAdminMarketHandler(adminMarketDeps());
