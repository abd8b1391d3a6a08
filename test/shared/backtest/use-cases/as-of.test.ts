import { describe, expect, it } from 'vitest';
import { runBacktest, type BacktestResult } from '@shared/backtest';
import type { AsOfChain } from '@shared/backtest/as-of';
import { readAsOfChain } from '@shared/backtest/use-cases/read-as-of-chain';
import { readAsOfDay } from '@shared/backtest/use-cases/read-as-of-day';
import type { SummaryHistorySource } from '@shared/backtest/backtest.port';
import { addDays } from '@shared/market/dates';
import type { DailySummary } from '@shared/metrics/daily-summary';
import type { Result } from '@shared/result';
import { CLOSES_1, DATES, IRON_CONDOR, IVS_1, history, rules, summaryRow } from '../support/history';
import { memoryHistory, storedRows, weeklyPut } from './fakes';
import { BacktestRulesSchema } from '@shared/backtest';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
/** A source holding the given rows of one underlying. */
const source = (rows: readonly DailySummary[]): Pick<{ history: SummaryHistorySource }, 'history'> => ({
  history: {
    async stored() {
      return [];
    },
    async history(und) {
      return rows.filter((r) => r.underlying === und.toUpperCase());
    },
  },
});

/** For each trade, each leg's mark in the as-of chain of its entry date and expiry, beside the trade's entry price. */
async function entryMarks(deps: Pick<{ history: SummaryHistorySource }, 'history'>, underlying: string, run: BacktestResult) {
  const out: { date: string; chain: number | null; trade: number }[] = [];
  for (const t of run.trades) {
    const chain: AsOfChain = value(await readAsOfChain(deps, underlying, t.entryDate, t.expiration));
    expect(chain.underlying.price).toBe(t.marks[0]!.close);
    for (const l of t.legs) {
      const c = chain.contracts.find((k) => k.contract_type === l.optionType && k.strike_price === l.strike);
      out.push({ date: t.entryDate, chain: c?.mark ?? null, trade: l.entryPrice });
    }
  }
  return out;
}

describe('the builder as of a past session', () => {
  it('prices each leg of every trade on its entry date at the trade’s entry price, European (a constructed SPX history)', async () => {
    const rows = history(CLOSES_1, IVS_1);
    const run = value(
      runBacktest(
        rows,
        rules({
          strategy: IRON_CONDOR,
          entry: { schedule: { kind: 'every', tradingDays: 3 }, daysToExpiry: 14, maxOpen: 5 },
          size: { kind: 'contracts', contracts: 1 },
        }),
      ),
    );
    expect(run.trades.length).toBeGreaterThan(2);
    const marks = await entryMarks(source(rows), 'SPX', run);
    expect(marks.length).toBe(run.trades.length * 4);
    for (const m of marks) expect(m.chain, m.date).toBe(m.trade);
  });

  it('prices each leg at the trade’s entry price where the contracts are American (the stored SPY history)', async () => {
    const deps = { history: memoryHistory(['SPY']) };
    const r = BacktestRulesSchema.parse(
      weeklyPut({
        from: storedRows('SPY').at(-60)!.date,
        strategy: {
          legs: [
            { type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } },
            { type: 'put', side: 'buy', quantity: 1, strike: { by: 'distance', distance: -10, unit: 'percent' } },
            { type: 'call', side: 'buy', quantity: 1, strike: { by: 'steps', steps: 2 } },
          ],
        },
      }),
    );
    const run = value(runBacktest(storedRows('SPY'), r));
    expect(run.trades.length).toBeGreaterThan(5);
    const marks = await entryMarks(deps, 'SPY', run);
    for (const m of marks) expect(m.chain, m.date).toBe(m.trade);
    const chain = value(await readAsOfChain(deps, 'SPY', run.trades[0]!.entryDate, run.trades[0]!.expiration));
    expect(chain.contracts.every((c) => c.pricing_model === 'american' && c.bid === null && c.ask === null)).toBe(true);
    expect(chain).toMatchObject({ basis: 'model', asOfDate: run.trades[0]!.entryDate, source: 'demo' });
  });

  it('answers the day: its close, surface, rates, style and the expiries listed after it', async () => {
    const rows = history(CLOSES_1, IVS_1);
    const day = value(await readAsOfDay(source(rows), 'spx', DATES[3]));
    expect(day).toMatchObject({
      underlying: 'SPX',
      date: '2026-03-05',
      close: CLOSES_1[3],
      surface: { iv30: IVS_1[3], iv90: IVS_1[3] },
      rates: { r: 0.04, q: 0 },
      exerciseStyle: 'european',
      history: { first: DATES[0], last: DATES.at(-1) },
      source: { kind: 'end-of-day', summary: 'demo' },
    });
    expect(day.source.label).toContain('not traded quotes');
    expect(day.expirations[0]!.date > '2026-03-05').toBe(true);
    expect(day.expirations.map((e) => e.date)).toContain('2026-03-20');
    expect(day.expirations.find((e) => e.date === '2026-03-20')).toMatchObject({ daysToExpiry: 15, type: 'Monthly' });
  });

  it('takes the first and last stored sessions, and refuses the days either side naming date and the reason', async () => {
    const deps = source(history(CLOSES_1, IVS_1));
    expect((await readAsOfDay(deps, 'SPX', DATES[0])).ok).toBe(true);
    expect((await readAsOfDay(deps, 'SPX', DATES.at(-1)!)).ok).toBe(true);
    for (const date of [addDays(DATES[0], -3), addDays(DATES.at(-1)!, 3)]) {
      const r = await readAsOfDay(deps, 'SPX', date);
      expect(r).toMatchObject({ ok: false, error: { code: 'bad_request', details: { field: 'date', reason: 'dates-outside-history' } } });
      if (!r.ok) expect(r.error.message).toContain(`it runs from ${DATES[0]} to ${DATES.at(-1)}`);
    }
  });

  it('refuses a weekend inside the range and a session without IV30, naming date', async () => {
    const rows = history(CLOSES_1, IVS_1).map((r) => (r.date === '2026-03-10' ? summaryRow('SPX', r.date, r.close, null) : r));
    const weekend = await readAsOfDay(source(rows), 'SPX', '2026-03-07');
    expect(weekend).toMatchObject({ ok: false, error: { details: { field: 'date', reason: 'not-a-session' } } });
    const noIv = await readAsOfChain(source(rows), 'SPX', '2026-03-10', '2026-03-20');
    expect(noIv).toMatchObject({ ok: false, error: { details: { field: 'date', reason: 'no-surface' } } });
    if (!noIv.ok) expect(noIv.error.message).toContain('no IV30');
  });

  it('refuses an expiry not listed that day, and one on or before it, naming expiry', async () => {
    const deps = source(history(CLOSES_1, IVS_1));
    for (const expiry of ['2026-03-05', '2026-03-04', '2026-03-21', '2031-01-17']) {
      const r = await readAsOfChain(deps, 'SPX', '2026-03-05', expiry);
      expect(r, expiry).toMatchObject({ ok: false, error: { code: 'bad_request', details: { field: 'expiry', reason: 'expiry-not-listed' } } });
    }
    expect((await readAsOfChain(deps, 'SPX', '2026-03-05', '2026-03-20')).ok).toBe(true);
  });

  it('refuses an underlying with no stored history, naming underlying', async () => {
    const r = await readAsOfDay({ history: memoryHistory(['SPY']) }, 'ZZZZ', '2026-03-05');
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_request', details: { field: 'underlying', reason: 'dates-outside-history' } } });
  });
});
