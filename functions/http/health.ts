import { serviceApi } from '@shared/api/service.api';
import type { Clock } from '@shared/ports/clock.port';
import { appError } from '../commons/errors';
import { failure, httpApi, ok, route } from '../commons/http';
import { healthDeps } from '../wiring/service';

export interface HealthDeps {
  clock: Clock;
  version: string;
  /** One small read of the table: true when it answered in time. */
  tableAnswers: () => Promise<boolean>;
}

/** Liveness; `?deep=1` also reads the table, so a monitor tells "the API is up" from "the API can serve learners". */
export const makeHealthHandler = (deps: HealthDeps) =>
  httpApi({
    'GET /api/health': route(serviceApi['GET /api/health'], async ({ query }) => {
      const live = { status: 'ok' as const, service: 'options-academy' as const, version: deps.version, time: deps.clock.now().toISOString() };
      if (query.deep !== '1') return ok(live);
      if (await deps.tableAnswers()) return ok({ ...live, checks: { table: 'ok' as const } });
      return failure(appError('unavailable', 'The API is up but its table does not answer.', { checks: { table: 'unavailable' } }));
    }),
  });

export const handler = makeHealthHandler(healthDeps());
