import { describe, expect, it } from 'vitest';
import { runBacktest, whatThisTeaches, type WhatThisTeaches } from '@shared/backtest';
import { formatUsd } from '@shared/format/money';
import type { Result } from '@shared/result';
import { CLOSES_2, COST_PER_CONTRACT, DATES, IRON_CONDOR, IVS_2, ONCE, bsm, history, rules, years } from './support/history';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const teach = (input: Parameters<typeof whatThisTeaches>[0]): WhatThisTeaches => value(whatThisTeaches(input));

const ONE_LOT = { kind: 'contracts', contracts: 1 } as const;
/** A put sold 5% below the entry close: 95 on 2 March at 100, expiring Friday 20 March (18 days). */
const shortPut = { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } }] } as const;
const putRules = (more: Record<string, unknown> = {}) => rules({ strategy: shortPut, entry: { schedule: ONCE, daysToExpiry: 18 }, size: ONE_LOT, ...more });
const FLAT_IV = DATES.map(() => 0.2);
const EXPIRY = '2026-03-20';
const E = DATES.indexOf(EXPIRY);

// A slow slide from 100 to 96 over 12 March (index 8), one session from 96 to `gapTo`, then 93-ish into the expiry.
const sliding = (gapTo: number) => [100, 99.5, 99, 98.5, 98, 97.5, 97, 96.5, 96, gapTo, 93.8, 93.5, 93.4, 93.2, 93, 93.1, 93.3, 93.6, 93.9, 94];

describe('what the profit target changed', () => {
  // The iron condor of the engine's tests on path 2 (the price hovering near 100, IV falling from 25% to 15%): 92/96/104/
  // 108 on 27 March. With a 50% target it closes at the target; without, it expires worthless at 100.10 on 27 March.
  const condor = IRON_CONDOR;
  const strikes = [
    ['put', 92, 100],
    ['put', 96, -100],
    ['call', 104, -100],
    ['call', 108, 100],
  ] as const;
  const valueOn = (k: number) => strikes.reduce((s, [type, K, w]) => s + w * bsm(type, CLOSES_2[k]!, K, years(DATES[k], '2026-03-27'), IVS_2[k]!), 0);
  const credit = -valueOn(0);
  const hit = DATES.findIndex((_, k) => k > 0 && valueOn(k) - valueOn(0) >= 0.5 * credit);
  // By hand: at the target, the P&L less opening and closing costs on four contracts; at expiry, the whole credit less
  // the opening costs only (a settlement pays none).
  const pnlWithTarget = valueOn(hit) - valueOn(0) - 8 * COST_PER_CONTRACT;
  const pnlHeld = credit - 4 * COST_PER_CONTRACT;
  const condorRules = rules({ strategy: condor, entry: { schedule: ONCE, daysToExpiry: 25 }, exit: { profitTargetPct: 50 }, size: ONE_LOT });
  const lesson = teach({ history: history(CLOSES_2, IVS_2), rules: condorRules }).profitTarget;

  it('reruns the rules without the target and sets the two runs side by side', () => {
    if (lesson.kind !== 'compared') throw new Error('expected a comparison');
    expect(hit).toBeGreaterThan(0);
    expect(lesson.targetPct).toBe(50);
    expect(lesson.withTarget).toMatchObject({ trades: 1, wins: 1, winRate: 100, averageLoss: null });
    expect(lesson.withTarget.averageWin).toBeCloseTo(pnlWithTarget, 2);
    expect(lesson.withoutTarget).toMatchObject({ trades: 1, wins: 1, winRate: 100, averageLoss: null });
    expect(lesson.withoutTarget.averageWin).toBeCloseTo(pnlHeld, 2);
    expect(lesson.withoutTarget.expectancy).toBeCloseTo(pnlHeld, 2);
    // Holding earned more here: the target gave up the rest of the credit.
    expect(pnlHeld).toBeGreaterThan(pnlWithTarget);
  });

  it('says each comparison in a plain sentence, money in the product’s format', () => {
    if (lesson.kind !== 'compared') throw new Error('expected a comparison');
    expect(lesson.sentences.winRate).toBe('Taking profit at 50% of the max profit won 100% of trades (1 of 1); holding to expiry won 100% of trades (1 of 1).');
    expect(lesson.sentences.averageWin).toBe(
      `The average win was ${formatUsd(lesson.withTarget.averageWin!)} with the target and ${formatUsd(lesson.withoutTarget.averageWin!)} without it.`,
    );
    expect(lesson.sentences.averageWin).toContain(formatUsd(pnlHeld));
    expect(lesson.sentences.averageLoss).toBe('The average loss was nothing (no trade lost) with the target and nothing (no trade lost) without it.');
    expect(lesson.sentences.expectancy).toContain(formatUsd(pnlWithTarget));
  });

  it('on several trades the figures are the no-target run’s, and a loss per trade is said as a loss', () => {
    // Short puts every 2 sessions on the slide through 95: a 40% target and a stop at 150% of the credit.
    const r = putRules({
      entry: { schedule: { kind: 'every', tradingDays: 2 }, daysToExpiry: 11 },
      exit: { profitTargetPct: 40, stopLoss: { pct: 150, of: 'credit' } },
    });
    const rows = history(sliding(94), FLAT_IV);
    const lessonOf = teach({ history: rows, rules: r }).profitTarget;
    if (lessonOf.kind !== 'compared') throw new Error('expected a comparison');
    const held = value(runBacktest(rows, { ...r, exit: { stopLoss: { pct: 150, of: 'credit' } } }));
    expect(held.trades.some((t) => t.exitReason === 'profit-target')).toBe(false);
    expect(lessonOf.withoutTarget).toEqual({
      trades: held.metrics.trades,
      wins: held.metrics.wins,
      winRate: held.metrics.winRate,
      averageWin: held.metrics.averageWin,
      averageLoss: held.metrics.averageLoss,
      expectancy: held.metrics.expectancy,
    });
    expect(lessonOf.sentences.winRate).toMatch(/holding to the stop or expiry won/);
    expect(held.metrics.expectancy!).toBeLessThan(0);
    expect(lessonOf.sentences.expectancy).toContain(`a loss of ${formatUsd(-held.metrics.expectancy!)} without it`);
  });

  it('without a target, says there was none and names the exits the trades ran to', () => {
    const none = teach({ history: history(sliding(94), FLAT_IV), rules: putRules({ exit: { stopLoss: { pct: 100, of: 'credit' }, daysBeforeExpiry: 3 } }) });
    expect(none.profitTarget).toEqual({
      kind: 'no-target',
      sentence: 'These rules had no profit target, so there is nothing to compare: every trade ran to the stop, 3 days before expiry or expiry.',
    });
  });
});

