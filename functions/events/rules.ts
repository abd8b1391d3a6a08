import { ACTIVITY_THAT_COUNTS } from '@shared/ports/site-stats.port';
import { GAME_EVENT_TYPES, type GameEventType } from '@shared/gamification/engine/events';
import { EVENT_SOURCE } from '@shared/events/domain-events';
import { INGEST_SCHEDULE, SETTLE_SCHEDULE } from '../jobs/schedules';
import type { FunctionDefinition } from '../routes';

/** The journal's consumer takes the order events, one rule per event type (issue 18), all served by one handler. */
const journalRule = (detailType: 'OrderFilled' | 'OptionExpired' | 'OptionExercised' | 'AccountReset', description: string): EventRuleDefinition => ({
  id: `journalOn${detailType}`,
  description,
  pattern: { source: [EVENT_SOURCE], 'detail-type': [detailType] },
  consumer: { id: `journal${detailType}`, file: 'functions/events/journal-trades.ts', access: { table: 'readwrite' } },
});

/**
 * Domain event routing, defined once: the CDK stack turns each rule into an EventBridge rule with a
 * Lambda target and a dead-letter queue; the local PutEvents endpoint (local/aws-endpoints.ts) matches
 * the same patterns, calls the same consumer handlers, retries them the same number of times and keeps
 * a dead-letter list per rule. Consumers live in functions/events/ and run their job through the
 * consumer helper (functions/commons/event-handler.ts), which makes them idempotent by event id.
 */
export interface EventRuleDefinition {
  id: string;
  description: string;
  /** An EventBridge event pattern (the subset of exact-match arrays and nested objects). */
  pattern: { source?: string[]; 'detail-type'?: string[]; detail?: Record<string, unknown> };
  consumer: { id: string; file: string; access: FunctionDefinition['access']; memoryMb?: number; timeoutSeconds?: number };
  /** Defaults to CONSUMER_RETRY. */
  retry?: ConsumerRetry;
}

export interface ConsumerRetry {
  /** Retries after the first failed attempt; then the event goes to the rule's dead-letter queue. Lambda allows 0 to 2. */
  attempts: number;
  /** An event older than this is not retried again but dead-lettered (Lambda allows 60 s to 6 h). */
  maxEventAgeSeconds: number;
}

/**
 * A failing consumer is retried twice and then its event is parked in its rule's dead-letter queue, where an operator
 * can read it and send it again; a consumer is idempotent, so a redelivery is harmless. In AWS the retries are Lambda's
 * own for asynchronous invocations (about 1 and 2 minutes apart); the local endpoint retries sooner.
 */
export const CONSUMER_RETRY: ConsumerRetry = { attempts: 2, maxEventAgeSeconds: 6 * 3600 };

