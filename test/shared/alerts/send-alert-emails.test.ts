import { describe, expect, it } from 'vitest';
import type { AlertCondition } from '@shared/alerts/alert';
import type { MailMessage } from '@shared/alerts/mail.port';
import { createAlert } from '@shared/alerts/use-cases/create-alert';
import type { EvaluateDeps } from '@shared/alerts/use-cases/deps';
import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import { sendAlertEmails, type AlertMailDeps } from '@shared/alerts/use-cases/send-alert-emails';
import { setAlertEmail } from '@shared/alerts/use-cases/set-email';
import { fixedClock } from '@shared/ports/clock.port';
import { memoryAlertsRepo } from './memory-alerts-repo';

const DAY = '2026-11-25';
const spyAbove600: AlertCondition = { kind: 'price-cross', underlying: 'SPY', direction: 'above', level: 600 };

function setup(opts: { addresses?: Record<string, string | null>; failSend?: boolean } = {}) {
  const mem = memoryAlertsRepo();
  let n = 0;
  const evaluate: EvaluateDeps = {
    repo: mem.repo,
    clock: fixedClock('2026-11-25T22:00:00.000Z'),
    ids: { newId: () => `id${String(++n).padStart(6, '0')}` },
    figures: {
      underlyingDay: async () => ({ close: 601.5, previousClose: 598, ivRank: 40 }),
      contractMark: async () => null,
      positions: async () => new Map(),
    },
  };
  const sent: MailMessage[] = [];
  const addresses = opts.addresses ?? { u1: 'ada@example.com', u2: 'grace@example.com' };
  const mail: AlertMailDeps = {
    repo: mem.repo,
    recipients: { verifiedEmail: async (userId) => addresses[userId] ?? null },
    mailer: {
      send: async (m) => {
        if (opts.failSend) throw new Error('SES throttled');
        sent.push(m);
      },
    },
    links: {
      siteUrl: () => 'https://academy.example',
      unsubscribeUrls: async (userId) => ({
        page: `https://academy.example/unsubscribe?token=t-${userId}`,
        oneClick: `https://academy.example/api/unsubscribe?token=t-${userId}`,
      }),
    },
  };
  const run = async () => sendAlertEmails(mail, (await evaluateAlerts(evaluate, { tradingDay: DAY, underlyings: ['SPY'] })).fired);
  return { evaluate, mail, mem, sent, run };
}

describe('e-mailing fired alerts', () => {
  it('sends one e-mail to the learner who turned e-mails on, at their confirmed address, saying what happened', async () => {
    const { evaluate, sent, run } = setup();
    await createAlert(evaluate, 'u1', { condition: spyAbove600 });
    await setAlertEmail(evaluate, 'u1', true);
    expect(await run()).toEqual({ sent: 1, skipped: 0, duplicates: 0, failed: [] });
    expect(sent).toHaveLength(1);
    const [m] = sent;
    expect(m!.to).toBe('ada@example.com');
    expect(m!.subject).toBe('Options Academy alert: SPY closed above $600.00');
    expect(m!.text).toContain('SPY closed at $601.50');
    expect(m!.text).toContain('https://academy.example/app/optionschain?ticker=SPY');
    expect(m!.text).toContain('https://academy.example/unsubscribe?token=t-u1');
    expect(m!.html).toContain('https://academy.example/unsubscribe?token=t-u1');
    expect(m!.unsubscribeUrl).toBe('https://academy.example/api/unsubscribe?token=t-u1');
  });

  it('sends nothing to a learner with e-mails off (the default) or without a confirmed address', async () => {
    const { evaluate, sent, run } = setup({ addresses: { u1: 'ada@example.com', u2: null } });
    await createAlert(evaluate, 'u1', { condition: spyAbove600 });
    await createAlert(evaluate, 'u2', { condition: spyAbove600 });
    await setAlertEmail(evaluate, 'u2', true);
    expect(await run()).toMatchObject({ sent: 0, skipped: 2 });
    expect(sent).toEqual([]);
  });

  it('sends the e-mail of an alert and trading day once, however often the fired list is handed over', async () => {
    const { evaluate, mail, sent } = setup();
    await createAlert(evaluate, 'u1', { condition: spyAbove600 });
    await setAlertEmail(evaluate, 'u1', true);
    const { fired } = await evaluateAlerts(evaluate, { tradingDay: DAY, underlyings: ['SPY'] });
    await sendAlertEmails(mail, fired);
    expect(await sendAlertEmails(mail, fired)).toMatchObject({ sent: 0, duplicates: 1 });
    await Promise.all([sendAlertEmails(mail, fired), sendAlertEmails(mail, fired)]);
    expect(sent).toHaveLength(1);
  });

  it('a redelivered ingestion fires nothing and so sends nothing', async () => {
    const { evaluate, sent, run } = setup();
    await createAlert(evaluate, 'u1', { condition: spyAbove600 });
    await setAlertEmail(evaluate, 'u1', true);
    await run();
    expect(await run()).toEqual({ sent: 0, skipped: 0, duplicates: 0, failed: [] });
    expect(sent).toHaveLength(1);
  });

  it('a send that fails after its record is reported and not tried again', async () => {
    const { evaluate, mem, run } = setup({ failSend: true });
    await createAlert(evaluate, 'u1', { condition: spyAbove600 });
    await setAlertEmail(evaluate, 'u1', true);
    const report = await run();
    expect(report.sent).toBe(0);
    expect(report.failed).toEqual([{ userId: 'u1', alertId: expect.any(String), error: 'SES throttled' }]);
    expect(mem.mailed.size).toBe(1);
    expect(mem.notes('u1')).toHaveLength(1);
    expect(await run()).toMatchObject({ sent: 0, failed: [] });
  });
});
