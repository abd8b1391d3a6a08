import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner, marketBuy, monthlyChain, type ChainContract } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';

/**
 * The landing page's learner count (issue 16, 10) on a stack of its own, so that nobody else's learners move the figure:
 * signing up counts nobody, a learner's first paper order counts them, and nothing they do later counts them again.
 */
let stack: SpawnedStack;
let contract: ChainContract;

beforeAll(async () => {
  stack = await spawnLocalStack({ dataDir: newDataDir('learner-count'), env: { LOG_REQUESTS: '0' } });
  const chain = await monthlyChain(stack, 'SPY');
  contract = chain.nearest('call', chain.price * 1.02);
}, 150_000);

afterAll(async () => {
  await stack?.stop();
});

const learners = async () => ((await (await fetch(`${stack.url}/api/stats`)).json()) as { learners: number }).learners;

/** Waits until the bus has delivered a learner's event of this type to every rule, and returns the count consumer's answer. */
async function delivered(detailType: string, userId: string, n = 1) {
  const mine = await waitFor(
    async () =>
      ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
        (e) => e.detailType === detailType && (e.detail as { userId?: string }).userId === userId,
      ),
    (list) => list.length >= n && list.every((e) => e.deliveries.every((d) => d.status !== 'pending')),
    30_000,
    `${n} × ${detailType} of ${userId}`,
  );
  return mine.map((e) => e.deliveries.find((d) => d.rule === 'countActiveLearners'));
}

describe('the learner count', () => {
  it('counts a learner at their first paper order, not at sign-up, and once however often they trade', async () => {
    expect(await learners()).toBe(0);

    const ada = await learner(stack, 100_000);
    expect((await ada.call('GET', '/api/me')).status).toBe(200);
    // Signed up, profile made, account opened: not yet a learner who did something.
    const opened = await delivered('AccountOpened', ada.user.sub);
    expect(opened).toEqual([undefined]);
    expect(await learners()).toBe(0);

    expect((await ada.call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1))).status).toBe(201);
    expect((await delivered('OrderPlaced', ada.user.sub))[0]).toMatchObject({ status: 'ok', result: { status: 'consumed' } });
    expect(await learners()).toBe(1);

    expect((await ada.call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1))).status).toBe(201);
    expect((await delivered('OrderPlaced', ada.user.sub, 2))[1]).toMatchObject({ status: 'ok', result: { status: 'duplicate' } });
    expect(await learners()).toBe(1);

    // A second learner who trades is a second learner; one who only signs up is not.
    await learner(stack, 10_000);
    const grace = await learner(stack, 10_000);
    const [first, second] = await Promise.all([
      grace.call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1)),
      grace.call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1)),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    await delivered('OrderPlaced', grace.user.sub, 2);
    expect(await learners()).toBe(2);
  });
});
