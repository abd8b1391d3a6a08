import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE_ALERTS, type AlertCondition } from '@shared/alerts/alert';
import type { AlertFigures } from '@shared/alerts/alerts.port';
import { listAlerts } from '@shared/alerts/read-model/alerts-list';
import { listNotifications, unreadCount } from '@shared/alerts/read-model/notifications';
import { createAlert } from '@shared/alerts/use-cases/create-alert';
import { deleteAlert } from '@shared/alerts/use-cases/delete-alert';
import type { EvaluateDeps } from '@shared/alerts/use-cases/deps';
import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import { markAllNotificationsRead, markNotificationRead } from '@shared/alerts/use-cases/mark-read';
import { setAlertStatus } from '@shared/alerts/use-cases/set-alert-status';
import { setAlertEmail } from '@shared/alerts/use-cases/set-email';
import { fixedClock } from '@shared/ports/clock.port';
import { memoryAlertsRepo } from './memory-alerts-repo';

const DAY = '2026-11-25';
const spyAbove600: AlertCondition = { kind: 'price-cross', underlying: 'SPY', direction: 'above', level: 600 };

function setup(figures: Partial<AlertFigures> = {}) {
  const mem = memoryAlertsRepo();
  let n = 0;
  const deps: EvaluateDeps = {
    repo: mem.repo,
    clock: fixedClock('2026-11-25T22:00:00.000Z'),
    ids: { newId: () => `id${String(++n).padStart(6, '0')}` },
    figures: {
      underlyingDay: async () => ({ close: 601, previousClose: 598, ivRank: 40 }),
      contractMark: async () => null,
      positions: async () => new Map(),
      ...figures,
    },
  };
  return { deps, mem };
}

