import { z } from 'zod';

/**
 * The domain events (docs/architecture.md, "Events"), as zod schemas. Every event carries an `eventId`, a ulid made
 * when the change it reports is committed; it leaves through the outbox (an item written in that change's own
 * transaction), so a bus outage delays an event and never loses one, and consumers are idempotent by this id.
 * Producers validate before writing and consumers validate what they receive, so a malformed event never reaches
 * XP, streaks or the journal.
 */
const isoTime = z.iso.datetime({ offset: true });
const userId = z.string().min(1);
/** A ulid: 26 characters of Crockford base 32, sortable by the time it was made. */
export const EventId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a ulid');
const eventId = EventId;

/**
 * The name of the learner's agent token (the Agent API) when a token did what the event reports. Nothing a token does
 * earns XP, coins, achievements, streaks or course progress: the gamification and learning consumers skip such events.
 */
const agent = z.string().min(1).optional();

const orderLeg = z.object({ contract: z.string(), side: z.enum(['buy', 'sell']), quantity: z.number().int().positive() });

/** An order was booked: it filled at once or rests as a limit (followed by OrderFilled or OrderEnded). */
export const OrderPlacedDetail = z.object({
  eventId,
  userId,
  orderId: z.string().min(1),
  clientOrderId: z.string().min(1),
  type: z.enum(['market', 'limit']),
  legs: z.array(orderLeg).min(1),
  strategy: z.string().nullable(),
  status: z.enum(['open', 'filled']),
  placedAt: isoTime,
  /** Placed on the learner's own broker account (issue 21): the journal keeps these apart from paper trades. */
  live: z.object({ broker: z.literal('alpaca'), environment: z.enum(['paper', 'live']) }).optional(),
  agent,
});

/** A resting order ended without a fill: canceled by the learner or a reset, or expired at its session's close. */
export const OrderEndedDetail = z.object({
  eventId,
  userId,
  orderId: z.string().min(1),
  status: z.enum(['canceled', 'expired']),
  reason: z.string(),
  at: isoTime,
  agent,
});

export const OrderFilledDetail = z.object({
  eventId,
  userId,
  orderId: z.string().min(1),
  clientOrderId: z.string().min(1),
  strategy: z.string().nullable().optional(),
  legs: z.array(z.object({ contract: z.string(), side: z.enum(['buy', 'sell']), quantity: z.number().int().positive(), price: z.number() })).min(1),
  netAmount: z.number(),
  filledAt: isoTime,
  /** Filled on the learner's own broker account (issue 21): the journal keeps these apart from paper trades. */
  live: z.object({ broker: z.literal('alpaca'), environment: z.enum(['paper', 'live']) }).optional(),
  agent,
});

export const PositionClosedDetail = z.object({
  eventId,
  userId,
  contract: z.string().min(1),
  quantity: z.number().int().positive(),
  realizedPnl: z.number(),
  closedAt: isoTime,
  agent,
});

export const OptionExpiredDetail = z.object({
  eventId,
  userId,
  contract: z.string().min(1),
  quantity: z.number().int(),
  outcome: z.enum(['expired_worthless', 'exercised', 'assigned', 'cash_settled']),
  /** The option's value per share it left the book at: 0 worthless, else its intrinsic value (the journal's exit price). */
  value: z.number().min(0).optional(),
  at: isoTime,
});

/** A long option exercised before expiry at the learner's request. */
export const OptionExercisedDetail = z.object({
  eventId,
  userId,
  contract: z.string().min(1),
  quantity: z.number().int().positive(),
  realizedPnl: z.number(),
  /** The option's intrinsic value per share at the exercise (the journal's exit price). */
  value: z.number().min(0).optional(),
  at: isoTime,
});

/** The paper account was opened, or reset to start a new run with new capital. */
export const AccountOpenedDetail = z.object({ eventId, userId, startingCapital: z.number().positive(), run: z.number().int().positive(), at: isoTime });
export const AccountResetDetail = AccountOpenedDetail.extend({ previousRun: z.number().int().positive(), positionsCleared: z.number().int().nonnegative() });

/** A lesson was completed (with its `lessonId`), or a whole module (without one), for the first time in the learner's progress. */
export const LessonCompletedDetail = z.object({ eventId, userId, moduleId: z.string().min(1), lessonId: z.string().min(1).optional(), at: isoTime });
export const QuizPassedDetail = z.object({ eventId, userId, quizId: z.string().min(1), score: z.number().min(0).max(100), at: isoTime });
/**
 * A journal entry counted as a reflection (once per award key): gamification's and the course's XP for it. `counted`
 * is how many reflections the learner's journal has counted, this one included (the course's milestones at 1, 10 and
 * 50); events published before it was carried lack it. An entry written by an agent token carries `agent` instead of
 * `counted`: the journal did not count it, and no consumer awards anything for it.
 */
export const JournalEntryAddedDetail = z.object({
  eventId,
  userId,
  entryId: z.string().min(1),
  counted: z.number().int().positive().optional(),
  at: isoTime,
  agent,
});
/**
 * A journal trade closed (the journal, shared/journal): every leg of it is closed, by fills, settlements or exercises.
 * Trade-level results, so gamification counts a multi-leg trade once: its net P&L (after commissions), whether it won,
 * and whether the learner wrote a plan for it (a trade entry with a thesis and a planned exit) before it closed. Not
 * published for trades a reset ended without a close.
 */
