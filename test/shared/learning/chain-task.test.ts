import { describe, expect, it } from 'vitest';
import { COURSE } from '@shared/learning/content/course';
import { SNAPSHOTS } from '@shared/learning/content/lib/snapshot';
import type { ChainTask } from '@shared/learning/chain-task';
import { intendedContract, judgeChainPick } from '@shared/learning/chain-task';
import { answerChainTask } from '@shared/learning/use-cases/answer-chain-task';
import { publicCourse } from '@shared/learning/public-content';
import type { OptionContract } from '@shared/market/chain';

/**
 * A click on a chain task is judged on the server (issue 33): right or wrong, and why, from the frozen chain; the key
 * and the criterion never reach the browser.
 */

const tasks = COURSE.flatMap((m) =>
  m.lessons.flatMap((lesson) =>
    lesson.blocks.flatMap((b, block) => (b.type === 'interactive' && b.widget.kind === 'chain-task' ? [{ lesson, block, task: b.widget as ChainTask }] : [])),
  ),
);
const chainOf = (task: ChainTask) => {
  const s = SNAPSHOTS[task.snapshot]!;
  return { underlying: s.underlying, underlyingPrice: s.underlyingPrice, contracts: s.expiries.find((e) => e.expiration === task.expiration)!.contracts };
};
const deps = { course: { course: () => COURSE } };
const task = (lessonId: string) => tasks.find((t) => t.lesson.id === lessonId)!;

describe('chain tasks judged on the server', () => {
  it('every chain task of the course has a criterion that names exactly its answer key', () => {
    expect(tasks.map((t) => t.lesson.id)).toEqual([
      'options_basics.reading-a-chain',
      'options_greeks.delta',
      'market_analysis.skew-term-structure',
      'market_analysis.sentiment',
    ]);
    for (const { task } of tasks) {
      const chain = chainOf(task);
      expect(intendedContract(task.criterion, chain.contracts, chain.underlyingPrice)?.contract_ticker).toBe(task.answer[0]);
    }
  });

  it('lesson 4: a wrong call says "Not quite" and which way the nearer strike lies; the at-the-money call is right, with why', () => {
    const { lesson, block, task: t } = task('options_basics.reading-a-chain');
    const chain = chainOf(t);
    const S = chain.underlyingPrice;
    const right = chain.contracts.find((c) => c.contract_ticker === t.answer[0])!;
    const above = chain.contracts.find((c) => c.contract_type === 'call' && c.strike_price === right.strike_price + 5)!;
    const wrong = answerChainTask(deps, lesson.id, block, above.contract_ticker);
    expect(wrong.ok && wrong.value.correct).toBe(false);
    expect(wrong.ok && wrong.value.explanation).toBe(
      `SPY was at $${S.toFixed(2)}, and the $${above.strike_price}.00 strike is $${(above.strike_price - S).toFixed(2)} away from it, and a lower listed strike is nearer. At the money is the strike nearest the underlying's price.`,
    );
    const ok = answerChainTask(deps, lesson.id, block, right.contract_ticker);
    expect(ok).toMatchObject({ ok: true, value: { correct: true, contract: `SPY Dec 18, 2026 $${right.strike_price} Call` } });
    expect(ok.ok && ok.value.explanation).toMatch(/^SPY was at \$576\.67, and the \$577\.00 strike is \$0\.33 away from it, the nearest of the listed strikes/);
    const put = chain.contracts.find((c) => c.contract_type === 'put' && c.strike_price === right.strike_price)!;
    const wrongType = answerChainTask(deps, lesson.id, block, put.contract_ticker);
    expect(wrongType.ok && wrongType.value).toMatchObject({ correct: false, explanation: expect.stringContaining('is a put, and the task asks for a call') });
  });

  it('a delta task says the pick’s delta, its distance from the target and which way to look', () => {
    const { task: t } = task('options_greeks.delta');
    const chain = chainOf(t);
    const right = chain.contracts.find((c) => c.contract_ticker === t.answer[0])!;
    const lower = chain.contracts.find((c) => c.contract_type === 'put' && c.strike_price === right.strike_price - 10 && c.delta !== null)!;
    const judged = judgeChainPick(t, chain, lower.contract_ticker)!;
    expect(judged.correct).toBe(false);
    // A lower strike's put delta is nearer 0 (above −0.30): the nearer one is at a higher strike.
    expect(lower.delta!).toBeGreaterThan(-0.3);
    expect(judged.explanation).toMatch(/^The SPY .* Put has a delta of −0\.2\d\d, 0\.0\d\d from −0\.300, and a put of this expiry is nearer\. /);
    expect(judged.explanation).toContain('Try a higher strike: delta falls as the strike rises.');
    const good = judgeChainPick(t, chain, right.contract_ticker)!;
    expect(good).toMatchObject({ correct: true });
    expect(good.explanation).toMatch(/^The .* the nearest of this expiry's puts\.$/);
  });

  it('a volume task says how much the pick traded', () => {
    const { task: t } = task('market_analysis.sentiment');
    const chain = chainOf(t);
    const puts = chain.contracts.filter((c) => c.contract_type === 'put').sort((a, b) => (b.volume ?? 0) - (a.volume ?? 0));
    const second = puts[1] as OptionContract;
    const judged = judgeChainPick(t, chain, second.contract_ticker)!;
    expect(judged).toMatchObject({ correct: false });
    expect(judged.explanation).toContain(`traded ${second.volume!.toLocaleString('en-US')} contracts that session, and another put of this expiry traded more`);
    expect(judgeChainPick(t, chain, puts[0]!.contract_ticker)).toMatchObject({
      correct: true,
      explanation: expect.stringContaining("the most of this expiry's puts"),
    });
  });

  it('refuses a contract that is not on the chain, a block that is not a chain task, and an unknown lesson', () => {
    const { lesson, block } = task('options_basics.reading-a-chain');
    expect(answerChainTask(deps, lesson.id, block, 'SPY300101C00100000')).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(answerChainTask(deps, lesson.id, 0, 'SPY261218C00577000')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(answerChainTask(deps, 'options_basics.nope', 0, 'SPY261218C00577000')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('the browser gets neither the key nor the criterion', () => {
    const text = JSON.stringify([...publicCourse(COURSE).values()]);
    expect(text).not.toContain('criterion');
    expect(text).not.toContain('nearest-the-money');
    for (const { task: t } of tasks) expect(text).not.toContain(`"answer":["${t.answer[0]}"]`);
  });
});