describe('setting alerts', () => {
  it('refuses the 51st active alert with the rule in words, and a paused one frees a place', async () => {
    const { deps } = setup();
    for (let i = 0; i < MAX_ACTIVE_ALERTS; i++) expect((await createAlert(deps, 'u1', { condition: spyAbove600 })).ok).toBe(true);
    const over = await createAlert(deps, 'u1', { condition: spyAbove600 });
    expect(over).toEqual({ ok: false, error: { code: 'conflict', message: 'You can have at most 50 active alerts. Delete or pause one to add another.' } });
    const first = (await listAlerts(deps.repo, 'u1')).alerts.at(-1)!;
    expect((await setAlertStatus(deps, 'u1', first.id, 'paused')).ok).toBe(true);
    expect((await createAlert(deps, 'u1', { condition: spyAbove600 })).ok).toBe(true);
    expect(await setAlertStatus(deps, 'u1', first.id, 'active')).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect((await createAlert(deps, 'u2', { condition: spyAbove600 })).ok).toBe(true);
  });

  it("another learner's alert is not found for pause, resume or delete", async () => {
    const { deps } = setup();
    const made = await createAlert(deps, 'u1', { condition: spyAbove600 });
    if (!made.ok) throw new Error('expected an alert');
    expect(await setAlertStatus(deps, 'u2', made.value.id, 'paused')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await deleteAlert(deps, 'u2', made.value.id)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect((await deleteAlert(deps, 'u1', made.value.id)).ok).toBe(true);
    expect((await listAlerts(deps.repo, 'u1')).alerts).toEqual([]);
  });

  it('lists alerts in words with the end-of-day schedule and the e-mail choice (off until turned on)', async () => {
    const { deps } = setup();
    await createAlert(deps, 'u1', { condition: spyAbove600, repeat: 'daily' });
    expect(await listAlerts(deps.repo, 'u1')).toMatchObject({
      alerts: [{ description: 'SPY closes above $600.00', link: '/app/optionschain?ticker=SPY', repeat: 'daily', status: 'active' }],
      active: 1,
      maxActive: 50,
      emailOn: false,
      schedule: expect.stringContaining('after each end-of-day ingestion'),
    });
    await setAlertEmail(deps, 'u1', true);
    expect((await listAlerts(deps.repo, 'u1')).emailOn).toBe(true);
  });
});

describe('evaluating alerts after an ingestion', () => {
  it('fires a crossed alert once: one notification, and a second delivery of the same ingestion writes nothing', async () => {
    const { deps, mem } = setup();
    await createAlert(deps, 'u1', { condition: spyAbove600 });
    const first = await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(first).toMatchObject({ evaluated: 1, duplicates: 0 });
    expect(first.fired).toHaveLength(1);
    expect(first.fired[0]!.notification).toMatchObject({ title: 'SPY closed above $600.00', link: '/app/optionschain?ticker=SPY', readAt: null });
    const again = await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(again.fired).toEqual([]);
    expect(mem.notes('u1')).toHaveLength(1);
    expect((await listAlerts(deps.repo, 'u1')).alerts[0]).toMatchObject({ status: 'done', firedCount: 1, lastFiredOn: DAY });
  });

  it("writes a learner's firings together, 24 to a transaction, and a group the table refuses one by one", async () => {
    const { deps, mem } = setup();
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await createAlert(deps, 'u1', { condition: spyAbove600 }));
    const paused = made[3]!.ok ? made[3]!.value.id : '';
    const groups: number[] = [];
    const singles: string[] = [];
    const { fire, fireTogether } = mem.repo;
    let first = true;
    deps.repo = {
      ...mem.repo,
      fireTogether: async (userId, firings) => {
        groups.push(firings.length);
        // The learner pauses one alert of the first group just before it is written: the group is refused whole.
        if (first) {
          first = false;
          await setAlertStatus(deps, userId, paused, 'paused');
        }
        return fireTogether(userId, firings);
      },
      fire: async (userId, firing) => {
        singles.push(firing.next.id);
        return fire(userId, firing);
      },
    };
    const report = await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(groups).toEqual([24, 6]);
    expect(singles).toHaveLength(24);
    expect(report).toMatchObject({ evaluated: 30, duplicates: 0, unsettled: 0 });
    expect(report.fired).toHaveLength(29);
    expect(mem.notes('u1')).toHaveLength(29);
    expect((await listAlerts(deps.repo, 'u1')).alerts.find((a) => a.id === paused)).toMatchObject({ status: 'paused', firedCount: 0 });
    const again = await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(again.fired).toEqual([]);
    expect(mem.notes('u1')).toHaveLength(29);
  });

  it("fires every one of a learner's crossed alerts, though two firings of one learner's at once would conflict", async () => {
    const { deps, mem } = setup();
    // As in DynamoDB: a firing that retires a one-shot alert changes the learner's count of active alerts, and a second
    // transaction on that item while the first is in flight is cancelled (a conflict) and must be decided again. Every
    // group is refused here, so each alert goes the one-by-one way.
    const fire = mem.repo.fire;
    const inFlight = new Set<string>();
    let conflicts = 0;
    deps.repo = {
      ...mem.repo,
      fireTogether: async () => false,
      fire: async (userId, firing) => {
        if (inFlight.has(userId)) {
          conflicts++;
          return 'conflict';
        }
        inFlight.add(userId);
        try {
          await new Promise((r) => setTimeout(r, 1));
          return await fire(userId, firing);
        } finally {
          inFlight.delete(userId);
        }
      },
    };
    for (const user of ['u1', 'u2']) for (let i = 0; i < 20; i++) await createAlert(deps, user, { condition: spyAbove600 });
    const report = await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(report.fired).toHaveLength(40);
    expect([mem.notes('u1').length, mem.notes('u2').length]).toEqual([20, 20]);
    expect(conflicts).toBe(0);
  });

  it("counts an alert lost to the learner's changes at every try as unsettled, and one they paused meanwhile as decided", async () => {
    const { deps, mem } = setup();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createAlert(deps, 'u1', { condition: spyAbove600 }));
    const [busy, paused] = made.map((m) => (m.ok ? m.value.id : ''));
    const fire = mem.repo.fire;
    deps.repo = {
      ...mem.repo,
      // Every try at `busy` meets a change made at the same moment; `paused` is paused just before its first firing lands.
      fireTogether: async () => false,
      fire: async (userId, firing) => {
        if (firing.next.id === busy) return 'conflict';
        if (firing.next.id === paused) {
          await setAlertStatus(deps, userId, paused!, 'paused');
          return 'conflict';
        }
        return fire(userId, firing);
      },
    };
    const report = await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(report).toMatchObject({ evaluated: 3, unsettled: 1 });
    expect(report.fired).toHaveLength(1);
  });

  it('two deliveries at the same moment write one notification', async () => {
    const { deps, mem } = setup();
    await createAlert(deps, 'u1', { condition: spyAbove600, repeat: 'daily' });
    const [a, b] = await Promise.all([
      evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] }),
      evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] }),
    ]);
    expect(a.fired.length + b.fired.length).toBe(1);
    expect(mem.notes('u1')).toHaveLength(1);
  });

  it('a repeating alert fires again on the next trading day whose figures meet it', async () => {
    const { deps, mem } = setup({ underlyingDay: async () => ({ close: 50, previousClose: 50, ivRank: 70 }) });
    await createAlert(deps, 'u1', { condition: { kind: 'iv-rank', underlying: 'SPY', direction: 'above', level: 60 }, repeat: 'daily' });
    await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    await evaluateAlerts(deps, { tradingDay: '2026-11-27', underlyings: ['SPY'] });
    expect(mem.notes('u1').map((n) => n.tradingDay)).toEqual([DAY, '2026-11-27']);
  });

  it('checks only the underlyings the run stored, and never paused alerts', async () => {
    const { deps, mem } = setup();
    await createAlert(deps, 'u1', { condition: { ...spyAbove600, underlying: 'QQQ' } });
    const paused = await createAlert(deps, 'u2', { condition: spyAbove600 });
    if (!paused.ok) throw new Error('expected an alert');
    await setAlertStatus(deps, 'u2', paused.value.id, 'paused');
    expect(await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] })).toMatchObject({ evaluated: 0, fired: [] });
    expect(mem.notes('u1')).toEqual([]);
  });

  it("reads each learner's own position for a P&L alert", async () => {
    const contract = 'SPY261218C00600000';
    const reads: string[] = [];
    const { deps, mem } = setup({
      positions: async (userId) => {
        reads.push(userId);
        return new Map(userId === 'u1' ? [[contract, { quantity: 1, unrealizedPnl: 250 }]] : []);
      },
    });
    for (const u of ['u1', 'u2']) await createAlert(deps, u, { condition: { kind: 'position-pnl', contract, direction: 'gain', amount: 200 } });
    await createAlert(deps, 'u1', { condition: { kind: 'expiry', contract, tradingDays: 5 } });
    await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(reads.sort()).toEqual(['u1', 'u2']);
    expect(mem.notes('u1')).toHaveLength(1);
    expect(mem.notes('u2')).toEqual([]);
    expect(mem.notes('u1')[0]!.link).toBe('/app/portfolio');
  });

  it('reads each figure once per run, however many alerts read it', async () => {
    let reads = 0;
    const { deps } = setup({
      underlyingDay: async () => {
        reads++;
        return { close: 590, previousClose: 580, ivRank: 10 };
      },
    });
    for (let i = 0; i < 40; i++) await createAlert(deps, `u${i}`, { condition: spyAbove600 });
    await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(reads).toBe(1);
  });
});

describe('notifications', () => {
  it('counts unread, marks one and then all read; another learner cannot mark them', async () => {
    const { deps } = setup({ underlyingDay: async () => ({ close: 50, previousClose: 50, ivRank: 70 }) });
    await createAlert(deps, 'u1', { condition: { kind: 'iv-rank', underlying: 'SPY', direction: 'above', level: 60 } });
    await createAlert(deps, 'u1', { condition: { kind: 'iv-rank', underlying: 'SPY', direction: 'above', level: 65 } });
    await evaluateAlerts(deps, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(await unreadCount(deps.repo, 'u1')).toEqual({ unread: 2 });
    const { notifications } = await listNotifications(deps.repo, 'u1');
    expect(await markNotificationRead(deps, 'u2', notifications[0]!.id)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await markNotificationRead(deps, 'u1', notifications[0]!.id)).toEqual({ ok: true, value: { unread: 1 } });
    expect(await markAllNotificationsRead(deps, 'u1')).toEqual({ ok: true, value: { marked: 1, unread: 0 } });
    expect((await listNotifications(deps.repo, 'u1')).notifications.every((n) => n.readAt !== null)).toBe(true);
  });
});
