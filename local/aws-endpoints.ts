import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setLocalClockOffset, systemClock } from '../functions/commons/clock';
import { CONSUMER_RETRY, eventRules, type EventRuleDefinition } from '../functions/events/rules';
import { matchesPattern } from './event-pattern';
import { lambdaContext, loadHandler } from './handlers';
import { LOOPBACK } from './ports';
import { SecretVault } from './secret-vault';
import { PRE_TOKEN_FUNCTION } from './cognito';
import { ScheduleStates } from './schedule-states';

/**
 * Local stand-ins for the AWS APIs that have no emulator on npm, spoken in their own wire protocol
 * (JSON 1.1 with X-Amz-Target), so the adapters use the real SDK clients with only the endpoint changed:
 * - Secrets Manager: CreateSecret, GetSecretValue, PutSecretValue, UpdateSecret, DescribeSecret, DeleteSecret;
 * - EventBridge: PutEvents, matched against functions/events/rules.ts and delivered to the same consumers, each
 *   asynchronously and on its own: a failing consumer is retried as its rule says (CONSUMER_RETRY) and its event then
 *   goes to that rule's dead-letter list, while the other rules' consumers go on;
 * - Lambda Invoke, for cognito-local's pre-token-generation trigger;
 * - EventBridge Scheduler (REST JSON): GetSchedule and UpdateSchedule of the jobs' schedules, of which only `State`
 *   may change (local/schedule-states.ts keeps it; the croner runner pauses and resumes the job from it).
 * For tests and debugging, on loopback only: GET /_local/events lists the events put so far with their deliveries;
 * GET /_local/dead-letters the events each rule gave up on; POST /_local/control `{"putEvents":"down"}` makes PutEvents
 * drop its connections (the bus is unreachable; Secrets Manager and Lambda keep working), `{"putEvents":"up"}` restores it;
 * POST /_local/scheduler/tick `{"job":"ingest"}` fires a job's schedule as its cron would at its next time (a stopped
 * schedule does not run), answering `{ ran }` at once (the run goes on, as a cron's does), so tests need not wait for 18:00.
 */
export interface DeliveredEvent {
  id: string;
  source: string;
  detailType: string;
  detail: unknown;
  time: string;
  deliveries: Delivery[];
}

export interface Delivery {
  rule: string;
  /** `failed`: every attempt failed and the event is in the rule's dead-letter list. */
  status: 'pending' | 'ok' | 'failed';
  attempts: number;
  error?: string;
  /** What the consumer returned (the consumer helper says `consumed`, `duplicate` or `in_progress`). */
  result?: unknown;
}

/** What a rule's dead-letter queue would hold: the event as the consumer received it, and why it gave up. */
export interface DeadLetter {
  rule: string;
  consumer: string;
  event: Record<string, unknown>;
  error: string;
  attempts: number;
  at: string;
}