describe('the worst trade and why', () => {
  const p0 = bsm('put', 100, 95, years(DATES[0], EXPIRY), 0.2);
  /** By hand: the credit less the put's intrinsic value at the expiry close, less the opening cost of one contract. */
  const heldPnl = (closes: number[]) => 100 * (p0 - Math.max(0, 95 - closes[E]!)) - COST_PER_CONTRACT;

  it('a one-session fall of more than 2% through the short strike is a gap, named with its dates and closes', () => {
    const closes = sliding(94.07); // 96 → 94.07: −2.01%, through 95
    const worst = teach({ history: history(closes, FLAT_IV), rules: putRules() }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.trade.pnl).toBeCloseTo(heldPnl(closes), 2);
    expect(worst.reason).toBe('gap');
    expect(worst.gap).toMatchObject({ fromDate: '2026-03-12', toDate: '2026-03-13', fromClose: 96, toClose: 94.07, strike: 95, optionType: 'put' });
    expect(worst.gap!.movePct).toBeCloseTo(-2.0104, 4);
    expect(worst.ivSpike).toBeNull();
    expect(worst.sentence).toBe(
      `The worst trade, opened Mar 2, 2026 and closed Mar 20, 2026 at expiry, lost ${formatUsd(-worst.trade.pnl)} after costs. ` +
        'On Mar 13, 2026 the price gapped from 96.00 to 94.07 (−2.01% since Mar 12, 2026, more than the 2% that counts as a gap), straight through the 95 put it had sold.',
    );
  });

  it('a fall of exactly 2% through the strike is not a gap: the loss is a steady move, and what the move cost', () => {
    const closes = sliding(94.08); // 96 → 94.08: exactly 2%
    const worst = teach({ history: history(closes, FLAT_IV), rules: putRules() }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.gap).toBeNull();
    expect(worst.reason).toBe('steady-move');
    // At expiry the put is worth its intrinsic value: at 93.00 it is 2.00 a share against nothing at 100.
    expect(worst.move).toMatchObject({ fromClose: 100, toClose: 93, moveValue: -200 });
    expect(worst.move.movePct).toBeCloseTo(-7, 9);
    expect(worst.sentence).toContain('the price moved steadily against it, from 100.00 on Mar 2, 2026 to 93.00 on Mar 20, 2026 (−7.0%)');
    expect(worst.sentence).toContain(`that move alone cost about ${formatUsd(200)}`);
  });

  it('a move of more than 2% that stays above the short strike is not a gap', () => {
    // 100 → 97.5 on 3 March (−2.5%), above 95 on both closes, and there after.
    const closes = DATES.map((_, i) => (i === 0 ? 100 : 97.5));
    const worst = teach({ history: history(closes, FLAT_IV), rules: putRules() }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.gap).toBeNull();
  });

  // A drift down from 100 to 97 (never below 95, half a percent a session) while IV30 rises from 20% to a peak on
  // 10 March, where the range ends: the put is bought back dearer.
  const drift = DATES.map((_, i) => 100 - 0.5 * Math.min(i, 6));
  const ivs = (peak: number) => DATES.map((_, i) => (i === 6 ? peak : 0.2 + (i > 0 && i < 10 ? 0.01 : 0)));
  const driftRules = putRules({ to: '2026-03-10' });

  it('IV30 rising more than 5 points during the trade is an IV spike, named with its dates and levels', () => {
    const worst = teach({ history: history(drift, ivs(0.2501)), rules: driftRules }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.trade.pnl).toBeLessThan(0);
    expect(worst.reason).toBe('iv-spike');
    expect(worst.ivSpike).toMatchObject({ fromDate: '2026-03-02', toDate: '2026-03-10', fromIv: 0.2, toIv: 0.2501 });
    expect(worst.ivSpike!.points).toBeCloseTo(5.01, 9);
    expect(worst.sentence).toContain('IV30 rose from 20.0% on Mar 2, 2026 to 25.01% on Mar 10, 2026, 5.01 points (more than the 5 that counts as a spike)');
  });

  it('IV30 rising exactly 5 points is not a spike', () => {
    const worst = teach({ history: history(drift, ivs(0.25)), rules: driftRules }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.trade.pnl).toBeLessThan(0);
    expect(worst.ivSpike).toBeNull();
    expect(worst.reason).toBe('steady-move');
  });

  it('the thresholds are the caller’s when given', () => {
    const worst = teach({ history: history(drift, ivs(0.25)), rules: driftRules, thresholds: { gapPct: 2, ivSpikePoints: 4.99 } }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.reason).toBe('iv-spike');
  });

  it('picks the lowest P&L of several trades', () => {
    const every3 = putRules({ entry: { schedule: { kind: 'every', tradingDays: 3 }, daysToExpiry: 11 } });
    const run = value(runBacktest(history(sliding(94.07), FLAT_IV), every3));
    expect(run.trades.length).toBeGreaterThan(2);
    const worst = teach({ history: history(sliding(94.07), FLAT_IV), rules: every3, run }).worstTrade;
    if (worst.kind !== 'worst') throw new Error('expected a trade');
    expect(worst.trade.pnl).toBe(Math.min(...run.trades.map((t) => t.pnl)));
  });

  it('a run where every trade made money says so of the weakest; a run with no trade says there is none', () => {
    const rising = DATES.map((_, i) => 100 + 0.5 * i);
    const won = teach({ history: history(rising, FLAT_IV), rules: putRules() }).worstTrade;
    if (won.kind !== 'worst') throw new Error('expected a trade');
    expect(won.reason).toBe('no-loss');
    expect(won.sentence).toBe(
      `No trade lost money: the weakest, opened Mar 2, 2026 and closed Mar 20, 2026 at expiry, made ${formatUsd(100 * p0 - COST_PER_CONTRACT)} after costs.`,
    );
    const none = teach({ history: history(rising, FLAT_IV), rules: putRules({ from: DATES.at(-1) }) }).worstTrade;
    expect(none.kind).toBe('no-trade');
  });
});

