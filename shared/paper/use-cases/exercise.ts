import { domainEvent, type DomainEvent } from '../../events/domain-events';
import { isExpired } from '../../market/expiry-status';
import { fail, ok, type Result } from '../../result';
import { describe } from '../describe';
import { intrinsicOf, settleOption } from '../expiration';
import { cents, formatUsd } from '../money';
import { accountChanged, badQuantity, noAccount } from '../paper.errors';
import { sessionOf } from '../session';
import type { Activity } from '../types';
import { settlementOf, type PaperDeps } from './deps';
import { withSessionStart } from './market-state';
import { retryOnConflict, RETRY } from './retry';

/** Exercises a long option before expiry (spec part 3 §9): shares at the strike, or cash for index options. */
export function exercise(deps: PaperDeps, userId: string, symbol: string, quantity?: number): Promise<Result<{ activity: Activity }>> {
  const settlement = settlementOf(deps);
  return retryOnConflict(
    async () => {
      const account = await deps.repo.getAccount(userId);
      if (!account) return noAccount();
      const positions = await deps.repo.getPositions(userId);
      const p = positions.find((x) => x.symbol === symbol.toUpperCase() && x.kind === 'option');
      if (!p) return fail('not_found', `You hold no ${symbol.toUpperCase()} option.`);
      if (p.quantity < 0) return fail('unprocessable', 'Only a long option can be exercised; a short one may be assigned to you instead.');
      const n = quantity ?? p.quantity;
      if (!Number.isInteger(n) || n <= 0 || n > p.quantity) return badQuantity(p.quantity);
      const now = deps.clock.now();
      if (isExpired(p.expiration!, now)) return fail('unprocessable', 'This option has expired; it is settled automatically.');
      const price = (await deps.quotes.underlyingPrices([p.underlying])).get(p.underlying);
      if (price === undefined) return fail('unprocessable', `No price for ${p.underlying} right now, so the option cannot be exercised.`);
      if (intrinsicOf(p, price) < 0.01)
        return fail('unprocessable', `${describe(p.symbol)} is out of the money: exercising it would cost more than the shares are worth. Sell it instead.`);
      const stock = positions.find((x) => x.kind === 'stock' && x.symbol === p.underlying) ?? null;
      const shares = n * 100;
      if (settlement(p.underlying) === 'physical') {
        if (p.optionType === 'call' && account.cash < p.strike! * shares) {
          return fail(
            'unprocessable',
            `Exercising buys ${shares} ${p.underlying} shares for ${formatUsd(p.strike! * shares)}, and you have ${formatUsd(account.cash)} in cash. Sell the option instead, or exercise fewer contracts.`,
          );
        }
        if (p.optionType === 'put' && (stock?.quantity ?? 0) < shares) {
          return fail(
            'unprocessable',
            `Exercising a put delivers ${shares} ${p.underlying} shares, and you hold ${Math.max(0, stock?.quantity ?? 0)}. Sell the option instead.`,
          );
        }
      }
      const at = now.toISOString();
      const r = settleOption(p, price, {
        settlement: settlement(p.underlying),
        stock,
        cash: account.cash,
        at,
        date: sessionOf(now),
        early: true,
        quantity: n,
      });
      const activity = { ...r.activity, id: deps.ids.newId(), at };
      const events: DomainEvent[] = [
        domainEvent('OptionExercised', { userId, contract: p.symbol, quantity: n, realizedPnl: r.realizedPnl, at }, deps.ids.newId()),
      ];
      if (!r.changes[0]!.after) {
        events.push(domainEvent('PositionClosed', { userId, contract: p.symbol, quantity: n, realizedPnl: r.realizedPnl, closedAt: at }, deps.ids.newId()));
      }
      const started = await withSessionStart(deps, account, positions);
      const result = await deps.repo.commit(userId, {
        account: {
          expectedVersion: account.version,
          next: {
            ...started,
            cash: cents(account.cash + r.cashDelta),
            realizedPnl: cents(account.realizedPnl + r.realizedPnl),
            version: account.version + 1,
          },
        },
        positions: r.changes,
        activity: [activity],
        events,
      });
      if (result === 'ok') return ok({ activity });
      return RETRY;
    },
    () => accountChanged('during the exercise'),
  );
}
