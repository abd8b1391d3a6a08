import { serviceApi } from '@shared/api/service.api';
import type { Clock } from '@shared/ports/clock.port';
import { systemClock } from '../commons/clock';
import { httpApi, ok, route } from '../commons/http';

export const makeHealthHandler = (deps: { clock: Clock; version: string }) =>
  httpApi({
    'GET /api/health': route(serviceApi['GET /api/health'], async () =>
      ok({ status: 'ok', service: 'options-academy', version: deps.version, time: deps.clock.now().toISOString() }),
    ),
  });

export const handler = makeHealthHandler({ clock: systemClock, version: process.env.APP_VERSION ?? 'dev' });
