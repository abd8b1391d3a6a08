import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button, buttonClass } from '@web/components/ui/button';
import { NOTIFY_CONSENT_TEXT } from '@shared/community/notify';
import { ApiError } from '@web/lib/api-client';
import { useNotifySignup } from '../api/notify';
import { THANK_YOU_MS } from '../lib/launch';

/** Who is looking: notify-me is for signed-in learners, at the verified address of their account (issue 16, 9). */
export type NotifyVisitor = { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; email: string };

/**
 * Spec part 3: a notify-me form with a thank-you for 5 s, then the form again. The spec's form sends nothing and asks
 * for any address; here the address is the signed-in learner's own, so nobody can put someone else on the list: a
 * visitor is invited to sign up (and comes back here), a learner confirms with one click.
 */
export function NotifyForm({ visitor }: { visitor: NotifyVisitor }) {
  const location = useLocation();
  const ids = { consent: useId(), error: useId() };
  const [thanked, setThanked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signup = useNotifySignup();

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(null), THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  if (visitor.status === 'loading') return <p className="text-sm text-slate-600">Checking whether you are signed in...</p>;

  if (visitor.status === 'signedOut') {
    // The sign-in page sends the learner back to the page in `from` (after sign-up too).
    const back = { from: { pathname: location.pathname, search: location.search } };
    return (
      <div>
        <p className="text-sm text-slate-700">
          The launch email goes to the address of your Options Academy account, once you have confirmed it. An account is free.
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link to="/signup" state={back} className={buttonClass()}>
            Sign up to be notified
          </Link>
          <Link to="/login" state={back} className="text-sm font-semibold text-brand-800 hover:underline">
            Already have an account? Sign in
          </Link>
        </div>
      </div>
    );
  }

  if (thanked) {
    return (
      <div role="status" className="rounded-xl bg-brand-50 p-5 text-brand-900 ring-1 ring-brand-100">
        <p className="font-semibold">Thank you!</p>
        <p className="mt-1 text-sm">We will email {thanked} once when live trading for Indian markets launches.</p>
      </div>
    );
  }

  const onClick = async () => {
    setError(null);
    try {
      const { email } = await signup.mutateAsync();
      setThanked(email);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 422 ? err.message : 'We could not save your request right now. Please try again in a moment.');
    }
  };

  return (
    <div className="space-y-3">
      <p id={ids.consent} className="text-sm text-slate-700">
        {NOTIFY_CONSENT_TEXT}
      </p>
      <p className="text-sm text-slate-700">
        We will write to <strong className="font-semibold text-slate-900">{visitor.email}</strong>, the address of your account.
      </p>
      <Button onClick={onClick} disabled={signup.isPending} aria-describedby={error ? `${ids.consent} ${ids.error}` : ids.consent}>
        {signup.isPending ? 'Sending...' : 'Notify me'}
      </Button>
      {error && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
