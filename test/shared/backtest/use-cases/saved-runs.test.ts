import { describe, expect, it } from 'vitest';
import { BacktestRulesSchema } from '@shared/backtest/rules';
import { deleteRun } from '@shared/backtest/use-cases/delete-run';
import { getRun } from '@shared/backtest/use-cases/get-run';
import { listRuns } from '@shared/backtest/use-cases/list-runs';
import { readHistory } from '@shared/backtest/use-cases/read-history';
import { runAndSave } from '@shared/backtest/use-cases/run-and-save';
import { shareRun } from '@shared/backtest/use-cases/share-run';
import { templateById } from '@shared/strategy/templates';
import { fakeDeps, LAST_SESSION, storedRows, weeklyPut } from './fakes';

const short = (over: Record<string, unknown> = {}) => BacktestRulesSchema.parse(weeklyPut({ from: storedRows('SPY').at(-60)!.date, ...over }));
const author = { userId: 'u1', displayName: 'Ada', publicId: null };

async function saved(deps: ReturnType<typeof fakeDeps>['deps'], cid: string, over: Record<string, unknown> = {}, user = 'u1') {
  const out = await runAndSave(deps, user, { clientRunId: cid, rules: short(over), compare: [] });
  if (!out.ok) throw new Error(out.error.message);
  return out.value.run;
}

describe('the saved runs', () => {
  it('lists the learner’s runs newest first with their headline figures, count and limit', async () => {
    const { deps } = fakeDeps();
    const a = await saved(deps, 'first-run-1');
    const b = await saved(deps, 'second-run1', { strategy: { template: 'bull-put-spread' } });
    await saved(deps, 'someone-else', {}, 'u2');
    const list = await listRuns(deps, 'u1');
    expect(list.count).toBe(2);
    expect(list.limit).toBe(50);
    expect(list.runs.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(list.runs[0]).toMatchObject({
      underlying: 'SPY',
      strategy: templateById('bull-put-spread')!.name,
      trades: b.result.metrics.trades,
      totalPnl: b.result.metrics.totalPnl,
    });
  });

  it('reads a run in full, and answers another learner’s run and an unknown id as not found', async () => {
    const { deps } = fakeDeps();
    const run = await saved(deps, 'read-run-01');
    const mine = await getRun(deps, 'u1', run.id);
    expect(mine.ok && mine.value).toEqual(run);
    expect(mine.ok && 'clientRunId' in mine.value).toBe(false);
    const theirs = await getRun(deps, 'u2', run.id);
    expect(!theirs.ok && theirs.error.code).toBe('not_found');
  });

  it('deletes a run (freeing its place); a second delete and another learner’s delete are not found', async () => {
    const { deps, runs } = fakeDeps();
    const run = await saved(deps, 'delete-me-1');
    expect((await deleteRun(deps, 'u2', run.id)).ok).toBe(false);
    expect((await deleteRun(deps, 'u1', run.id)).ok).toBe(true);
    const again = await deleteRun(deps, 'u1', run.id);
    expect(!again.ok && again.error.code).toBe('not_found');
    expect(await runs.count('u1')).toBe(0);
  });
});

describe('sharing a run to the feed', () => {
  it('posts the first trade’s legs at its entry close and date with the rules and headline figures, once while the post is shown', async () => {
    const { deps, sharer } = fakeDeps();
    const run = await saved(deps, 'share-run-1');
    const first = run.result.trades[0]!;
    const out = await shareRun(deps, author, run.id, { title: 'Weekly puts', thesis: 'Selling 5% out of the money puts', tags: ['income'] });
    expect(out.ok && out.value.created).toBe(true);
    const post = sharer.posts[0]!.input;
    expect(post.refDate).toBe(first.entryDate);
    expect(post.spot).toBe(first.marks[0]!.close);
    expect(post.legs).toEqual([
      { action: 'sell', optionType: 'put', strike: first.legs[0]!.strike, expiration: first.expiration, quantity: 1, premium: first.legs[0]!.entryPrice },
    ]);
    expect(post.backtest).toMatchObject({
      runId: run.id,
      rules: run.rules,
      trades: run.result.metrics.trades,
      winRate: run.result.metrics.winRate,
      dataAsOf: LAST_SESSION,
    });
    // Shared again while the post is on the feed: the same post, nothing new posted.
    const again = await shareRun(deps, author, run.id, { title: 'Weekly puts', thesis: 'Selling 5% out of the money puts', tags: [] });
    expect(again.ok && again.value).toEqual({ postId: out.ok ? out.value.postId : '', created: false });
    expect(sharer.posts).toHaveLength(1);
    // Withdrawn: sharing posts it anew.
    sharer.posts[0]!.shown = false;
    const anew = await shareRun(deps, author, run.id, { title: 'Weekly puts', thesis: 'Selling 5% out of the money puts', tags: [] });
    expect(anew.ok && anew.value.created).toBe(true);
  });

  it('refuses a run with no trade, another learner’s run, and past the daily post limit', async () => {
    const { deps, sharer } = fakeDeps();
    const none = await saved(deps, 'no-trade-run', { filters: { ivRank: { above: 100 } } });
    const body = { title: 'Nothing', thesis: 'A run that found nothing', tags: [] };
    const empty = await shareRun(deps, author, none.id, body);
    expect(!empty.ok && empty.error.code).toBe('unprocessable');
    const run = await saved(deps, 'share-run-2');
    const theirs = await shareRun(deps, { ...author, userId: 'u2' }, run.id, body);
    expect(!theirs.ok && theirs.error.code).toBe('not_found');
    for (let i = 0; i < 10; i++) sharer.posts.push({ id: `x${i}`, author, input: sharer.posts[0]?.input as never, shown: true });
    const limited = await shareRun(deps, author, run.id, body);
    expect(!limited.ok && limited.error.code).toBe('rate_limited');
  });
});

describe('the stored history', () => {
  it('lists each underlying’s sessions with the last year as the default range, the placeable templates and the defaults', async () => {
    const { deps } = fakeDeps();
    const h = await readHistory(deps);
    const spy = h.underlyings.find((u) => u.symbol === 'SPY')!;
    expect(spy).toMatchObject({ first: storedRows('SPY')[0]!.date, last: LAST_SESSION, sessions: 275, defaultRange: { to: LAST_SESSION } });
    expect(spy.defaultRange.from > spy.first).toBe(true);
    expect(h.source).toMatchObject({ kind: 'end-of-day', asOf: LAST_SESSION });
    expect(h.templates.some((t) => t.id === 'iron-condor')).toBe(true);
    expect(h.templates.some((t) => t.id === 'covered-call')).toBe(false);
    expect(h.defaults).toMatchObject({ startingBalance: 100_000, compare: ['SPY', 'QQQ'] });
    expect(h.limit).toBe(50);
  });
});

describe('the share route’s bounds', () => {
  it('are the community’s own bounds of a post', async () => {
    const { SHARE_BOUNDS } = await import('@shared/backtest/backtest.api');
    const { POST_BOUNDS } = await import('@shared/community/strategy-posts');
    expect(SHARE_BOUNDS).toEqual({ title: POST_BOUNDS.title, thesis: POST_BOUNDS.thesis, tag: POST_BOUNDS.tag });
  });
});
