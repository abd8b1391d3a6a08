import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner as newLearner, marketBuy, monthlyChain, type ChainContract } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * Gamification on the local stack (issue 19): real paper orders and learning events go through the outbox, the bus and
 * the gamification consumers into the learner's state and awards feed, exactly once, with no lost update.
 */
const stack = inject('stack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
const put = (...entries: { detailType: string; detail: object }[]) =>
  bus.send(
    new PutEventsCommand({
      Entries: entries.map((e) => ({
        EventBusName: 'options-academy-local',
        Source: 'options-academy',
        DetailType: e.detailType,
        Detail: JSON.stringify(e.detail),
      })),
    }),
  );

interface FeedAward {
  id: string;
  key: string;
  source: string;
  xp: number;
  baseXp: number;
  coins: number;
  quiet: boolean;
  stateVersion?: number;
}
type Learner = Awaited<ReturnType<typeof newLearner>>;

const eventsOf = async (userId: string, detailType: string) =>
  ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
    (e) => e.detailType === detailType && (e.detail as { userId?: string }).userId === userId,
  );
/** The gamification rule's deliveries of a learner's events of one type, once all of them have settled. */
async function gameDeliveries(userId: string, detailType: string, n: number) {
  const rule = `gamification${detailType}`;
  const list = await waitFor(
    () => eventsOf(userId, detailType),
    (l) => l.length >= n && l.every((e) => e.deliveries.some((d) => d.rule === rule && d.status !== 'pending')),
    30_000,
    `${n} × ${detailType} of ${userId} through ${rule}`,
  );
  return list.map((e) => e.deliveries.find((d) => d.rule === rule)!);
}
const feed = async (l: Learner) => (await l.call('GET', '/api/gamification/awards?limit=100')).body as { awards: FeedAward[]; cursor: string | null };
/** The state as the browser reads it: never older than the highest version it has seen (`minVersion`). */
const state = async (l: Learner, minVersion = 0) => (await l.call('GET', `/api/gamification/state${minVersion ? `?minVersion=${minVersion}` : ''}`)).body;
const newestVersion = (awards: FeedAward[]) => Math.max(...awards.map((a) => a.stateVersion ?? 0));

let contract: ChainContract;
beforeAll(async () => {
  const chain = await monthlyChain(stack, 'SPY');
  contract = chain.nearest('call', chain.price * 1.02);
}, 90_000);

describe('gamification from real events', () => {
  it('awards a paper order once, in the feed and the state, even when the same event is put on the bus twice', async () => {
    const ada = await newLearner(stack, 100_000);
    // Opening the account is an event of its own (AccountOpened), which moves the state's version without an award; the
    // bus keeps no order between event types, so it is let settle first, or it may land after the fill's awards.
    await gameDeliveries(ada.user.sub, 'AccountOpened', 1);
    const fresh = await state(ada);
    expect(fresh).toMatchObject({ level: 1, currentXP: 0, totalXP: 0, xpToNextLevel: 115, optionsCoins: 0, currentStreak: 0 });
    expect(fresh.achievements).toHaveLength(31); // the specification's 30 and Planned Season (issue 39)

    const placed = await ada.call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1));
    expect(placed.status).toBe(201);
    const [first] = await gameDeliveries(ada.user.sub, 'OrderFilled', 1);
    expect(first).toMatchObject({ status: 'ok', result: { status: 'consumed' } });

    const orderId = placed.body.order.orderId as string;
    const awards = (await feed(ada)).awards;
    // The first trade of the day (10 XP) and the First Trade achievement (100 XP, 10 coins), both quiet: no celebration on an order.
    expect(awards.map((a) => [a.source, a.baseXp, a.coins, a.quiet])).toEqual([
      ['OrderFilled', 10, 0, true],
      ['Achievement', 100, 10, true],
    ]);
    expect(awards[0]!.key).toBe(`OrderFilled#${orderId}`);
    const after = await state(ada, newestVersion(awards));
    expect(after.version).toBe(newestVersion(awards));
    expect(after.totalXP).toBe(110);
    expect(after.optionsCoins).toBe(10);
    expect(after.unlockedAchievements).toEqual(['first-trade']);
    expect(after.dailyChallenges.find((c: { id: string }) => c.id.startsWith('daily-trades@')).progress).toEqual({ current: 1, total: 3 });

    // The same event again (at-least-once delivery, a replay): nothing more.
    const [event] = await eventsOf(ada.user.sub, 'OrderFilled');
    await put({ detailType: 'OrderFilled', detail: event!.detail as object });
    const both = await gameDeliveries(ada.user.sub, 'OrderFilled', 2);
    expect(both[1]).toMatchObject({ status: 'ok', result: { status: 'duplicate' } });
    // The same fill reported by another event id (the same order): its award key exists, so nothing more either.
    await put({ detailType: 'OrderFilled', detail: { ...(event!.detail as object), eventId: ulid() } });
    const three = await gameDeliveries(ada.user.sub, 'OrderFilled', 3);
    expect(three[2]).toMatchObject({ status: 'ok' });
    expect((await feed(ada)).awards).toHaveLength(2);
    expect((await state(ada)).totalXP).toBe(110);
  });

  it('loses no XP when two events of one learner arrive at once', async () => {
    const bo = await newLearner(stack);
    const at = new Date().toISOString();
    const lessonEvent = (lessonId: string) => ({
      detailType: 'LessonCompleted',
      detail: { eventId: ulid(), userId: bo.user.sub, moduleId: 'options_basics', lessonId, at },
    });
    const quizEvent = { detailType: 'QuizPassed', detail: { eventId: ulid(), userId: bo.user.sub, quizId: 'options_basics.quiz', score: 90, at } };
    await put(lessonEvent('options_basics.why-options'), lessonEvent('options_basics.calls-and-puts'), quizEvent);
    const lessons = await gameDeliveries(bo.user.sub, 'LessonCompleted', 2);
    const quizzes = await gameDeliveries(bo.user.sub, 'QuizPassed', 1);
    for (const d of [...lessons, ...quizzes]) expect(d).toMatchObject({ status: 'ok', result: { status: 'consumed' } });

    const { awards } = await feed(bo);
    expect(awards.filter((a) => a.source === 'LessonCompleted').map((a) => a.baseXp)).toEqual([10, 10]);
    expect(awards.filter((a) => a.source === 'QuizPassed').map((a) => a.baseXp)).toEqual([50]);
    // Three commits (in whichever order they won): the state the feed points at is the third version.
    expect(newestVersion(awards)).toBe(3);
    const s = await state(bo, 3);
    expect(s.version).toBe(3);
    expect(s.totalXP).toBe(awards.reduce((sum, a) => sum + a.xp, 0));
    expect(s.optionsCoins).toBe(awards.reduce((sum, a) => sum + a.coins, 0));
    expect(s.unlockedAchievements.sort()).toEqual(['first-lesson', 'first-quiz']);

    // The feed's cursor: nothing after the newest award.
    const cursor = (await feed(bo)).cursor!;
    expect((await bo.call('GET', `/api/gamification/awards?after=${cursor}`)).body).toEqual({ awards: [], cursor });
  });
});