export const eventRules: readonly EventRuleDefinition[] = [
  {
    id: 'ingestOnRequest',
    description: "A manual ingestion run (admin) or a learner's Sync Data",
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['IngestRequested'] },
    consumer: {
      id: 'ingestOnRequest',
      file: 'functions/events/ingest-on-request.ts',
      access: INGEST_SCHEDULE.access,
      memoryMb: INGEST_SCHEDULE.memoryMb,
      timeoutSeconds: INGEST_SCHEDULE.timeoutSeconds,
    },
  },
  {
    id: 'recheckOnNewQuotes',
    description: 'New quotes arrived: re-check resting limit orders and settle due expiries',
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['ChainIngested'] },
    consumer: {
      id: 'recheckOnNewQuotes',
      file: 'functions/events/recheck-on-new-quotes.ts',
      access: SETTLE_SCHEDULE.access,
      memoryMb: SETTLE_SCHEDULE.memoryMb,
      timeoutSeconds: SETTLE_SCHEDULE.timeoutSeconds,
    },
  },
  {
    id: 'countActiveLearners',
    description: "A learner's first paper order, lesson or quiz counts them once on the landing page",
    // The first paper order, lesson or quiz counts a learner (once ever); signing up alone does not.
    pattern: { source: [EVENT_SOURCE], 'detail-type': [...ACTIVITY_THAT_COUNTS] },
    consumer: { id: 'countActiveLearners', file: 'functions/events/count-active-learners.ts', access: { table: 'readwrite' } },
  },
  journalRule('OrderFilled', 'A filled paper or Alpaca order opens a journal trade or closes legs of one'),
  journalRule('OptionExpired', "An option settled at expiry closes its journal trade's leg"),
  journalRule('OptionExercised', "An early exercise closes its journal trade's leg"),
  journalRule('AccountReset', 'A reset ends the open journal trades of the earlier run'),
  {
    id: 'journalOnChainIngested',
    description: 'New quotes: the open journal trades get the day’s mark (MFE / MAE)',
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['ChainIngested'] },
    consumer: { id: 'journalMarks', file: 'functions/events/journal-marks.ts', access: { table: 'readwrite' }, timeoutSeconds: 300 },
  },
  {
    id: 'predictionMarketsOnChainIngested',
    description: 'New chains: the demo prediction markets of the next four expiries are made again from them, and their resting bids re-checked',
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['ChainIngested'] },
    consumer: {
      id: 'makePredictionMarkets',
      file: 'functions/events/make-prediction-markets.ts',
      access: { table: 'readwrite' },
      memoryMb: 1024,
      timeoutSeconds: 120,
    },
  },
  {
    id: 'alertsOnChainIngested',
    description: "New closes: the learners' alerts on the stored underlyings are checked, and those that fire write their notifications",
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['ChainIngested'] },
    // Reads the daily summaries, the stored chains (marks) and paper positions; writes the learners' ALERT# and NOTE# items,
    // and an AlertFired outbox item with each firing of a learner who turned alert e-mails on.
    consumer: { id: 'evaluateAlerts', file: 'functions/events/evaluate-alerts.ts', access: { table: 'readwrite' }, memoryMb: 1024, timeoutSeconds: 300 },
  },
  {
    id: 'alertEmailOnAlertFired',
    description: 'An alert fired for a learner who turned alert e-mails on: its e-mail is sent, once',
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['AlertFired'] },
    consumer: {
      id: 'sendAlertEmail',
      file: 'functions/events/send-alert-email.ts',
      // Its send record in the table; e-mails through SES to the confirmed address in the pool, with signed unsubscribe links.
      access: { table: 'readwrite', mail: 'send', userPool: 'readEmail', unsubscribeSecret: 'read' },
    },
  },
  ...GAME_EVENT_TYPES.map(gamificationRule),
  {
    id: 'learningOnJournalEntryAdded',
    description: "A counted journal reflection adds the course's 25 XP and its milestones",
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['JournalEntryAdded'] },
    consumer: { id: 'learningJournalEntryAdded', file: 'functions/events/learning-reflections.ts', access: { table: 'readwrite' } },
  },
  {
    id: 'finishDeletion',
    description: 'An account deletion was requested: finish it once its settle time is over',
    pattern: { source: [EVENT_SOURCE], 'detail-type': ['AccountDeletionRequested'] },
    // The privacy function's grants (functions/routes.ts); the timeout covers the 30 s settle and the passes around it.
    consumer: {
      id: 'finishDeletion',
      file: 'functions/events/finish-deletion.ts',
      access: { table: 'readwrite', brokerSecrets: 'readwrite', userPool: 'deleteUsers' },
      timeoutSeconds: 120,
    },
  },
];

/**
 * Gamification (issue 19): one rule per event type to its own consumer, all applying the same pure rules
 * (shared/gamification) to the learner's state item. The journal publishes JournalEntryAdded (a reflection's XP) and
 * JournalTradeClosed (a trade's result, and the XP for a written plan).
 */
function gamificationRule(type: GameEventType): EventRuleDefinition {
  const kebab = type.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
  return {
    id: `gamification${type}`,
    description: `XP, streaks, achievements, challenges and boards from ${type}`,
    pattern: { source: [EVENT_SOURCE], 'detail-type': [type] },
    consumer: { id: `gamification${type}`, file: `functions/events/gamification/on-${kebab}.ts`, access: { table: 'readwrite' } },
  };
}
