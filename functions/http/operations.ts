import { operationsApi } from '@shared/operations/operations.api';
import { readStatus } from '@shared/operations/read-model/status';
import { runNow } from '@shared/operations/use-cases/run-now';
import { startScheduler } from '@shared/operations/use-cases/start-scheduler';
import { stopScheduler } from '@shared/operations/use-cases/stop-scheduler';
import type { OperationsDeps } from '@shared/operations/use-cases/deps';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { accepted, httpApiWithAdmin, ok, respond, route, type AuthUser } from '../commons/http';
import { operationsDeps } from '../wiring/operations';

/** The operator named on a stop or a start: their e-mail, else their name, else their user id. */
const operator = (user: AuthUser) => user.email ?? user.name ?? user.sub;

/** The data manager (Cognito group `admin`): the data's and the jobs' status, the scheduler's Stop and Start, Run now. */
export function makeOperationsHandler(deps: OperationsDeps & { groups: GroupMembership }) {
  return httpApiWithAdmin(deps.groups, {
    'GET /api/admin/operations/status': route(operationsApi['GET /api/admin/operations/status'], async () => ok(await readStatus(deps))),
    'POST /api/admin/operations/scheduler/{jobId}/stop': route(operationsApi['POST /api/admin/operations/scheduler/{jobId}/stop'], async ({ params, user }) =>
      respond(await stopScheduler(deps, params.jobId, operator(user))),
    ),
    'POST /api/admin/operations/scheduler/{jobId}/start': route(operationsApi['POST /api/admin/operations/scheduler/{jobId}/start'], async ({ params, user }) =>
      respond(await startScheduler(deps, params.jobId, operator(user))),
    ),
    'POST /api/admin/operations/run': route(operationsApi['POST /api/admin/operations/run'], async ({ body, user }) =>
      respond(await runNow(deps, user.sub, body?.underlying), accepted),
    ),
  });
}

export const handler = makeOperationsHandler(operationsDeps());
