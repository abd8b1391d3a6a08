import { describe, expect, it } from 'vitest';
import { MAX_SAVED_RUNS, SavedRunSchema } from '@shared/backtest/backtest.api';
import { BacktestRulesSchema } from '@shared/backtest/rules';
import { runAndSave } from '@shared/backtest/use-cases/run-and-save';
import { fakeDeps, LAST_SESSION, storedRows, weeklyPut } from './fakes';

const rules = (over: Record<string, unknown> = {}) => BacktestRulesSchema.parse(weeklyPut(over));

describe('running and saving a backtest', () => {
  it('saves a year on SPY with its result, what it teaches (against SPY-less defaults QQQ and IWM) and the data date', async () => {
    const { deps, runs } = fakeDeps();
    const out = await runAndSave(deps, 'u1', { clientRunId: 'run-0000001', rules: rules() });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const { run, created } = out.value;
    expect(created).toBe(true);
    expect(run.dataAsOf).toBe(LAST_SESSION);
    expect(run.compare).toEqual(['QQQ', 'IWM']);
    expect(run.teaches.otherUnderlyings.runs.map((r) => r.underlying)).toEqual(['QQQ', 'IWM']);
    expect(run.result.trades.length).toBeGreaterThan(10);
    expect(run.name).toMatch(/^SPY Sell put, /);
    // The answer is what the contract documents, as JSON.
    expect(SavedRunSchema.safeParse(JSON.parse(JSON.stringify(run))).success).toBe(true);
    expect(runs.saves).toBe(1);
  });

  it('answers a long call’s unlimited max profit as null, not Infinity', async () => {
    const { deps } = fakeDeps();
    const longCall = { legs: [{ type: 'call', side: 'buy', quantity: 1, strike: { by: 'delta', delta: 0.3 } }] };
    const out = await runAndSave(deps, 'u1', { clientRunId: 'run-call-01', rules: rules({ strategy: longCall }), compare: [] });
    if (!out.ok) throw new Error(out.error.message);
    expect(out.value.run.result.trades[0]!.maxProfit).toBeNull();
    expect(out.value.run.result.trades[0]!.maxLoss).toBeLessThan(0);
    expect(JSON.stringify(out.value.run)).not.toContain('Infinity');
    expect(out.value.run.compare).toEqual([]);
  });

  it('answers a retry with the same clientRunId with the saved run, running nothing again', async () => {
    const { deps, runs, history } = fakeDeps();
    const first = await runAndSave(deps, 'u1', { clientRunId: 'same-id-01', rules: rules() });
    const reads = history.reads.length;
    const again = await runAndSave(deps, 'u1', { clientRunId: 'same-id-01', rules: rules({ to: storedRows('SPY').at(-30)!.date }) });
    expect(again.ok && again.value.created).toBe(false);
    expect(again.ok && first.ok && again.value.run.id === first.value.run.id).toBe(true);
    expect(history.reads.length).toBe(reads);
    expect(runs.saves).toBe(1);
  });

  it('refuses the 51st run with a 409 saying to delete one, before running it, and never drops a run', async () => {
    const { deps, runs, history } = fakeDeps();
    const cheap = rules({ from: storedRows('SPY').at(-10)!.date });
    for (let i = 0; i < MAX_SAVED_RUNS; i++) {
      const out = await runAndSave(deps, 'u1', { clientRunId: `fill-${String(i).padStart(4, '0')}`, rules: cheap, compare: [] });
      expect(out.ok).toBe(true);
    }
    const reads = history.reads.length;
    const over = await runAndSave(deps, 'u1', { clientRunId: 'one-too-many', rules: cheap, compare: [] });
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.error.code).toBe('conflict');
    expect(over.error.message).toContain('Delete one to save another');
    expect(history.reads.length).toBe(reads);
    expect(await runs.count('u1')).toBe(MAX_SAVED_RUNS);
    // Another learner is not affected by u1's runs.
    expect((await runAndSave(deps, 'u2', { clientRunId: 'other-learner', rules: cheap, compare: [] })).ok).toBe(true);
  });

  it('names the field and the reason of a rule that cannot run, and saves nothing', async () => {
    const { deps, runs } = fakeDeps();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: '2020-01-02' }, 'rules.from', 'dates-outside-history'],
      [{ size: { kind: 'contracts', contracts: 100 }, startingBalance: 1000 }, 'rules.size.contracts', 'size-over-balance'],
      [{ strategy: { template: 'no-such-template' } }, 'rules.strategy.template', 'unknown-template'],
    ];
    for (const [over, field, reason] of cases) {
      const out = await runAndSave(deps, 'u1', { clientRunId: `bad-${reason}`, rules: rules(over) });
      expect(out.ok, reason).toBe(false);
      if (out.ok) continue;
      expect(out.error.code).toBe('bad_request');
      expect(out.error.details).toMatchObject({ field, reason, issues: [{ path: `body.${field}` }] });
    }
    expect(runs.saves).toBe(0);
  });

  it('saves a run the filters left without a trade, saying which rule filtered everything out', async () => {
    const { deps } = fakeDeps();
    const out = await runAndSave(deps, 'u1', { clientRunId: 'no-trade-01', rules: rules({ filters: { ivRank: { above: 100 } } }), compare: [] });
    if (!out.ok) throw new Error(out.error.message);
    expect(out.value.created).toBe(true);
    expect(out.value.run.result.trades).toEqual([]);
    expect(out.value.run.result.noTrade?.field).toBe('filters.ivRank');
  });

  it('compares with the underlyings asked for, leaving out the run’s own and repeats', async () => {
    const { deps } = fakeDeps();
    const out = await runAndSave(deps, 'u1', { clientRunId: 'compare-01', rules: rules(), compare: ['aapl', 'SPY', 'AAPL'] });
    expect(out.ok && out.value.run.compare).toEqual(['AAPL']);
  });
});