describe('the same rules on two other underlyings', () => {
  const closes = sliding(94.07);
  // Two lots: on SPX at 100 (and IWM at 200) they fit the $100,000 balance; on SPY at 600 they risk about $114,000.
  const twoLots = putRules({ size: { kind: 'contracts', contracts: 2 } });
  const others = [
    {
      underlying: 'IWM',
      history: history(
        closes.map((c) => c * 2),
        FLAT_IV,
        'IWM',
      ),
    },
    {
      underlying: 'spy',
      history: history(
        closes.map((c) => c * 6),
        FLAT_IV,
        'SPY',
      ),
    },
  ];
  const lesson = teach({ history: history(closes, FLAT_IV), rules: twoLots, others }).otherUnderlyings;
  const own = value(runBacktest(history(closes, FLAT_IV), twoLots));

  it('runs each and compares return on risk, win rate and max drawdown with the run', () => {
    expect(lesson.own).toEqual({
      underlying: 'SPX',
      figures: { trades: 1, returnOnRisk: own.metrics.returnOnRisk, winRate: 0, maxDrawdown: own.metrics.maxDrawdown },
    });
    const iwm = lesson.runs[0]!;
    if (!iwm.ok) throw new Error(iwm.message);
    const alone = value(runBacktest(others[0]!.history, { ...twoLots, underlying: 'IWM' }));
    expect(iwm.figures).toEqual({ trades: 1, returnOnRisk: alone.metrics.returnOnRisk, winRate: 0, maxDrawdown: alone.metrics.maxDrawdown });
    expect(alone.trades[0]!.legs[0]!.strike).toBe(190);
    expect(iwm.sentence).toContain(`won 0% of 1 trade (SPX: 0% of 1 trade)`);
    expect(iwm.sentence).toContain(`fell at most ${formatUsd(alone.metrics.maxDrawdown)} from a peak (SPX: ${formatUsd(own.metrics.maxDrawdown)})`);
  });

  it('reports a run that cannot happen there as a failure naming the field and the reason, not thrown', () => {
    const spy = lesson.runs[1]!;
    expect(spy).toMatchObject({ underlying: 'SPY', ok: false, field: 'size.contracts', reason: 'size-over-balance' });
    if (spy.ok) throw new Error('expected a failure');
    expect(spy.sentence).toBe(`On SPY the same rules could not run: ${spy.message}`);
    expect(spy.message).toMatch(/over the starting balance/);
  });

  it('a history that does not cover the range is reported too, and a strategy that cannot be placed there', () => {
    const short = teach({
      history: history(closes, FLAT_IV),
      rules: twoLots,
      others: [{ underlying: 'QQQ', history: history(closes, FLAT_IV, 'QQQ').slice(5) }],
    }).otherUnderlyings.runs[0]!;
    expect(short).toMatchObject({ ok: false, field: 'from', reason: 'dates-outside-history' });
    // A put sold 12 listed strikes below the money: SPX at 100 lists $1 strikes from 85 to 115 (88 is there); AAPL at 200
    // lists $5 strikes within 20% of the price, 8 below the money, so it cannot be placed.
    const farPut = putRules({ strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'steps', steps: -12 } }] } });
    const far = teach({
      history: history(closes, FLAT_IV),
      rules: farPut,
      others: [
        {
          underlying: 'AAPL',
          history: history(
            closes.map((c) => c * 2),
            FLAT_IV,
            'AAPL',
          ),
        },
      ],
    });
    expect(value(runBacktest(history(closes, FLAT_IV), farPut)).trades[0]!.legs[0]!.strike).toBe(88);
    expect(far.otherUnderlyings.runs[0]).toMatchObject({ underlying: 'AAPL', ok: false, field: 'strategy', reason: 'template-cannot-be-placed' });
    expect(far.otherUnderlyings.runs[0]!.sentence).toMatch(/^On AAPL the same rules could not run: The template cannot be placed/);
  });

  it('names the best by return on risk only when two runs have the figure', () => {
    const iwm = lesson.runs[0]!;
    if (!iwm.ok) throw new Error(iwm.message);
    expect(iwm.figures.returnOnRisk).not.toBeNull();
    expect(own.metrics.returnOnRisk).not.toBeNull();
    const best = iwm.figures.returnOnRisk! > own.metrics.returnOnRisk! ? 'IWM' : 'SPX';
    expect(lesson.sentence).toContain(`did ${best === 'SPX' ? 'best on SPX' : 'better on IWM'}`);
    const alone = teach({ history: history(closes, FLAT_IV), rules: twoLots, others: [others[1]!] }).otherUnderlyings;
    expect(alone.sentence).toBeNull();
  });

  it('a run that cannot happen on the underlying itself is the panel’s failure', () => {
    const r = whatThisTeaches({ history: history(closes, FLAT_IV).slice(3), rules: twoLots });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.details).toEqual({ field: 'from', reason: 'dates-outside-history' });
  });
});
