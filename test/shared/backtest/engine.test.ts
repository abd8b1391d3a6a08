import { describe, expect, it } from 'vitest';
import { runBacktest, type BacktestResult } from '@shared/backtest';
import { americanPrice } from '@shared/pricing';
import { tradingDaysEnding } from '@shared/market/calendar';
import { weekday } from '@shared/market/dates';
import { simulatedSummaries } from '@shared/market/simulated-history';
import { underlyingProfile } from '@shared/market/underlyings';
import type { Result } from '@shared/result';
import {
  CLOSES_1,
  CLOSES_2,
  COST_PER_CONTRACT,
  DATES,
  IRON_CONDOR,
  IVS_1,
  IVS_2,
  ONCE,
  R,
  bsm,
  history,
  putDelta,
  rules,
  summaryRow,
  years,
} from './support/history';

const value = (r: Result<BacktestResult>): BacktestResult => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const failure = (r: Result<BacktestResult>) => {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
};

// Path 1: a fall through the short put's strike into the 20 March expiry, volatility rising as it falls.
// Path 2: the price hovering near 100 while volatility falls from 25% to 15%.

const shortPut = (distance = -5) => ({ legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance, unit: 'percent' } }] }) as const;
const ironCondor = IRON_CONDOR;

describe('a short put over the constructed 20-day history, by hand', () => {
  // Entry on 2 March at the close of 100: the strike 5% below is 95; 18 days to expiry is Friday 20 March, a listed
  // expiry (index dailies, weeklies and the March monthly). Held to expiry; one lot; the default costs.
  const K = 95;
  const EXPIRY = '2026-03-20';
  const E = DATES.indexOf(EXPIRY);
  const run = value(
    runBacktest(
      history(CLOSES_1, IVS_1),
      rules({ strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 } }),
    ),
  );
  const p0 = bsm('put', 100, K, years(DATES[0], EXPIRY), IVS_1[0]!);
  // Each session's put price: BSM at its close, its IV and the days left, then intrinsic value on the expiry's close.
  const priceOn = (k: number) => (k < E ? bsm('put', CLOSES_1[k]!, K, years(DATES[k], EXPIRY), IVS_1[k]!) : Math.max(0, K - CLOSES_1[E]!));
  const entryCosts = 1 * COST_PER_CONTRACT;

  it('opens one trade on the 95 put of 20 March and settles it at intrinsic value, no closing costs', () => {
    expect(run.trades).toHaveLength(1);
    const t = run.trades[0]!;
    expect(t).toMatchObject({ entryDate: DATES[0], exitDate: EXPIRY, expiration: EXPIRY, exitReason: 'expiry', lots: 1, daysHeld: 18, sessionsHeld: E });
    expect(t.legs).toHaveLength(1);
    expect(t.legs[0]).toMatchObject({ action: 'sell', optionType: 'put', strike: K, quantity: 1 });
    expect(t.legs[0]!.entryPrice).toBeCloseTo(p0, 4);
    expect(t.legs[0]!.exitPrice).toBeCloseTo(0.7, 4); // 95 − 94.30
    expect(t.entryNet).toBeCloseTo(100 * p0, 2);
    expect(t.exitNet).toBeCloseTo(-70, 2);
    expect(t.costs).toBeCloseTo(entryCosts, 2);
    expect(t.pnl).toBeCloseTo(100 * (p0 - 0.7) - entryCosts, 2);
    // Max profit the credit; max loss the strike less the credit, × 100.
    expect(t.maxProfit).toBeCloseTo(100 * p0, 2);
    expect(t.maxLoss).toBeCloseTo(-100 * (K - p0), 2);
  });

  it('marks the position each session at its model price, to the cent', () => {
    const marks = run.trades[0]!.marks;
    expect(marks.map((m) => m.date)).toEqual(DATES.slice(0, E + 1));
    marks.forEach((m, k) => {
      expect(m.value).toBeCloseTo(-100 * priceOn(k), 2);
      expect(m.pnl).toBeCloseTo(100 * (p0 - priceOn(k)), 2);
    });
  });

  it('keeps the equity curve each session to the cent, beside buy-and-hold', () => {
    expect(run.equity.map((e) => e.date)).toEqual([...DATES]);
    run.equity.forEach((e, k) => {
      const held = k <= E ? priceOn(k) : priceOn(E);
      expect(e.equity).toBeCloseTo(100_000 + 100 * p0 - entryCosts - 100 * held, 2);
      expect(e.buyAndHold).toBeCloseTo((100_000 * CLOSES_1[k]!) / 100, 2);
    });
  });

  it('sums the run into its metrics', () => {
    const pnl = 100 * (p0 - 0.7) - entryCosts;
    expect(pnl).toBeLessThan(0);
    const curve = DATES.map((_, k) => 100_000 + 100 * p0 - entryCosts - 100 * priceOn(Math.min(k, E)));
    let peak = -Infinity;
    let dd = 0;
    for (const x of curve) {
      peak = Math.max(peak, x);
      dd = Math.max(dd, peak - x);
    }
    expect(run.metrics).toMatchObject({ trades: 1, wins: 0, losses: 1, winRate: 0, averageWin: null });
    expect(run.metrics.averageLoss).toBeCloseTo(pnl, 2);
    expect(run.metrics.expectancy).toBeCloseTo(pnl, 2);
    expect(run.metrics.maxDrawdown).toBeCloseTo(dd, 2);
    expect(run.metrics.returnOnRisk).toBeCloseTo((100 * pnl) / (100 * (K - p0)), 2);
    expect(run.noTrade).toBeNull();
  });
});

