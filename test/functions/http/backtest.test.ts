import { describe, expect, it } from 'vitest';
import { makeBacktestHandler } from '../../../functions/http/backtest';
import { MAX_SAVED_RUNS } from '@shared/backtest/backtest.api';
import { caller } from '../../support/http-event';
import { fakeDeps, storedRows, weeklyPut } from '../../shared/backtest/use-cases/fakes';

const ADA = { sub: 'learner-ada', email: 'ada@example.com' };
const BOB = { sub: 'learner-bob', email: 'bob@example.com' };

function harness() {
  const f = fakeDeps();
  const handler = makeBacktestHandler(f.deps);
  return { ...f, ada: caller(handler, ADA), bob: caller(handler, BOB) };
}
const shortRange = (over: Record<string, unknown> = {}) => weeklyPut({ from: storedRows('SPY').at(-40)!.date, ...over });

describe('backtest routes', () => {
  it('runs and saves with 201, answers a retry with 200 and the same run, and reads it back', async () => {
    const { ada, runs } = harness();
    const body = { clientRunId: '01JD0Y6Q7R8S9T0V1W2X3Y4Z5A', rules: shortRange(), compare: [] };
    const first = await ada('POST /api/backtest/runs', { body });
    expect(first.status).toBe(201);
    const again = await ada('POST /api/backtest/runs', { body });
    expect(again).toMatchObject({ status: 200, body: { run: { id: first.body.run.id } } });
    expect(runs.saves).toBe(1);
    const read = await ada(`GET /api/backtest/runs/{id}`, { params: { id: first.body.run.id } });
    expect(read).toMatchObject({ status: 200, body: { run: { id: first.body.run.id, rules: { underlying: 'SPY' } } } });
  });

  it('answers each kind of rule that cannot run with 400 naming the field and the reason, saving nothing', async () => {
    const { ada, runs } = harness();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: '2019-01-02' }, 'rules.from', 'dates-outside-history'],
      [{ size: { kind: 'contracts', contracts: 100 }, startingBalance: 1000 }, 'rules.size.contracts', 'size-over-balance'],
      [{ strategy: { template: 'covered-call' } }, 'rules.strategy.template', 'template-not-supported'],
    ];
    for (const [over, field, reason] of cases) {
      const res = await ada('POST /api/backtest/runs', { body: { clientRunId: `bad-rule-${reason}`, rules: shortRange(over), compare: [] } });
      expect(res.status, reason).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', field, reason });
      expect(res.body.error.length).toBeGreaterThan(10);
    }
    // A rule the schema rejects names its path too.
    const schema = await ada('POST /api/backtest/runs', { body: { clientRunId: 'bad-schema-1', rules: shortRange({ from: '2026-13-40' }) } });
    expect(schema.status).toBe(400);
    expect(schema.body.issues[0].path).toBe('body.rules.from');
    expect(runs.saves).toBe(0);
  });

  it('answers another learner’s run, and an unknown one, with 404 on read, delete and share', async () => {
    const { ada, bob } = harness();
    const run = (await ada('POST /api/backtest/runs', { body: { clientRunId: 'ada-run-0001', rules: shortRange(), compare: [] } })).body.run;
    expect((await bob('GET /api/backtest/runs/{id}', { params: { id: run.id } })).status).toBe(404);
    expect((await bob('DELETE /api/backtest/runs/{id}', { params: { id: run.id } })).status).toBe(404);
    const share = { title: 'Not mine', thesis: 'Trying to share Ada’s run', tags: [] };
    expect((await bob('POST /api/backtest/runs/{id}/share', { params: { id: run.id }, body: share })).status).toBe(404);
    expect((await bob('GET /api/backtest/runs')).body).toEqual({ runs: [], count: 0, limit: 50 });
    expect((await ada('GET /api/backtest/runs/{id}', { params: { id: run.id } })).status).toBe(200);
    expect((await ada('DELETE /api/backtest/runs/{id}', { params: { id: run.id } })).status).toBe(204);
    expect((await ada('DELETE /api/backtest/runs/{id}', { params: { id: run.id } })).status).toBe(404);
  });

  it('answers the 51st run with 409 and a message to delete one', async () => {
    const { ada, runs } = harness();
    const rules = weeklyPut({ from: storedRows('SPY').at(-8)!.date });
    for (let i = 0; i < MAX_SAVED_RUNS; i++)
      expect((await ada('POST /api/backtest/runs', { body: { clientRunId: `fill-run-${i}`, rules, compare: [] } })).status).toBe(201);
    const over = await ada('POST /api/backtest/runs', { body: { clientRunId: 'fill-run-over', rules, compare: [] } });
    expect(over).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(over.body.error).toContain('Delete one to save another');
    expect(await runs.count(ADA.sub)).toBe(MAX_SAVED_RUNS);
  });

  it('shares a run with 201 and its post id, and a run with no trade with 422', async () => {
    const { ada, sharer } = harness();
    const run = (await ada('POST /api/backtest/runs', { body: { clientRunId: 'share-run-001', rules: shortRange(), compare: [] } })).body.run;
    const res = await ada('POST /api/backtest/runs/{id}/share', {
      params: { id: run.id },
      body: { title: 'Weekly puts', thesis: 'Five percent below, weekly' },
    });
    expect(res).toMatchObject({ status: 201, body: { postId: sharer.posts[0]!.id } });
    const none = (
      await ada('POST /api/backtest/runs', { body: { clientRunId: 'no-trade-001', rules: shortRange({ filters: { ivRank: { above: 100 } } }), compare: [] } })
    ).body.run;
    expect(
      (await ada('POST /api/backtest/runs/{id}/share', { params: { id: none.id }, body: { title: 'Nothing', thesis: 'A run with no trade' } })).status,
    ).toBe(422);
  });

  it('opens a saved trade as of its entry day: the day, then its chain with the trade’s entry prices; refusals name the field', async () => {
    const { ada, runs } = harness();
    const run = (await ada('POST /api/backtest/runs', { body: { clientRunId: 'as-of-run-01', rules: shortRange(), compare: [] } })).body.run;
    const trade = run.result.trades[0];
    const day = await ada('GET /api/backtest/as-of/{underlying}', { params: { underlying: 'spy' }, query: { date: trade.entryDate } });
    expect(day).toMatchObject({ status: 200, body: { underlying: 'SPY', date: trade.entryDate, close: trade.marks[0].close, exerciseStyle: 'american' } });
    expect(day.body.expirations.map((e: { date: string }) => e.date)).toContain(trade.expiration);
    const chain = await ada('GET /api/backtest/as-of/{underlying}/chain', {
      params: { underlying: 'SPY' },
      query: { date: trade.entryDate, expiry: trade.expiration },
    });
    expect(chain).toMatchObject({ status: 200, body: { basis: 'model', asOfDate: trade.entryDate, expiration_date: trade.expiration } });
    const leg = trade.legs[0];
    const contract = chain.body.contracts.find(
      (c: { contract_type: string; strike_price: number }) => c.contract_type === leg.optionType && c.strike_price === leg.strike,
    );
    expect(contract.mark).toBe(leg.entryPrice);

    const refused: [Record<string, string>, string, string][] = [
      [{ date: '2019-01-02' }, 'date', 'dates-outside-history'],
      [{ date: '2026-11-21' }, 'date', 'not-a-session'], // a Saturday,
      [{ date: trade.entryDate, expiry: trade.entryDate }, 'expiry', 'expiry-not-listed'],
    ];
    for (const [query, field, reason] of refused) {
      const path = query.expiry ? 'GET /api/backtest/as-of/{underlying}/chain' : 'GET /api/backtest/as-of/{underlying}';
      const res = await ada(path, { params: { underlying: 'SPY' }, query });
      expect(res.status, reason).toBe(400);
      expect(res.body).toMatchObject({ code: 'bad_request', field, reason });
    }
    const badDate = await ada('GET /api/backtest/as-of/{underlying}', { params: { underlying: 'SPY' }, query: { date: '2026-02-30' } });
    expect(badDate.status).toBe(400);
    expect(badDate.body.issues[0].path).toBe('query.date');
    const unknown = await ada('GET /api/backtest/as-of/{underlying}', { params: { underlying: 'ZZZZ' }, query: { date: trade.entryDate } });
    expect(unknown).toMatchObject({ status: 400, body: { field: 'underlying' } });
    // Reads only: nothing saved beyond the run.
    expect(runs.saves).toBe(1);
  });
});
