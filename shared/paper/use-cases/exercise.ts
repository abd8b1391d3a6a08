import { domainEvent, type DomainEvent } from '../../events/domain-events';
import { isExpired } from '../../market/expiry-status';
import { fail, ok, type Result } from '../../result';
import { describe } from '../describe';
import { exerciseCost } from '../exercise-cost';
import { intrinsicOf, settleOption } from '../expiration';
import { cents } from '../../kernel/money';
import { formatUsd } from '../../format/money';
import { accountChanged, badQuantity, noAccount } from '../paper.errors';
import { sessionOf } from '../session';
import type { Activity } from '../types';
import { requirement } from '../buying-power';
import type { SettlementResult } from '../expiration';
import { valuation } from '../portfolio';
import type { PaperAccount, Position } from '../types';
import { settlementOf, type PaperDeps } from './deps';
import { withSessionStart } from './market-state';
import { retryOnConflict, RETRY } from './retry';

/**
 * Exercises a long option before expiry (spec part 3 §9): shares at the strike, or cash for index options. The
 * result carries issue 23's warning where selling the option at its bid would have got more than exercising it
 * (the time value given up); exercising is the learner's choice, so it warns and does not refuse.
 */
export function exercise(deps: PaperDeps, userId: string, symbol: string, quantity?: number): Promise<Result<{ activity: Activity; warning: string | null }>> {
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
      if (settlement(p.underlying) === 'physical' && p.optionType === 'put' && (stock?.quantity ?? 0) < shares) {
        return fail(
          'unprocessable',
          `Exercising a put delivers ${shares} ${p.underlying} shares, and you hold ${Math.max(0, stock?.quantity ?? 0)}. Sell the option instead.`,
        );
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
      const refused = exerciseRefusal(account, positions, r, { option: p, shares, underlyingPrice: price });
      if (refused) return refused;
      const quote = (await deps.quotes.quotes([p.symbol])).get(p.symbol);
      const { warning } = exerciseCost(p, quote, price, { contracts: n, commissionPerContract: account.settings.commissionPerContract });
      const activity = { ...r.activity, id: deps.ids.newId(), at };
      const events: DomainEvent[] = [
        domainEvent(
          'OptionExercised',
          {
            userId,
            contract: p.symbol,
            quantity: n,
            realizedPnl: r.realizedPnl,
            ...(r.optionValue !== undefined ? { value: Math.round(r.optionValue * 10_000) / 10_000 } : {}),
            at,
          },
          deps.ids.newId(),
        ),
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
      if (result === 'ok') return ok({ activity, warning });
      return RETRY;
    },
    () => accountChanged('during the exercise'),
    deps.backoff,
  );
}

/**
 * An exercise must fit the account as it will be after it (issue 16): buying the shares comes out of buying power
 * (cash less what short options reserve and resting orders hold), not out of cash alone, and delivering shares
 * must not leave a short call they covered uncovered.
 */
function exerciseRefusal(
  account: PaperAccount,
  positions: readonly Position[],
  r: SettlementResult,
  ctx: { option: Position; shares: number; underlyingPrice: number },
) {
  const bySymbol = new Map(positions.map((x) => [x.symbol, x]));
  for (const c of r.changes) {
    if (c.after) bySymbol.set(c.symbol, c.after);
    else bySymbol.delete(c.symbol);
  }
  const after = [...bySymbol.values()];
  const prices = new Map([[ctx.option.underlying, ctx.underlyingPrice]]);
  const before = valuation(account, positions, new Map(), prices);
  const afterwards = valuation({ cash: account.cash + r.cashDelta, heldForOrders: account.heldForOrders }, after, new Map(), prices);
  const label = ctx.option.underlying;
  // settleOption closes at intrinsic value an exercise the cash cannot pay for (right at expiry); asked for early, it is refused.
  if (r.outcome === 'auto_closed' || (afterwards.buyingPower < -0.005 && afterwards.buyingPower < before.buyingPower)) {
    return fail(
      'unprocessable',
      `Exercising buys ${ctx.shares} ${label} shares for ${formatUsd(ctx.option.strike! * ctx.shares)}, and your buying power is ${formatUsd(before.buyingPower)}. Sell the option instead, or exercise fewer contracts.`,
      { required: cents(before.buyingPower - afterwards.buyingPower), available: before.buyingPower },
    );
  }
  const nakedBefore = requirement(positions, prices).nakedCalls;
  const newlyNaked = requirement(after, prices).nakedCalls.filter((x) => !nakedBefore.some((b) => b.symbol === x.symbol && b.quantity >= x.quantity));
  if (newlyNaked.length) {
    return fail(
      'unprocessable',
      `Exercising delivers the ${label} shares that cover your short call, which would leave it uncovered. Close the short call first, or sell this option instead.`,
    );
  }
  return null;
}