describe('an iron condor over the constructed 20-day history, by hand', () => {
  // Entry on 2 March at 100: strikes 92 / 96 / 104 / 108; 25 days to expiry is Friday 27 March. Profit target 50% of
  // the max profit (the credit). Four legs of one lot: $2.65 × 4 on the opening and again on the closing.
  const EXPIRY = '2026-03-27';
  const legs = [
    { type: 'put', K: 92, w: 100 },
    { type: 'put', K: 96, w: -100 },
    { type: 'call', K: 104, w: -100 },
    { type: 'call', K: 108, w: 100 },
  ] as const;
  const valueOn = (k: number) => legs.reduce((s, l) => s + l.w * bsm(l.type, CLOSES_2[k]!, l.K, years(DATES[k], EXPIRY), IVS_2[k]!), 0);
  const v0 = valueOn(0);
  const credit = -v0;
  const costs = 4 * COST_PER_CONTRACT;
  const pnlOn = (k: number) => valueOn(k) - v0;
  // The first session after the entry whose open P&L reaches half the credit.
  const hit = DATES.findIndex((_, k) => k > 0 && pnlOn(k) >= 0.5 * credit);
  const run = value(
    runBacktest(
      history(CLOSES_2, IVS_2),
      rules({ strategy: ironCondor, entry: { schedule: ONCE, daysToExpiry: 25 }, exit: { profitTargetPct: 50 }, size: { kind: 'contracts', contracts: 1 } }),
    ),
  );

  it('closes at the profit target on the first session the open P&L reaches half the credit', () => {
    expect(hit).toBeGreaterThan(0);
    expect(run.trades).toHaveLength(1);
    const t = run.trades[0]!;
    expect(t).toMatchObject({ entryDate: DATES[0], exitDate: DATES[hit], expiration: EXPIRY, exitReason: 'profit-target', sessionsHeld: hit });
    expect(t.legs.map((l) => [l.action, l.optionType, l.strike])).toEqual([
      ['buy', 'put', 92],
      ['sell', 'put', 96],
      ['sell', 'call', 104],
      ['buy', 'call', 108],
    ]);
    t.legs.forEach((l, j) => {
      const leg = legs[j]!;
      expect(l.entryPrice).toBeCloseTo(bsm(leg.type, 100, leg.K, years(DATES[0], EXPIRY), IVS_2[0]!), 4);
      expect(l.exitPrice).toBeCloseTo(bsm(leg.type, CLOSES_2[hit]!, leg.K, years(DATES[hit], EXPIRY), IVS_2[hit]!), 4);
    });
    expect(t.entryNet).toBeCloseTo(credit, 2);
    expect(t.exitNet).toBeCloseTo(valueOn(hit), 2);
    expect(t.grossPnl).toBeCloseTo(pnlOn(hit), 2);
    expect(t.costs).toBeCloseTo(2 * costs, 2);
    expect(t.pnl).toBeCloseTo(pnlOn(hit) - 2 * costs, 2);
    expect(t.maxProfit).toBeCloseTo(credit, 2);
    expect(t.maxLoss).toBeCloseTo(-(400 - credit), 2);
  });

  it('marks each session and keeps the equity to the cent, flat after the exit', () => {
    const marks = run.trades[0]!.marks;
    expect(marks).toHaveLength(hit + 1);
    marks.forEach((m, k) => {
      expect(m.value).toBeCloseTo(valueOn(k), 2);
      expect(m.pnl).toBeCloseTo(pnlOn(k), 2);
    });
    run.equity.forEach((e, k) => {
      const expected = k < hit ? 100_000 + credit - costs + valueOn(k) : 100_000 + pnlOn(hit) - 2 * costs;
      expect(e.equity).toBeCloseTo(expected, 2);
    });
  });

  it('sizes by risk: the lots whose max loss fits in the percent of the starting balance', () => {
    const sized = value(
      runBacktest(history(CLOSES_2, IVS_2), rules({ strategy: ironCondor, entry: { schedule: ONCE, daysToExpiry: 25 }, size: { kind: 'risk', riskPct: 10 } })),
    );
    expect(sized.trades[0]!.lots).toBe(Math.floor(10_000 / (400 - credit)));
  });
});

