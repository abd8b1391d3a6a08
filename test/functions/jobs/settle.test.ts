import { describe, expect, it } from 'vitest';
import type { Order } from '@shared/trading/order';
import { makeSettleJob } from '../../../functions/jobs/settle';
import { memoryJobRuns } from '../../support/memory-job-runs';

function world(openOrders: Record<string, number>, expiring: string[]) {
  let now = Date.parse('2026-11-23T23:30:00Z');
  const calls: string[] = [];
  const order = (userId: string, i: number) => ({ orderId: `${userId}-${i}` }) as Order;
  const runs = memoryJobRuns();
  const job = makeSettleJob({
    runs,
    clock: { now: () => new Date(now) },
    repo: {
      usersWithOpenOrders: async () => Object.keys(openOrders),
      usersWithExpiringPositions: async (date) => (date === '2026-11-23' ? expiring : []),
    },
    paper: {
      settleDueExpiries: async (u) => (calls.push(`settle ${u}`), 1),
      expireDayOrders: async (u) => (calls.push(`expire ${u}`), 0),
      restingOrders: async (u) => Array.from({ length: openOrders[u]! }, (_, i) => order(u, i)),
      recheckRestingOrder: async (u, o) => {
        calls.push(`recheck ${o.orderId}`);
        now += 100; // each re-check takes a tenth of a second
        return false;
      },
    },
  });
  return { job, calls, runs, remaining: (ms: number) => ({ getRemainingTimeInMillis: () => ms }) };
}

describe('the settle job', () => {
  it('settles every expiry and expires day orders before any resting order is re-checked', async () => {
    const w = world({ big: 100, a: 1 }, ['x', 'big']);
    const report = await w.job(undefined, w.remaining(600_000));
    const firstRecheck = w.calls.findIndex((c) => c.startsWith('recheck'));
    expect(w.calls.slice(0, firstRecheck)).toEqual(['settle x', 'settle big', 'expire big', 'expire a']);
    expect(report).toMatchObject({ users: 3, optionsSettled: 2, recheckLeft: 0, failures: 0 });
  });

  it("takes learners' resting orders in turns, so one learner's hundred do not hold up another's", async () => {
    const w = world({ big: 100, a: 3, b: 2 }, []);
    await w.job(undefined, w.remaining(600_000));
    const rechecks = w.calls.filter((c) => c.startsWith('recheck'));
    expect(rechecks.findIndex((c) => c === 'recheck a-2')).toBeLessThan(15);
    expect(rechecks.findIndex((c) => c === 'recheck b-1')).toBeLessThan(15);
    expect(rechecks).toHaveLength(105);
  });

  it('stops re-checking when its time runs out and says how many are left', async () => {
    const w = world({ big: 100, a: 5 }, ['x']);
    // 30 s are kept back; 2 s of budget is 20 re-checks.
    const report = await w.job(undefined, w.remaining(32_000));
    expect(w.calls).toContain('settle x');
    expect(report.recheckLeft).toBe(105 - w.calls.filter((c) => c.startsWith('recheck')).length);
    expect(report.recheckLeft).toBeGreaterThanOrEqual(80); // a slice of ten may finish past the budget
    expect(w.calls.filter((c) => c.startsWith('recheck a-'))).toHaveLength(5);
  });

  it('counts a learner whose settlement fails and goes on with the others', async () => {
    const w = world({}, ['x', 'y']);
    const failing = makeSettleJob({
      runs: w.runs,
      clock: { now: () => new Date('2026-11-23T23:30:00Z') },
      repo: { usersWithOpenOrders: async () => [], usersWithExpiringPositions: async (d) => (d === '2026-11-23' ? ['x', 'y'] : []) },
      paper: {
        settleDueExpiries: async (u) => {
          if (u === 'x') throw new Error('boom');
          w.calls.push(`settle ${u}`);
          return 1;
        },
        expireDayOrders: async () => 0,
        restingOrders: async () => [],
        recheckRestingOrder: async () => false,
      },
    });
    expect(await failing({ source: 'scheduler', scheduleId: 'settle' })).toMatchObject({ failures: 1, optionsSettled: 1 });
    expect(w.calls).toEqual(['settle y']);
    // A run with a failure is not a done run: the watchdog reports it.
    expect(w.runs.last.size).toBe(0);
  });

  it('records a scheduled run without failures for the watchdog, and not a run on new quotes', async () => {
    const w = world({ a: 1 }, ['x']);
    await w.job({ source: 'ChainIngested' }, w.remaining(600_000));
    expect(w.runs.last.size).toBe(0);
    await w.job({ source: 'scheduler', scheduleId: 'settle' }, w.remaining(600_000));
    expect(w.runs.last.get('settle')).toBeInstanceOf(Date);
  });

  it('resolves the prediction markets whose close is stored, counts them, and counts a failed expiry as a failure', async () => {
    const w = world({}, ['x']);
    const job = (resolve: () => Promise<{ resolved: number; voided: number; failures: number }>) =>
      makeSettleJob({
        runs: w.runs,
        clock: { now: () => new Date('2026-11-23T23:30:00Z') },
        repo: { usersWithOpenOrders: async () => [], usersWithExpiringPositions: async () => ['x'] },
        paper: { settleDueExpiries: async () => 1, expireDayOrders: async () => 0, restingOrders: async () => [], recheckRestingOrder: async () => false },
        resolvePredictionMarkets: resolve,
      });
    expect(await job(async () => ({ resolved: 2, voided: 1, failures: 0 }))()).toMatchObject({ predictionExpiriesResolved: 3, optionsSettled: 1, failures: 0 });
    expect(await job(async () => ({ resolved: 1, voided: 0, failures: 1 }))()).toMatchObject({ predictionExpiriesResolved: 1, optionsSettled: 1, failures: 1 });
    expect(
      await job(async () => {
        throw new Error('table down');
      })(),
    ).toMatchObject({ predictionExpiriesResolved: 0, optionsSettled: 1, failures: 1 });
  });

  it('runs the demo prediction step after the paper passes: bids expired, holders paid, bids re-checked, each counted; a failure counted and the rest run', async () => {
    const w = world({ a: 1 }, ['x']);
    const calls: string[] = [];
    const job = makeSettleJob({
      runs: w.runs,
      clock: { now: () => new Date('2026-11-23T23:30:00Z') },
      repo: { usersWithOpenOrders: async () => ['a'], usersWithExpiringPositions: async () => [] },
      paper: {
        settleDueExpiries: async () => 0,
        expireDayOrders: async () => (calls.push('paper day orders'), 0),
        restingOrders: async () => [],
        recheckRestingOrder: async () => false,
      },
      predictions: {
        expireBids: async () => (calls.push('expire bids'), 2),
        payHolders: async (onError) => {
          calls.push('pay holders');
          onError(new Error('one learner kept changing'));
          return { positions: 3, paid: 1500 };
        },
        recheckBids: async () => (calls.push('recheck bids'), 1),
      },
    });
    const report = await job(undefined, w.remaining(600_000));
    expect(calls).toEqual(['paper day orders', 'expire bids', 'pay holders', 'recheck bids']);
    expect(report).toMatchObject({ predictionBidsExpired: 2, predictionPositionsSettled: 3, predictionCentsPaid: 1500, predictionBidsFilled: 1, failures: 1 });
  });
});
