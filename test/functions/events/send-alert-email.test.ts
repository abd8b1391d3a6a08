import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { AlertCondition } from '@shared/alerts/alert';
import type { MailMessage } from '@shared/alerts/mail.port';
import { createAlert } from '@shared/alerts/use-cases/create-alert';
import type { EvaluateDeps } from '@shared/alerts/use-cases/deps';
import { evaluateAlerts } from '@shared/alerts/use-cases/evaluate-alerts';
import type { AlertMailDeps } from '@shared/alerts/use-cases/send-alert-emails';
import { setAlertEmail } from '@shared/alerts/use-cases/set-email';
import { fixedClock } from '@shared/ports/clock.port';
import { makeSendAlertEmail } from '../../../functions/events/send-alert-email';
import { memoryEventReceipts } from '../../support/memory-event-receipts';
import { memoryAlertsRepo } from '../../shared/alerts/memory-alerts-repo';

const DAY = '2026-11-25';
const spyAbove600: AlertCondition = { kind: 'price-cross', underlying: 'SPY', direction: 'above', level: 600 };
const envelope = (detail: object, id: string = crypto.randomUUID()) => ({ id, 'detail-type': 'AlertFired', source: 'options-academy', detail });

function world() {
  const mem = memoryAlertsRepo();
  const evaluate: EvaluateDeps = {
    repo: mem.repo,
    clock: fixedClock('2026-11-25T22:00:00.000Z'),
    ids: { newId: () => ulid() },
    figures: {
      underlyingDay: async () => ({ close: 601.5, previousClose: 598, ivRank: 40 }),
      contractMark: async () => null,
      positions: async () => new Map(),
    },
  };
  const sent: MailMessage[] = [];
  const mail: AlertMailDeps = {
    repo: mem.repo,
    recipients: { verifiedEmail: async () => 'ada@example.com' },
    mailer: { send: async (m) => void sent.push(m) },
    links: {
      siteUrl: () => 'https://academy.example',
      unsubscribeUrls: async (u) => ({
        page: `https://academy.example/unsubscribe?token=t-${u}`,
        oneClick: `https://academy.example/api/unsubscribe?token=t-${u}`,
      }),
    },
  };
  const handler = makeSendAlertEmail({ mail, notes: mem.repo, receipts: memoryEventReceipts() });
  return { mem, evaluate, sent, handler };
}

describe('sendAlertEmail (AlertFired → the e-mail of a fired alert)', () => {
  it('announces a firing only for a learner who turned e-mails on, in the same write as the notification', async () => {
    const w = world();
    await createAlert(w.evaluate, 'u1', { condition: spyAbove600 });
    await createAlert(w.evaluate, 'u2', { condition: spyAbove600 });
    await setAlertEmail(w.evaluate, 'u1', true);
    const report = await evaluateAlerts(w.evaluate, { tradingDay: DAY, underlyings: ['SPY'] });
    expect(report.fired).toHaveLength(2);
    expect(w.mem.announced.map((e) => e.detail)).toEqual([
      expect.objectContaining({ userId: 'u1', notificationId: w.mem.notes('u1')[0]!.id, tradingDay: DAY }),
    ]);
  });

  it('sends the e-mail once, though the event is delivered twice or announced again under a new id', async () => {
    const w = world();
    await createAlert(w.evaluate, 'u1', { condition: spyAbove600 });
    await setAlertEmail(w.evaluate, 'u1', true);
    // The ingestion's consumer stops right after writing the notification: the e-mail is still owed by the event.
    await evaluateAlerts(w.evaluate, { tradingDay: DAY, underlyings: ['SPY'] });
    const [fired] = w.mem.announced;
    await w.handler(envelope(fired!.detail, 'delivery-1'));
    await w.handler(envelope(fired!.detail, 'delivery-1'));
    await w.handler(envelope({ ...fired!.detail, eventId: '01JBBBBBBBBBBBBBBBBBBBBBBB' }));
    expect(w.sent.map((m) => [m.to, m.subject])).toEqual([['ada@example.com', 'Options Academy alert: SPY closed above $600.00']]);
  });

  it('sends nothing to a learner who turned e-mails off after the alert fired', async () => {
    const w = world();
    await createAlert(w.evaluate, 'u1', { condition: spyAbove600 });
    await setAlertEmail(w.evaluate, 'u1', true);
    await evaluateAlerts(w.evaluate, { tradingDay: DAY, underlyings: ['SPY'] });
    await setAlertEmail(w.evaluate, 'u1', false);
    await w.handler(envelope(w.mem.announced[0]!.detail));
    expect(w.sent).toEqual([]);
  });
});