describe('rules at their boundaries', () => {
  const condorPnl = (() => {
    const EXPIRY = '2026-03-27';
    const strikes = [
      ['put', 92, 100],
      ['put', 96, -100],
      ['call', 104, -100],
      ['call', 108, 100],
    ] as const;
    const v = (k: number) => strikes.reduce((s, [type, K, w]) => s + w * bsm(type, CLOSES_2[k]!, K, years(DATES[k], EXPIRY), IVS_2[k]!), 0);
    return { credit: -v(0), pnl: (k: number) => v(k) - v(0) };
  })();
  const condorWithTarget = (pct: number) =>
    value(
      runBacktest(
        history(CLOSES_2, IVS_2),
        rules({ strategy: ironCondor, entry: { schedule: ONCE, daysToExpiry: 25 }, exit: { profitTargetPct: pct }, size: { kind: 'contracts', contracts: 1 } }),
      ),
    ).trades[0]!;

  it('a profit target met exactly closes that session; a hair above it does not', () => {
    // The first session from the third on whose open P&L is a new high: the target set to exactly that P&L.
    let k = 3;
    while (condorPnl.pnl(k) <= 0 || !DATES.slice(1, k).every((_, j) => condorPnl.pnl(j + 1) < condorPnl.pnl(k))) k++;
    const pct = (100 * condorPnl.pnl(k)) / condorPnl.credit;
    const exact = condorWithTarget(pct);
    expect(exact.exitDate).toBe(DATES[k]);
    expect(exact.exitReason).toBe('profit-target');
    const above = condorWithTarget(pct + 0.01);
    expect(above.exitDate > DATES[k]!).toBe(true);
  });

  const putRun = (exit: object, rows = history(CLOSES_1, IVS_1)) =>
    value(runBacktest(rows, rules({ strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, exit, size: { kind: 'contracts', contracts: 1 } })));

  it('N days before expiry closes on the first session with N or fewer days left, at the model price with costs', () => {
    const three = putRun({ daysBeforeExpiry: 3 }).trades[0]!;
    expect(three).toMatchObject({ exitDate: '2026-03-17', exitReason: 'days-before-expiry' });
    const k = DATES.indexOf('2026-03-17');
    const p0 = bsm('put', 100, 95, years(DATES[0], '2026-03-20'), IVS_1[0]!);
    const pk = bsm('put', CLOSES_1[k]!, 95, years(DATES[k], '2026-03-20'), IVS_1[k]!);
    expect(three.legs[0]!.exitPrice).toBeCloseTo(pk, 4);
    expect(three.pnl).toBeCloseTo(100 * (p0 - pk) - 2 * COST_PER_CONTRACT, 2);
    // Five days before is Sunday the 15th: the first session with five or fewer days left is Monday the 16th (four).
    expect(putRun({ daysBeforeExpiry: 5 }).trades[0]!.exitDate).toBe('2026-03-16');
    expect(putRun({ daysBeforeExpiry: 4 }).trades[0]!.exitDate).toBe('2026-03-16');
  });

  it('settles on the expiry day itself at that close; an expiry with no session settles at the last close before it', () => {
    expect(putRun({}).trades[0]).toMatchObject({ exitDate: '2026-03-20', exitReason: 'expiry' });
    // Without a 20 March row (a data gap), the put settles at the 19 March close (93.50 here: 1.50 in the money), not
    // at the next session's (95.60: out of the money), and the exit is dated on the expiry.
    const withoutExpiryRow = history(CLOSES_1, IVS_1)
      .filter((r) => r.date !== '2026-03-20')
      .map((r) => (r.date === '2026-03-19' ? { ...r, close: 93.5 } : r));
    const t = putRun({}, withoutExpiryRow).trades[0]!;
    expect(t).toMatchObject({ exitDate: '2026-03-20', exitReason: 'expiry' });
    expect(t.legs[0]!.exitPrice).toBeCloseTo(1.5, 4);
    expect(t.marks.at(-1)).toMatchObject({ date: '2026-03-20', close: 93.5 });
  });

  it('a stop at 100% of the credit closes on the first session the loss reaches the credit', () => {
    const p0 = bsm('put', 100, 95, years(DATES[0], '2026-03-20'), IVS_1[0]!);
    const loss = (k: number) => 100 * (p0 - bsm('put', CLOSES_1[k]!, 95, years(DATES[k], '2026-03-20'), IVS_1[k]!));
    const k = DATES.findIndex((_, j) => j > 0 && j < 14 && loss(j) <= -100 * p0);
    expect(k).toBeGreaterThan(0);
    const t = putRun({ stopLoss: { pct: 100, of: 'credit' } }).trades[0]!;
    expect(t).toMatchObject({ exitDate: DATES[k], exitReason: 'stop-loss' });
  });

  it('a target on unlimited profit is a percent of the debit; a stop of the max loss is a percent of it', () => {
    // A long call at the money on a rising path: 100% of the debit is met when the call is worth twice its cost.
    const rising = CLOSES_2.map((_, i) => 100 + i);
    const call = (k: number) => bsm('call', rising[k]!, 100, years(DATES[k], '2026-03-27'), 0.2);
    const doubled = DATES.findIndex((_, k) => k > 0 && call(k) >= 2 * call(0));
    expect(doubled).toBeGreaterThan(0);
    const long = value(
      runBacktest(
        history(
          rising,
          rising.map(() => 0.2),
        ),
        rules({
          strategy: { legs: [{ type: 'call', side: 'buy', quantity: 1, strike: { by: 'steps', steps: 0 } }] },
          entry: { schedule: ONCE, daysToExpiry: 25 },
          exit: { profitTargetPct: 100 },
          size: { kind: 'contracts', contracts: 1 },
        }),
      ),
    ).trades[0]!;
    expect(long).toMatchObject({ exitDate: DATES[doubled], exitReason: 'profit-target', maxProfit: Infinity });
    // The iron condor on path 1 (the fall through its 96 put): the stop at a quarter of its max loss, 400 − credit.
    const strikes = [
      ['put', 92, 100],
      ['put', 96, -100],
      ['call', 104, -100],
      ['call', 108, 100],
    ] as const;
    const v = (k: number) => strikes.reduce((s, [type, K, w]) => s + w * bsm(type, CLOSES_1[k]!, K, years(DATES[k], '2026-03-27'), IVS_1[k]!), 0);
    const stopAt = DATES.findIndex((_, k) => k > 0 && k < 19 && v(k) - v(0) <= -0.25 * (400 + v(0)));
    expect(stopAt).toBeGreaterThan(0);
    const condor = value(
      runBacktest(
        history(CLOSES_1, IVS_1),
        rules({
          strategy: ironCondor,
          entry: { schedule: ONCE, daysToExpiry: 25 },
          exit: { stopLoss: { pct: 25, of: 'max-loss' } },
          size: { kind: 'contracts', contracts: 1 },
        }),
      ),
    ).trades[0]!;
    expect(condor).toMatchObject({ exitDate: DATES[stopAt], exitReason: 'stop-loss' });
  });

  it('closes what is still open on the range’s last session', () => {
    const t = value(
      runBacktest(
        history(CLOSES_1, IVS_1),
        rules({ strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 }, to: '2026-03-13' }),
      ),
    ).trades[0]!;
    expect(t).toMatchObject({ exitDate: '2026-03-13', exitReason: 'end-of-range' });
  });
});