describe('closed journal trades', () => {
  it('awards 20 XP once for a closed trade that had a written plan, even when its JournalTradeClosed is delivered twice', async () => {
    const cy = await newLearner(stack, 100_000);
    const placed = await cy.call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1));
    expect(placed.status).toBe(201);
    const tradeId = placed.body.order.orderId as string;
    await waitFor(
      () => cy.call('GET', `/api/journal/trades/${tradeId}`),
      (r) => r.status === 200,
      30_000,
      'the journal trade opened',
    );
    const plan = await cy.call('POST', '/api/journal/entries', {
      kind: 'trade',
      tradeId,
      thesis: 'SPY drifts higher into the monthly expiry',
      plannedExit: { profitTargetPct: 50, stop: 'Out if SPY closes below the 50-day average', time: '' },
    });
    expect(plan.status).toBe(201);
    expect((await cy.call('POST', `/api/positions/${contract.contract_ticker}/close`, { whenClosed: 'last-close' })).status).toBe(201);

    const [first] = await gameDeliveries(cy.user.sub, 'JournalTradeClosed', 1);
    expect(first).toMatchObject({ status: 'ok', result: { status: 'consumed' } });
    const [event] = await eventsOf(cy.user.sub, 'JournalTradeClosed');
    expect(event!.detail).toMatchObject({ tradeId, hasPlan: true, legs: 1, account: 'paper' });
    const planned = (await feed(cy)).awards.filter((a) => a.source === 'JournalTradeClosed');
    expect(planned.map((a) => [a.key, a.baseXp, a.quiet])).toEqual([[`JournalTradeClosed#${tradeId}`, 20, true]]);
    const before = await state(cy);

    // The same event again, then the same close under another event id: the award key (the trade) exists, nothing more.
    await put({ detailType: 'JournalTradeClosed', detail: event!.detail as object });
    const both = await gameDeliveries(cy.user.sub, 'JournalTradeClosed', 2);
    expect(both[1]).toMatchObject({ status: 'ok', result: { status: 'duplicate' } });
    await put({ detailType: 'JournalTradeClosed', detail: { ...(event!.detail as object), eventId: ulid() } });
    const three = await gameDeliveries(cy.user.sub, 'JournalTradeClosed', 3);
    expect(three[2]).toMatchObject({ status: 'ok' });
    expect((await feed(cy)).awards.filter((a) => a.source === 'JournalTradeClosed')).toHaveLength(1);
    const after = await state(cy);
    expect([after.totalXP, after.optionsCoins]).toEqual([before.totalXP, before.optionsCoins]);
  });
});

