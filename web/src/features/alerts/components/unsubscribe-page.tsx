import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { UNSUBSCRIBED_PAGE } from '@shared/alerts/messages';
import { unsubscribeWithToken } from '@web/api/notifications';
import { usePageMeta } from '@web/lib/page-meta';

/**
 * /unsubscribe?token=…: the page an alert e-mail's unsubscribe link opens, without signing in. It turns the learner's
 * alert e-mails off once (the token can do nothing else) and says what happened; a bad or altered link says so and
 * points to Settings.
 */
export function UnsubscribePage() {
  usePageMeta({ title: 'Alert e-mails', description: 'Turn Options Academy alert e-mails off.', path: '/unsubscribe' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const off = useMutation({ mutationFn: unsubscribeWithToken });
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    off.mutate(token);
  }, [token, off]);

  const message = !token ? UNSUBSCRIBED_PAGE.refused : off.isSuccess ? off.data.message : off.isError ? off.error.message : 'Turning alert e-mails off…';
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-semibold text-slate-900">Alert e-mails</h1>
      <p role="status" aria-live="polite" className="mt-4 text-slate-700">
        {message}
      </p>
      <p className="mt-6">
        <Link to="/app/settings" className="text-blue-700 hover:underline">
          Open Settings
        </Link>
      </p>
    </main>
  );
}