describe('no look-ahead', () => {
  const K = 9; // 13 March
  const changedAfter = (rows: ReturnType<typeof history>, k: number) =>
    rows.map((r, i) =>
      i > k ? { ...r, close: r.close * 0.9, iv30: r.iv30! + 0.1, iv90: r.iv90! + 0.1, iv25dCall: r.iv25dCall! + 0.1, iv25dPut: r.iv25dPut! + 0.1 } : r,
    );
  const decisionsUpTo = (run: BacktestResult, date: string) => ({
    entries: run.trades
      .filter((t) => t.entryDate <= date)
      .map((t) => ({ entryDate: t.entryDate, legs: t.legs.map((l) => [l.strike, l.entryPrice]), lots: t.lots })),
    exits: run.trades.filter((t) => t.exitDate <= date).map((t) => [t.exitDate, t.exitReason, t.pnl]),
    equity: run.equity.filter((e) => e.date <= date),
  });

  it('changing tomorrow’s data changes nothing decided or valued today (20-day history, entries every 2 sessions)', () => {
    const r = rules({
      strategy: shortPut(),
      entry: { schedule: { kind: 'every', tradingDays: 2 }, daysToExpiry: 11 },
      exit: { profitTargetPct: 40, stopLoss: { pct: 150, of: 'credit' } },
      size: { kind: 'contracts', contracts: 1 },
    });
    const before = value(runBacktest(history(CLOSES_1, IVS_1), r));
    const after = value(runBacktest(changedAfter(history(CLOSES_1, IVS_1), K), r));
    expect(decisionsUpTo(after, DATES[K])).toEqual(decisionsUpTo(before, DATES[K]));
    expect(decisionsUpTo(before, DATES[K]).entries.length).toBeGreaterThan(2);
    // The data did change what came after.
    expect(after.equity.at(-1)!.equity).not.toBe(before.equity.at(-1)!.equity);
  });

  it('with the IV-rank filter on a simulated SPY (American) history, today’s entry and equity ignore tomorrow', () => {
    const rows = simulatedSummaries('SPY', '2026-10-30', 130);
    const k = 100;
    const day = rows[k]!.date;
    const r = rules({
      underlying: 'SPY',
      from: rows[70]!.date,
      to: rows.at(-1)!.date,
      strategy: { template: 'bull-put-spread' },
      entry: { schedule: { kind: 'weekday', weekday: 1 }, daysToExpiry: 30 },
      filters: { ivRank: { below: 90 } },
      size: { kind: 'contracts', contracts: 1 },
    });
    const changed = rows.map((x, i) => (i > k ? { ...x, close: x.close * 1.2, iv30: 0.9 } : x));
    const before = value(runBacktest(rows, r));
    const after = value(runBacktest(changed, r));
    expect(decisionsUpTo(after, day)).toEqual(decisionsUpTo(before, day));
    expect(decisionsUpTo(before, day).entries.length).toBeGreaterThan(0);
  });
});