export interface RunningAwsEndpoints {
  endpoint: string;
  events: DeliveredEvent[];
  deadLetters: DeadLetter[];
  /** The local schedules' states (ENABLED or DISABLED), which the croner runner follows. */
  schedules: ScheduleStates;
  /** What `/_local/scheduler/tick` calls: the local scheduler, once it runs. */
  onTick(tick: (jobId: string) => Promise<{ ran: boolean }>): void;
  stop(): Promise<void>;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const MAX_EVENTS_KEPT = 1000;
/** Lambda waits about a minute, then two, between retries of an asynchronous invocation; locally a second, then two. */
const LOCAL_RETRY_DELAY_MS = (retry: number) => 1000 * 2 ** retry;
const isLoopback = (address: string | undefined) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

export async function startAwsEndpoints(opts: {
  port: number;
  secretsDir: string;
  rules?: readonly EventRuleDefinition[];
  log?: (line: string) => void;
  /** Delay before the n-th retry of a failing consumer (n from 0). */
  retryDelayMs?: (retry: number) => number;
  /** Where the schedules' states are kept (beside the table's data); none: in memory. */
  schedulesFile?: string | null;
}): Promise<RunningAwsEndpoints> {
  const vault = new SecretVault(opts.secretsDir);
  const scheduleStates = new ScheduleStates(opts.schedulesFile ?? null);
  let tick: ((jobId: string) => Promise<{ ran: boolean }>) | null = null;
  const events: DeliveredEvent[] = [];
  const deadLetters: DeadLetter[] = [];
  const rules = opts.rules ?? eventRules;
  const log = opts.log ?? (() => undefined);
  const retryDelay = opts.retryDelayMs ?? LOCAL_RETRY_DELAY_MS;
  const timers = new Set<NodeJS.Timeout>();
  let putEventsUp = true;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const reply = (status: number, body: unknown, contentType = 'application/x-amz-json-1.1') => {
        res.writeHead(status, { 'content-type': contentType, 'x-amzn-requestid': randomUUID() });
        res.end(JSON.stringify(body));
      };
      const run = async () => {
        const url = new URL(req.url ?? '/', 'http://local');
        if (url.pathname.startsWith('/_local/')) {
          if (!isLoopback(req.socket.remoteAddress)) return reply(403, { message: 'Local controls answer on loopback only' }, 'application/json');
          if (req.method === 'GET' && url.pathname === '/_local/events') return reply(200, events, 'application/json');
          if (req.method === 'GET' && url.pathname === '/_local/dead-letters') return reply(200, deadLetters, 'application/json');
          if (req.method === 'POST' && url.pathname === '/_local/control') {
            const body = JSON.parse(raw || '{}') as { putEvents?: unknown };
            if (body.putEvents !== 'up' && body.putEvents !== 'down')
              return reply(400, { message: 'Send {"putEvents":"up"} or {"putEvents":"down"}' }, 'application/json');
            putEventsUp = body.putEvents === 'up';
            log(`local EventBridge: PutEvents is ${putEventsUp ? 'back up' : 'down (connections are dropped)'}`);
            return reply(200, { putEvents: putEventsUp ? 'up' : 'down' }, 'application/json');
          }
          if (req.method === 'POST' && url.pathname === '/_local/clock') {
            // Tests of expiry: the handlers' business clock runs this far ahead of the system time (functions/commons/clock.ts).
            const body = JSON.parse(raw || '{}') as { offsetMs?: unknown };
            if (typeof body.offsetMs !== 'number' || !Number.isFinite(body.offsetMs) || body.offsetMs < 0)
              return reply(400, { message: 'Send {"offsetMs": <milliseconds, 0 or more>}' }, 'application/json');
            setLocalClockOffset(body.offsetMs);
            log(`local clock: ${body.offsetMs} ms ahead of the system time (now ${systemClock.now().toISOString()})`);
            return reply(200, { offsetMs: body.offsetMs, now: systemClock.now().toISOString() }, 'application/json');
          }
          if (req.method === 'POST' && url.pathname === '/_local/scheduler/tick') {
            const body = JSON.parse(raw || '{}') as { job?: unknown };
            if (typeof body.job !== 'string' || !scheduleStates.definitions.some((d) => d.id === body.job))
              return reply(400, { message: 'Send {"job": "<a schedule id>"}' }, 'application/json');
            if (!tick) return reply(409, { message: 'The local scheduler is not running' }, 'application/json');
            return reply(200, await tick(body.job), 'application/json');
          }
          return reply(404, { message: `No local control at ${req.method} ${url.pathname}` }, 'application/json');
        }
        const invoke = url.pathname.match(/^\/2015-03-31\/functions\/([^/]+)\/invocations$/);
        if (invoke) return reply(200, await invokeLocalFunction(decodeURIComponent(invoke[1]!), JSON.parse(raw || '{}')), 'application/json');
        const schedule = url.pathname.match(/^\/schedules\/([^/]+)$/);
        if (schedule && (req.method === 'GET' || req.method === 'PUT')) {
          const answer = scheduleAction(scheduleStates, req.method, decodeURIComponent(schedule[1]!), url, raw);
          res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() });
          return void res.end(JSON.stringify(answer));
        }
        const target = String(req.headers['x-amz-target'] ?? '');
        const input = JSON.parse(raw || '{}') as Record<string, unknown>;
        if (target.startsWith('secretsmanager.')) return reply(200, secretsAction(vault, target.slice('secretsmanager.'.length), input));
        if (target === 'AWSEvents.PutEvents') {
          // As when the endpoint cannot be reached: no answer at all, and the SDK's own retries fail too.
          if (!putEventsUp) return void req.socket.destroy();
          return reply(200, putEvents(input));
        }
        throw new ServiceError('UnknownOperationException', `The local AWS endpoints do not implement ${target || req.url}`);
      };
      run().catch((err: unknown) => {
        if (err instanceof ServiceError) {
          // The REST JSON services (Scheduler) name the error in a header; the JSON 1.1 ones in `__type`.
          res.setHeader('x-amzn-errortype', err.type);
          return reply(err.status, { __type: err.type, message: err.message, Message: err.message });
        }
        if (err instanceof SyntaxError) return reply(400, { __type: 'SerializationException', message: 'Malformed JSON body' });
        reply(500, { __type: 'InternalFailure', message: (err as Error).message });
      });
    });
  });

  function putEvents(input: Record<string, unknown>) {
    const entries = Array.isArray(input.Entries) ? (input.Entries as Record<string, unknown>[]) : [];
    if (entries.length === 0 || entries.length > 10) throw new ServiceError('ValidationException', 'Entries must hold 1 to 10 events');
    const results = entries.map((entry) => {
      let detail: unknown;
      try {
        detail = typeof entry.Detail === 'string' ? JSON.parse(entry.Detail) : undefined;
      } catch {
        detail = undefined;
      }
      // EventBridge refuses such an entry alone and accepts the others of the call.
      if (!detail || typeof detail !== 'object' || Array.isArray(detail)) return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
      const id = randomUUID();
      const record: DeliveredEvent = {
        id,
        source: String(entry.Source ?? ''),
        detailType: String(entry.DetailType ?? ''),
        detail,
        time: entry.Time ? new Date(Number(entry.Time) * 1000 || String(entry.Time)).toISOString() : new Date().toISOString(),
        deliveries: [],
      };
      events.push(record);
      if (events.length > MAX_EVENTS_KEPT) events.shift();
      const envelope = {
        version: '0',
        id,
        'detail-type': record.detailType,
        source: record.source,
        account: '000000000000',
        time: record.time,
        region: 'us-east-1',
        resources: (entry.Resources as string[]) ?? [],
        detail,
      };
      for (const rule of rules) {
        if (!matchesPattern(rule.pattern, envelope)) continue;
        const delivery: Delivery = { rule: rule.id, status: 'pending', attempts: 0 };
        record.deliveries.push(delivery);
        // EventBridge invokes targets asynchronously: PutEvents answers before consumers run, and each rule on its own.
        schedule(() => deliver(rule, envelope, delivery), 0);
      }
      return { EventId: id };
    });
    return { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results };
  }

  function schedule(fn: () => Promise<void>, ms: number) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void fn();
    }, ms);
    timers.add(timer);
  }

  /** One attempt; on failure another after a delay, until the rule's retries are spent, then the dead-letter list. */
  async function deliver(rule: EventRuleDefinition, envelope: Record<string, unknown> & { id: string; 'detail-type': string }, delivery: Delivery) {
    const retry = rule.retry ?? CONSUMER_RETRY;
    delivery.attempts++;
    try {
      const fn = await loadHandler(rule.consumer.file);
      // Lambda keeps the request id across the retries of one asynchronous invocation.
      delivery.result = await fn(envelope, lambdaContext(rule.consumer.id, `${envelope.id}-${rule.id}`, (rule.consumer.timeoutSeconds ?? 30) * 1000));
      delivery.status = 'ok';
      delivery.error = undefined;
    } catch (err) {
      delivery.error = (err as Error).message;
      const age = Date.now() - Date.parse(String(envelope.time));
      if (delivery.attempts <= retry.attempts && age < retry.maxEventAgeSeconds * 1000) {
        log(`event ${envelope['detail-type']} -> ${rule.id} failed (attempt ${delivery.attempts}): ${delivery.error}; retrying`);
        schedule(() => deliver(rule, envelope, delivery), retryDelay(delivery.attempts - 1));
        return;
      }
      delivery.status = 'failed';
      deadLetters.push({
        rule: rule.id,
        consumer: rule.consumer.id,
        event: envelope,
        error: delivery.error,
        attempts: delivery.attempts,
        at: new Date().toISOString(),
      });
      if (deadLetters.length > MAX_EVENTS_KEPT) deadLetters.shift();
      log(`event ${envelope['detail-type']} -> ${rule.id} failed ${delivery.attempts} times: ${delivery.error}; it is in that rule's dead-letter list`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, LOOPBACK, () => resolve());
  });
  return {
    endpoint: `http://${LOOPBACK}:${opts.port}`,
    events,
    deadLetters,
    schedules: scheduleStates,
    onTick: (fn) => {
      tick = fn;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * GetSchedule and UpdateSchedule as EventBridge Scheduler answers them. UpdateSchedule replaces the whole schedule in
 * AWS, so a caller must send every field back; the local one only keeps `State`, and refuses a call that would change
 * anything else (or leaves out what AWS requires), so an adapter that forgets a field fails here as it would there.
 */
function scheduleAction(states: ScheduleStates, method: string, name: string, url: URL, raw: string) {
  const input = method === 'PUT' ? (JSON.parse(raw || '{}') as Record<string, unknown>) : {};
  const group = method === 'PUT' ? (input.GroupName as string | undefined) : (url.searchParams.get('groupName') ?? undefined);
  const def = states.jobOf(name, group);
  if (!def) throw new ServiceError('ResourceNotFoundException', `Schedule ${name} does not exist.`, 404);
  const current = states.describe(def);
  if (method === 'GET') return { ...current, CreationDate: 0, LastModificationDate: Date.now() / 1000 };
  for (const field of ['ScheduleExpression', 'FlexibleTimeWindow', 'Target'])
    if (input[field] === undefined) throw new ServiceError('ValidationException', `${field} is required.`);
  for (const field of ['ScheduleExpression', 'ScheduleExpressionTimezone', 'Description', 'FlexibleTimeWindow', 'Target'])
    if (canonical(input[field]) !== canonical(current[field]))
      throw new ServiceError('ValidationException', `The local Scheduler changes only State; ${field} differs from the schedule's.`);
  if (input.State !== 'ENABLED' && input.State !== 'DISABLED') throw new ServiceError('ValidationException', 'State must be ENABLED or DISABLED.');
  states.set(def.id, input.State);
  return { ScheduleArn: current.Arn };
}

/** JSON with the keys of every object sorted, so two equal values compare equal whatever order the SDK sent. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

function secretsAction(vault: SecretVault, action: string, input: Record<string, unknown>) {
  const id = String(input.SecretId ?? '');
  const existing = () => {
    const s = vault.find(id);
    if (!s) throw new ServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    return s;
  };
  const live = () => {
    const s = existing();
    if (s.deletedDate) throw new ServiceError('InvalidRequestException', "You can't perform this operation on the secret because it was marked for deletion.");
    return s;
  };
  switch (action) {
    case 'CreateSecret': {
      const name = String(input.Name ?? '');
      if (!/^[A-Za-z0-9/_+=.@-]{1,512}$/.test(name))
        throw new ServiceError(
          'ValidationException',
          'Invalid name. Must be a valid name containing alphanumeric characters, or any of the following: -/_+=.@!',
        );
      if (typeof input.SecretString !== 'string') throw new ServiceError('InvalidParameterException', 'SecretString is required');
      const found = vault.find(name);
      if (found?.deletedDate)
        throw new ServiceError('InvalidRequestException', "You can't create this secret because a secret with this name is already scheduled for deletion.");
      if (found) throw new ServiceError('ResourceExistsException', `The operation failed because the secret ${name} already exists.`);
      const s = vault.create(name, input.SecretString, typeof input.Description === 'string' ? input.Description : undefined);
      return { ARN: s.arn, Name: s.name, VersionId: s.versionId };
    }
    case 'GetSecretValue': {
      const s = live();
      return { ARN: s.arn, Name: s.name, VersionId: s.versionId, SecretString: vault.reveal(s), VersionStages: ['AWSCURRENT'], CreatedDate: s.lastChangedDate };
    }
    case 'PutSecretValue':
    case 'UpdateSecret': {
      const s = live();
      if (typeof input.SecretString !== 'string') throw new ServiceError('InvalidParameterException', 'SecretString is required');
      vault.put(s, input.SecretString);
      return { ARN: s.arn, Name: s.name, VersionId: s.versionId };
    }
    case 'DescribeSecret': {
      const s = existing();
      return {
        ARN: s.arn,
        Name: s.name,
        Description: s.description,
        CreatedDate: s.createdDate,
        LastChangedDate: s.lastChangedDate,
        DeletedDate: s.deletedDate,
        VersionIdsToStages: { [s.versionId]: ['AWSCURRENT'] },
      };
    }
    case 'DeleteSecret': {
      const s = existing();
      if (input.ForceDeleteWithoutRecovery === true) vault.remove(s);
      else vault.markDeleted(s);
      const window = Number(input.RecoveryWindowInDays ?? 30);
      return { ARN: s.arn, Name: s.name, DeletionDate: Date.now() / 1000 + (input.ForceDeleteWithoutRecovery ? 0 : window * 86400) };
    }
    default:
      throw new ServiceError('UnknownOperationException', `The local Secrets Manager does not implement ${action}`);
  }
}

/**
 * Local-only Lambda functions. Real Cognito puts standard attributes such as `name` in the ID token;
 * cognito-local puts only email and custom attributes there, so this trigger adds the standard
 * profile attributes back and the tokens look as they will in AWS.
 */
async function invokeLocalFunction(name: string, event: { request?: { userAttributes?: Record<string, string> }; response?: unknown }) {
  if (name !== PRE_TOKEN_FUNCTION) throw new ServiceError('ResourceNotFoundException', `Function not found: ${name}`, 404);
  const attrs = event.request?.userAttributes ?? {};
  const claimsToAddOrOverride: Record<string, string> = {};
  for (const key of ['name', 'given_name', 'family_name', 'preferred_username']) if (attrs[key]) claimsToAddOrOverride[key] = attrs[key];
  return { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride } } };
}