export const JournalTradeClosedDetail = z.object({
  eventId,
  userId,
  tradeId: z.string().min(1),
  /** The product's paper account, or the learner's Alpaca account (issue 21); shared/journal/trades.ts JOURNAL_ACCOUNTS. */
  account: z.enum(['paper', 'alpaca-paper', 'alpaca-live']),
  run: z.number().int().nonnegative(),
  strategy: z.string(),
  legs: z.number().int().positive(),
  realizedPnl: z.number(),
  outcome: z.enum(['win', 'loss', 'breakeven']),
  hasPlan: z.boolean(),
  openedAt: isoTime,
  closedAt: isoTime,
  /** The trade was opened by the learner's agent token of this name. */
  agent,
});
/**
 * A learner shared a strategy in the community (issue 20): gamification counts it for the community achievements and the
 * social_butterfly board. Published once per post, in the transaction that writes it; a later withdrawal or moderation
 * takes nothing back, as the day's posting limit still counts the post.
 */
export const CommunityPostSharedDetail = z.object({ eventId, userId, postId: z.string().min(1), at: isoTime });
/**
 * A competition season closed and an entrant earned its award (issue 39, shared/competitions/awards.ts): finished ranked
 * with a written plan on every trade. Published by the season close, once per entrant and season, in the transaction
 * that freezes their debrief; gamification grants the coins and the achievement once per `awardKey`.
 */
export const CompetitionSeasonAwardedDetail = z.object({
  eventId,
  userId,
  seasonId: z.string().min(1),
  awardKey: z.string().min(1),
  coins: z.number().int().nonnegative(),
  achievementId: z.string().min(1),
  at: isoTime,
});
export const ChainIngestedDetail = z.object({
  eventId,
  runId: z.string().min(1),
  source: z.enum(['live', 'demo']),
  underlyings: z.array(z.string()),
  contractsStored: z.number().int().nonnegative(),
  failures: z.array(z.object({ underlying: z.string(), error: z.string() })),
  startedAt: isoTime,
  finishedAt: isoTime,
});

/** An operator or a learner's Sync Data asked for a run outside the schedule; the ingest job consumes it. */
export const IngestRequestedDetail = z.object({
  eventId,
  requestedBy: z.string().min(1),
  reason: z.enum(['admin', 'sync']),
  underlyings: z.array(z.string()).optional(),
  at: isoTime,
});

/**
 * A learner asked for their account to be deleted: the consumer finishes the deletion once its settle time is over
 * (shared/users/privacy.ts). The sub is `account`, not `userId`, because consumers skip events of deleted learners.
 */
export const AccountDeletionRequestedDetail = z.object({ eventId, account: userId, requestedAt: isoTime });

/**
 * An alert fired for a learner who had turned alert e-mails on, announced in the same transaction as its notification:
 * its e-mail is sent by a consumer of its own, so a delivery that stops after the notifications still gets it sent.
 */
export const AlertFiredDetail = z.object({
  eventId,
  userId,
  alertId: z.string().min(1),
  notificationId: z.string().min(1),
  tradingDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  at: isoTime,
});

export const DomainEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('OrderPlaced'), detail: OrderPlacedDetail }),
  z.object({ type: z.literal('OrderEnded'), detail: OrderEndedDetail }),
  z.object({ type: z.literal('OrderFilled'), detail: OrderFilledDetail }),
  z.object({ type: z.literal('PositionClosed'), detail: PositionClosedDetail }),
  z.object({ type: z.literal('OptionExpired'), detail: OptionExpiredDetail }),
  z.object({ type: z.literal('OptionExercised'), detail: OptionExercisedDetail }),
  z.object({ type: z.literal('AccountOpened'), detail: AccountOpenedDetail }),
  z.object({ type: z.literal('AccountReset'), detail: AccountResetDetail }),
  z.object({ type: z.literal('LessonCompleted'), detail: LessonCompletedDetail }),
  z.object({ type: z.literal('QuizPassed'), detail: QuizPassedDetail }),
  z.object({ type: z.literal('JournalEntryAdded'), detail: JournalEntryAddedDetail }),
  z.object({ type: z.literal('JournalTradeClosed'), detail: JournalTradeClosedDetail }),
  z.object({ type: z.literal('CommunityPostShared'), detail: CommunityPostSharedDetail }),
  z.object({ type: z.literal('CompetitionSeasonAwarded'), detail: CompetitionSeasonAwardedDetail }),
  z.object({ type: z.literal('ChainIngested'), detail: ChainIngestedDetail }),
  z.object({ type: z.literal('IngestRequested'), detail: IngestRequestedDetail }),
  z.object({ type: z.literal('AccountDeletionRequested'), detail: AccountDeletionRequestedDetail }),
  z.object({ type: z.literal('AlertFired'), detail: AlertFiredDetail }),
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type DetailOf<T extends DomainEventType> = EventOf<T>['detail'];

/** An event of a type with its detail, stamped with a new event id (ids.newId(): a ulid made at commit time). */
export function domainEvent<T extends DomainEventType>(type: T, detail: Omit<DetailOf<T>, 'eventId'>, eventId: string): EventOf<T> {
  return { type, detail: { ...detail, eventId } } as unknown as EventOf<T>;
}

/** The EventBridge `source` of every event the product publishes. */
export const EVENT_SOURCE = 'options-academy';