describe('placement and pricing', () => {
  it('places a template by delta as the builder does: the put whose |delta| is nearest 0.30', () => {
    const run = value(
      runBacktest(
        history(CLOSES_1, IVS_1),
        rules({ strategy: { template: 'cash-secured-put' }, entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 } }),
      ),
    );
    const T = years(DATES[0], '2026-03-20');
    // The listed strikes are whole dollars near the money (index listing): the nearest |delta| to 0.3 among them.
    const candidates = Array.from({ length: 13 }, (_, i) => 88 + i);
    const best = candidates.reduce((b, k) => (Math.abs(Math.abs(putDelta(100, k, T, 0.2)) - 0.3) < Math.abs(Math.abs(putDelta(100, b, T, 0.2)) - 0.3) ? k : b));
    expect(run.trades[0]!.legs[0]!.strike).toBe(best);
  });

  it('prices American-style contracts (SPY) with the American engine at the underlying’s dividend yield', () => {
    const rows = history(
      CLOSES_1.map((c) => c * 6),
      IVS_1,
      'SPY',
    );
    const run = value(
      runBacktest(
        rows,
        rules({ underlying: 'SPY', strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 } }),
      ),
    );
    const t = run.trades[0]!;
    expect(t.legs[0]!.strike).toBe(570);
    const T = years(DATES[0], t.expiration);
    const q = underlyingProfile('SPY')!.dividendYield;
    const american = americanPrice({ type: 'put', S: 600, K: 570, T, r: R, q, sigma: IVS_1[0]! });
    expect(t.legs[0]!.entryPrice).toBeCloseTo(american, 4);
  });
});

