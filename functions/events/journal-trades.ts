import type { JournalDeps } from '@shared/journal/use-cases/deps';
import { recordLiveFill } from '@shared/journal/use-cases/record-live-fill';
import { recordOrderFill } from '@shared/journal/use-cases/record-order-fill';
import { recordReset } from '@shared/journal/use-cases/record-reset';
import { recordSettlement } from '@shared/journal/use-cases/record-settlement';
import type { QuoteSource } from '@shared/paper/paper.port';
import type { ExitReason } from '@shared/journal/trades';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { journalConsumerDeps } from '../wiring/journal';

/** The order events the journal is made from; one EventBridge rule each (functions/events/rules.ts). */
export const JOURNAL_EVENT_TYPES = ['OrderFilled', 'OptionExpired', 'OptionExercised', 'AccountReset'] as const;

const SETTLEMENT_REASON: Record<'expired_worthless' | 'exercised' | 'assigned' | 'cash_settled', ExitReason> = {
  expired_worthless: 'expired_worthless',
  exercised: 'exercised',
  assigned: 'assigned',
  cash_settled: 'cash_settled',
};

/**
 * Journal trades (issue 18) from the order events, never from the order path itself. A `transaction` consumer: its
 * receipt is written in the same transaction as the journal change, conditional on not existing, and the change is
 * conditional on the learner's journal book, so a redelivery, a twin delivery at the same moment, or an entry saved
 * meanwhile can neither double a trade nor lose one. Events may come out of order: a close that arrives before its
 * opening waits in the book until the opening comes (shared/journal/book.ts).
 *
 * A paper OrderFilled reads the order itself (its fills carry each leg's effect, commission and quote); a live one
 * (the learner's Alpaca account) carries its legs and is kept in that account's own trades; PositionClosed is not
 * consumed, since every close it reports is a fill of an OrderFilled (or a forced sale of shares, not a journal leg).
 */
export const makeJournalTrades = (deps: { journal: JournalDeps; receipts: EventReceipts; quotes?: Pick<QuoteSource, 'quotes'> }) =>
  eventHandler({ consumer: 'journalTrades', types: JOURNAL_EVENT_TYPES, receipts: deps.receipts, idempotency: 'transaction' }, async (event, ctx) => {
    const d = event.detail;
    let result;
    switch (event.type) {
      case 'OrderFilled': {
        const e = event.detail;
        // A fill on the learner's Alpaca account carries its legs; a paper fill is read from the paper order.
        result = e.live
          ? await recordLiveFill(deps.journal, e.userId, { ...e, live: e.live }, deps.quotes ? (c) => deps.quotes!.quotes(c) : null, ctx.receipt)
          : await recordOrderFill(deps.journal, e.userId, e.orderId, ctx.receipt);
        break;
      }
      case 'OptionExpired': {
        const e = event.detail;
        // An event from before the value was carried: a worthless expiry is worth 0; anything else cannot be priced here.
        const value = e.value ?? (e.outcome === 'expired_worthless' ? 0 : undefined);
        if (value === undefined) throw new Error(`OptionExpired ${e.eventId} carries no value for ${e.outcome}`);
        result = await recordSettlement(
          deps.journal,
          e.userId,
          {
            key: e.eventId,
            contract: e.contract,
            quantity: Math.abs(e.quantity),
            side: null,
            price: value,
            commission: 0,
            at: e.at,
            reason: SETTLEMENT_REASON[e.outcome],
          },
          ctx.receipt,
        );
        break;
      }
      case 'OptionExercised': {
        const e = event.detail;
        if (e.value === undefined) throw new Error(`OptionExercised ${e.eventId} carries no value`);
        result = await recordSettlement(
          deps.journal,
          e.userId,
          { key: e.eventId, contract: e.contract, quantity: e.quantity, side: 'sell', price: e.value, commission: 0, at: e.at, reason: 'exercised' },
          ctx.receipt,
        );
        break;
      }
      case 'AccountReset':
        result = await recordReset(deps.journal, d.userId, event.detail.previousRun, event.detail.at, ctx.receipt);
        break;
    }
    // A failure is thrown so the helper can tell a twin delivery (its receipt now exists) from a real failure (retried).
    if (!result.ok) throw new Error(result.error.message);
  });

export const handler = makeJournalTrades(journalConsumerDeps());
