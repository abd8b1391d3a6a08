import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { fileMailer } from '../../../../functions/adapters/mail/file-mailer';
import { sesMailer } from '../../../../functions/adapters/mail/ses-mailer';

const message = {
  to: 'ada@example.com',
  subject: 'Options Academy alert: SPY closed above $600.00',
  text: 'SPY closed at $601.50',
  html: '<p>SPY closed at $601.50</p>',
  unsubscribeUrl: 'https://academy.example/api/notifications/unsubscribe?token=t',
};

describe('the local mail stand-in', () => {
  it('writes each message to a file of its own and lists them newest first', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'mail-')), 'mail');
    let t = Date.parse('2026-11-25T22:00:00.000Z');
    let n = 0;
    const mailer = fileMailer(dir, { now: () => new Date((t += 1000)), newId: () => `m${++n}` });
    expect(await mailer.list()).toEqual([]);
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'second' });
    const listed = await mailer.list();
    expect(listed.map((m) => m.subject)).toEqual(['second', message.subject]);
    expect(listed[1]).toMatchObject({ id: 'm1', to: 'ada@example.com', unsubscribeUrl: message.unsubscribeUrl });
  });
});

describe('the SES v2 adapter', () => {
  it('sends from the identity through the configuration set, with both parts and the one-click unsubscribe headers', async () => {
    const sent: SendEmailCommand[] = [];
    const mailer = sesMailer({ send: async (c: unknown) => void sent.push(c as SendEmailCommand) } as never, {
      from: 'alerts@academy.example',
      configurationSet: 'options-academy-prod-mail',
    });
    await mailer.send(message);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.input).toMatchObject({
      FromEmailAddress: 'alerts@academy.example',
      Destination: { ToAddresses: ['ada@example.com'] },
      ConfigurationSetName: 'options-academy-prod-mail',
      Content: {
        Simple: {
          Subject: { Data: message.subject },
          Body: { Text: { Data: message.text }, Html: { Data: message.html } },
          Headers: [
            { Name: 'List-Unsubscribe', Value: `<${message.unsubscribeUrl}>` },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
        },
      },
    });
  });
});
