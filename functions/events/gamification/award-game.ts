import { GAME_EVENT_TYPES, type GameEventType } from '@shared/gamification/engine/events';
import type { GameRepository } from '@shared/gamification/gamification.port';
import { consumeGameEvent } from '@shared/gamification/use-cases/consume-game-event';
import type { Clock } from '@shared/ports/clock.port';
import { eventHandler, type EventReceipts } from '../../commons/event-handler';
import { gameConsumerDeps } from '../../wiring/gamification';

/**
 * The gamification consumers (issue 19): one per event type, each on its own EventBridge rule (functions/events/rules.ts),
 * all running the same pure rules (shared/gamification). A `transaction` consumer: the state, the awards and the receipt
 * commit together, conditional on the state's version, so a redelivery awards nothing twice and two events of one learner
 * at once lose no XP (the loser reloads and applies again).
 */
export const gameConsumerId = (type: GameEventType) => `gamification${type}`;

export const makeGameConsumer = <T extends GameEventType>(
  type: T,
  deps: { repo: GameRepository; receipts: EventReceipts; clock: Clock; backoff?: (attempt: number) => Promise<void> },
) =>
  eventHandler({ consumer: gameConsumerId(type), types: [type], receipts: deps.receipts, idempotency: 'transaction' }, async (event, ctx) => {
    await consumeGameEvent({ repo: deps.repo, clock: deps.clock, backoff: deps.backoff }, event as never, ctx.receipt);
  });

export const realGameConsumer = (type: GameEventType) => makeGameConsumer(type, gameConsumerDeps());

export { GAME_EVENT_TYPES };
