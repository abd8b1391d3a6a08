import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Mailer } from '@shared/alerts/mail.port';

/**
 * Amazon SES v2: one SendEmail per message from the verified sending identity, through the configuration set the CDK
 * makes (its events show bounces and complaints), with the one-click unsubscribe headers of RFC 8058 besides the link
 * in the body. (Amazon SES API v2 reference, SendEmail; RFC 8058.)
 */
export function sesMailer(client: Pick<SESv2Client, 'send'>, config: { from: string; configurationSet: string }): Mailer {
  return {
    async send(message) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: config.from,
          Destination: { ToAddresses: [message.to] },
          ConfigurationSetName: config.configurationSet,
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
              Headers: [
                { Name: 'List-Unsubscribe', Value: `<${message.unsubscribeUrl}>` },
                { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
              ],
            },
          },
        }),
      );
    },
  };
}
