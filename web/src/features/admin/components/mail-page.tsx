import { useSentMail } from '@web/api/admin-mail';
import { QueryState } from '@web/components/query-state';
import { usePageMeta } from '@web/lib/page-meta';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/**
 * /app/admin/mail (operators): the alert e-mails the local stack's mail stand-in wrote, newest first (time, to, subject;
 * the body on open), so the path from a fired alert to the learner's inbox can be seen without sending anything. In AWS
 * the messages go through Amazon SES and are not kept here: the page says so.
 */
export function MailPage() {
  usePageMeta({ title: 'Sent mail', description: 'Alert e-mails of the local stack.', path: '/app/admin/mail', noindex: true });
  const q = useSentMail();
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Sent mail</h1>
        <p className="text-slate-700">Alert e-mails, newest first.</p>
      </header>
      <section aria-labelledby="mail-h" className={card}>
        <h2 id="mail-h" className="text-lg font-semibold">
          Messages
        </h2>
        <QueryState query={q}>
          {(data) =>
            data.source !== 'local' ? (
              <p className="mt-2 text-sm text-slate-800">
                {data.source === 'ses'
                  ? 'Here alert e-mails are sent through Amazon SES, which keeps no copy this page could list: look at the configuration set’s sending events in SES.'
                  : 'No mailer is configured here, so no alert e-mail is sent (the notifications in the app still are).'}
              </p>
            ) : data.messages.length === 0 ? (
              <p className="mt-2 text-sm text-slate-800">No alert e-mail yet. The local stack writes each one to the mail folder of its data directory.</p>
            ) : (
              <>
                <p className="mt-2 text-sm text-slate-700">
                  The local stack writes each message to the mail folder of its data directory; nothing leaves the machine.
                </p>
                <ul className="mt-3 divide-y divide-slate-200" data-testid="sent-mail">
                  {data.messages.map((m) => (
                    <li key={m.id} className="py-2">
                      <details>
                        <summary className="cursor-pointer text-sm">
                          <time dateTime={m.sentAt} className="text-slate-600">
                            {new Date(m.sentAt).toLocaleString()}
                          </time>{' '}
                          · <span className="text-slate-800">{m.to}</span> · <span className="font-medium text-slate-900">{m.subject}</span>
                        </summary>
                        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{m.text}</pre>
                      </details>
                    </li>
                  ))}
                </ul>
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