describe('failures and runs with no trade', () => {
  const base = { strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 } } as const;
  const rows = history(CLOSES_1, IVS_1);

  it('names the field and the reason of a rule that cannot run', () => {
    const cases: [object, string, string, RegExp][] = [
      [{ from: '2026-02-27' }, 'from', 'dates-outside-history', /outside the stored history/],
      [{ to: '2026-03-30' }, 'to', 'dates-outside-history', /outside the stored history/],
      [{ size: { kind: 'contracts', contracts: 11 } }, 'size.contracts', 'size-over-balance', /over the starting balance/],
      [
        { strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'steps', steps: 50 } }] } },
        'strategy',
        'template-cannot-be-placed',
        /cannot be placed/,
      ],
      [{ strategy: { template: 'no-such-template' } }, 'strategy.template', 'unknown-template', /no template/],
      [{ strategy: { template: 'long-calendar-puts' } }, 'strategy.template', 'template-not-supported', /two expiries/],
      [{ strategy: { legs: [{ type: 'call', side: 'sell', quantity: 1, strike: { by: 'delta', delta: 0.3 } }] } }, 'strategy', 'undefined-risk', /unlimited/],
      [{ underlying: 'SPY' }, 'underlying', 'wrong-underlying', /not SPY/],
    ];
    for (const [change, field, reason, message] of cases) {
      const error = failure(runBacktest(rows, rules({ ...base, ...change })));
      expect(error.code).toBe('bad_request');
      expect(error.details).toEqual({ field, reason });
      expect(error.message).toMatch(message);
    }
  });

  it('says which rule filtered every entry out', () => {
    const rank = value(runBacktest(rows, rules({ ...base, filters: { ivRank: { above: 50 } } })));
    expect(rank.trades).toEqual([]);
    expect(rank.noTrade).toMatchObject({ reason: 'iv-rank-history', field: 'filters.ivRank' });
    const earnings = value(
      runBacktest(
        rows.map((r) => ({ ...r, nextEarnings: '2026-03-10' })),
        rules({ ...base, filters: { noEarningsBeforeExpiry: true } }),
      ),
    );
    expect(earnings.noTrade).toMatchObject({ reason: 'earnings', field: 'filters.noEarningsBeforeExpiry' });
    expect(earnings.skipped).toEqual({ earnings: 1 });
    const noIv = value(
      runBacktest(
        rows.map((r) => ({ ...r, iv30: null })),
        rules(base),
      ),
    );
    expect(noIv.noTrade).toMatchObject({ reason: 'no-iv', field: 'underlying' });
    const schedule = value(runBacktest(rows, rules({ ...base, from: DATES.at(-1) })));
    expect(schedule.noTrade).toMatchObject({ reason: 'schedule', field: 'entry.schedule' });
  });

  it('skips an entry day while the most positions allowed are open', () => {
    const run = value(runBacktest(rows, rules({ ...base, entry: { schedule: { kind: 'every', tradingDays: 1 }, daysToExpiry: 18, maxOpen: 1 } })));
    // 2 March to its expiry on the 20th, which settles before that session's entry; then the 20th to the range's end.
    expect(run.trades.map((t) => [t.entryDate, t.exitReason])).toEqual([
      ['2026-03-02', 'expiry'],
      ['2026-03-20', 'end-of-range'],
    ]);
    expect(run.skipped['max-open']).toBe(13 + 4);
  });
});