describe('the learner’s writes and the boards', () => {
  it("refuses a purchase with 'Insufficient Options Coins' (409, nothing deducted), and answers unknown ids 404 and bad bodies 400", async () => {
    const cy = await newLearner(stack);
    const refused = await cy.call('POST', '/api/gamification/rewards/theme-midnight/purchase');
    expect(refused).toMatchObject({ status: 409, body: { error: 'Insufficient Options Coins' } });
    expect((await state(cy)).optionsCoins).toBe(0);
    expect((await cy.call('POST', '/api/gamification/rewards/no-such-reward/purchase')).status).toBe(404);
    expect((await cy.call('POST', '/api/gamification/power-ups/no-such/activate')).status).toBe(404);
    expect((await cy.call('POST', '/api/gamification/power-ups/xp-boost/activate')).status).toBe(409);
    expect((await cy.call('POST', '/api/gamification/challenges/nope@2026-11-25/claim')).status).toBe(404);
    expect((await cy.call('POST', '/api/gamification/challenges/not-an-id/claim')).status).toBe(400);
    expect((await cy.call('PUT', '/api/gamification/settings', { sounds: 'loud' })).status).toBe(400);
    expect((await cy.call('PUT', '/api/gamification/settings', { xp: 1_000_000 })).status).toBe(400);
    expect((await cy.call('GET', '/api/gamification/leaderboards/no_such_board')).status).toBe(404);

    const saved = await cy.call('PUT', '/api/gamification/settings', { sounds: false, widgetPosition: 'bottom-left' });
    expect(saved.status).toBe(200);
    expect(saved.body.state.settings).toEqual({
      notifications: true,
      sounds: false,
      animations: true,
      widgetPosition: 'bottom-left',
      showOnLeaderboards: true,
    });
  });

  it('claims a completed challenge once (409 the second time), adding its coins and XP', async () => {
    const di = await newLearner(stack);
    const at = new Date().toISOString();
    // Today's "Use the Greeks" daily challenge: one Options Greeks lesson.
    await put({
      detailType: 'LessonCompleted',
      detail: { eventId: ulid(), userId: di.user.sub, moduleId: 'options_greeks', lessonId: 'options_greeks.delta', at },
    });
    await gameDeliveries(di.user.sub, 'LessonCompleted', 1);
    const before = await state(di);
    const greeks = before.dailyChallenges.find((c: { id: string }) => c.id.startsWith('daily-greeks@'));
    expect(greeks).toMatchObject({ status: 'completed', xpReward: 75, coinReward: 8 });
    const claimed = await di.call('POST', `/api/gamification/challenges/${greeks.id}/claim`);
    expect(claimed.status).toBe(200);
    expect(claimed.body.state.optionsCoins).toBe(before.optionsCoins + 8);
    expect(claimed.body.state.totalXP).toBe(before.totalXP + 75);
    expect((await di.call('POST', `/api/gamification/challenges/${greeks.id}/claim`)).status).toBe(409);
    expect((await state(di)).optionsCoins).toBe(before.optionsCoins + 8);
  });

  it('ranks learners on a board from the sparse index, the caller’s own rank included (0 when absent)', async () => {
    const [ed, flo, gus] = await Promise.all([newLearner(stack), newLearner(stack, undefined, { storeProfile: false }), newLearner(stack)]);
    const at = new Date().toISOString();
    const lessons = (l: Learner, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        detailType: 'LessonCompleted',
        detail: { eventId: ulid(), userId: l.user.sub, moduleId: 'risk_management', lessonId: `risk_management.l${i}`, at },
      }));
    await put(...lessons(ed, 1), ...lessons(flo, 3));
    await gameDeliveries(ed.user.sub, 'LessonCompleted', 1);
    await gameDeliveries(flo.user.sub, 'LessonCompleted', 3);
    const board = await waitFor(
      async () => (await flo.call('GET', '/api/gamification/leaderboards/risk_manager?limit=100')).body,
      (b) => b.userRank > 0,
      10_000,
      'the board entry on the index',
    );
    const edBoard = await waitFor(
      async () => (await ed.call('GET', '/api/gamification/leaderboards/risk_manager?limit=100')).body,
      (b) => b.userRank > 0,
      10_000,
      'the board entry on the index',
    );
    expect(edBoard.userRank).toBeGreaterThan(board.userRank);
    const mine = board.entries.find((e: { isYou: boolean }) => e.isYou);
    expect(mine).toMatchObject({ rank: board.userRank, value: board.userValue });
    // Flo never opened the app (no profile item): the board shows a pseudonym.
    expect(mine.displayName).toMatch(/^Trader [0-9A-F]{6}$/);
    expect((await gus.call('GET', '/api/gamification/leaderboards/risk_manager')).body).toMatchObject({ userRank: 0, userValue: null });
  });
});