describe('history rows', () => {
  it('reads any order of rows', () => {
    const r = rules({ strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 } });
    const rows = history(CLOSES_1, IVS_1);
    expect(value(runBacktest([...rows].reverse(), r))).toEqual(value(runBacktest(rows, r)));
  });

  it('values open legs on the latest earlier surface when a session has no IV', () => {
    const rows = history(CLOSES_1, IVS_1).map((r, i) => (i === 3 ? summaryRow('SPX', r.date, r.close, null) : r));
    const run = value(
      runBacktest(rows, rules({ strategy: shortPut(), entry: { schedule: ONCE, daysToExpiry: 18 }, size: { kind: 'contracts', contracts: 1 } })),
    );
    const p0 = bsm('put', 100, 95, years(DATES[0], '2026-03-20'), IVS_1[0]!);
    const p3 = bsm('put', CLOSES_1[3]!, 95, years(DATES[3], '2026-03-20'), IVS_1[2]!);
    expect(run.trades[0]!.marks[3]!.pnl).toBeCloseTo(100 * (p0 - p3), 2);
  });
});

describe('entry schedule and filters', () => {
  it('enters on the weekday named, every week of the range', () => {
    const run = value(
      runBacktest(
        history(CLOSES_1, IVS_1),
        rules({ strategy: shortPut(), entry: { schedule: { kind: 'weekday', weekday: 3 }, daysToExpiry: 9 }, size: { kind: 'contracts', contracts: 1 } }),
      ),
    );
    expect(run.trades.map((t) => t.entryDate)).toEqual(['2026-03-04', '2026-03-11', '2026-03-18', '2026-03-25']);
    expect(run.trades.every((t) => weekday(t.entryDate) === 3)).toBe(true);
  });

  it('IV rank "above" and "below" are strict: a rank of exactly 50 passes neither 50', () => {
    // 68 sessions of IV30 between 12.5% and 37.5%, then 25%: rank 100 × (0.25 − 0.125) / (0.375 − 0.125) = 50 exactly.
    const dates = tradingDaysEnding('2026-03-27', 70);
    const rows = dates.map((d, i) => summaryRow('SPX', d, 100, i < 68 ? (i % 2 ? 0.375 : 0.125) : 0.25));
    const run = (ivRank: object) =>
      value(
        runBacktest(
          rows,
          rules({
            from: dates[68],
            to: dates[69],
            strategy: shortPut(),
            entry: { schedule: ONCE, daysToExpiry: 18 },
            filters: { ivRank },
            size: { kind: 'contracts', contracts: 1 },
          }),
        ),
      );
    expect(run({ above: 50 }).noTrade).toMatchObject({ reason: 'iv-rank', field: 'filters.ivRank' });
    expect(run({ below: 50 }).noTrade).toMatchObject({ reason: 'iv-rank' });
    expect(run({ above: 49.9 }).trades).toHaveLength(1);
    expect(run({ above: 49.9, below: 50.1 }).trades).toHaveLength(1);
  });
});
