import { useId, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { usePageMeta } from '@web/lib/page-meta';
import { SESSION_END_SENTENCES } from '@web/lib/session-end';
import { useAuth } from '../hooks/auth-context';
import { useAuthForm, type AuthMode } from '../hooks/use-auth-form';
import { failureHeading, INVALID_CREDENTIAL_TIPS } from '../lib/auth-messages';
import { redirectTarget } from '../lib/redirect';

const TITLES: Record<AuthMode, { heading: string; sub: string }> = {
  signIn: { heading: 'Welcome back', sub: 'Sign in to continue learning and practising with virtual money.' },
  signUp: { heading: 'Create your free account', sub: 'Every feature is free. Practise options trading without risking real money.' },
  reset: { heading: 'Reset your password', sub: "Enter your account's email and we will send you a code to set a new password." },
  confirmReset: { heading: 'Set a new password', sub: 'Enter the code from the email and choose a new password.' },
};

/** /login and /signup: one screen with three modes (spec part 1 §2), plus entering the reset code. */
export function AuthPage({ initialMode }: { initialMode: 'signIn' | 'signUp' }) {
  const { state } = useAuth();
  const location = useLocation();
  const { mode, values, set, code, setCode, showPassword, toggleShowPassword, busy, error, success, switchMode, onSubmit, submitLabel } =
    useAuthForm(initialMode);
  const ids = { name: useId(), email: useId(), password: useId(), confirm: useId(), terms: useId(), code: useId() };

  usePageMeta(
    initialMode === 'signUp'
      ? {
          title: 'Create your free account',
          description: 'Sign up for Options Academy: learn options trading with virtual money, strategy templates and guided lessons.',
          path: '/signup',
        }
      : { title: 'Sign in', description: 'Sign in to Options Academy to continue learning options trading with virtual money.', path: '/login' },
  );

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;

  const passwordField = (id: string, label: string, value: string, onChange: (v: string) => void, autoComplete: string, withToggle: boolean) => (
    <Field id={id} label={label}>
      <div className="relative">
        <input
          id={id}
          type={showPassword ? 'text' : 'password'}
          required
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${INPUT} pr-16`}
        />
        {withToggle && (
          <button
            type="button"
            onClick={toggleShowPassword}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-800 hover:text-brand-900"
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
          >
            {showPassword ? 'Hide' : 'Show'}
          </button>
        )}
      </div>
    </Field>
  );

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-slate-50 via-white to-brand-50 lg:flex-row">
      <aside className="bg-brand-900 px-6 py-8 text-white lg:flex lg:w-[42%] lg:flex-col lg:justify-between lg:px-12 lg:py-12">
        <Link to="/" className="text-xl font-bold tracking-tight">
          Options Academy
        </Link>
        <div className="mt-6 hidden lg:block">
          <p className="text-3xl font-semibold leading-tight">Learn options the safe way: with virtual money, real market mechanics and clear explanations.</p>
          <ul className="mt-8 space-y-3 text-brand-50">
            <li>Options chains with Greeks, explained in plain words</li>
            <li>About 50 strategy templates with payoff and risk analytics</li>
            <li>Paper trading under real pre-trade compliance rules</li>
          </ul>
        </div>
        <p className="mt-4 hidden text-sm text-brand-100 lg:block">All features are free forever. For learning, not for maximising profit.</p>
      </aside>

      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:px-6">
        <div className="w-full max-w-md">
          <Link to="/" className="text-sm font-medium text-brand-800 hover:underline">
            &larr; Back to home
          </Link>
          <div className="mt-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <h1 className="text-2xl font-bold text-slate-900">{TITLES[mode].heading}</h1>
            <p className="mt-1 text-sm text-slate-600">{TITLES[mode].sub}</p>
            {state.ended && mode === 'signIn' && (
              <p role="status" className="mt-5 rounded-lg bg-amber-50 p-4 text-sm font-medium text-amber-900 ring-1 ring-amber-200" data-testid="session-ended">
                {SESSION_END_SENTENCES[state.ended]}
              </p>
            )}

            {success.length > 0 && (
              <div role="status" className="mt-5 rounded-lg bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-100">
                {success.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            {error && (
              <div role="alert" className="mt-5 rounded-lg bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
                <h2 className="font-semibold">{failureHeading(mode, error)}</h2>
                <p className="mt-1">{error.message}</p>
                {error.showTips && (
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">
                    {INVALID_CREDENTIAL_TIPS.map((tip) => (
                      <li key={tip}>{tip}</li>
                    ))}
                  </ul>
                )}
              </div>
            )}

            <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate={false}>
              {mode === 'signUp' && (
                <Field id={ids.name} label="Full name">
                  <input
                    id={ids.name}
                    type="text"
                    required
                    autoComplete="name"
                    value={values.fullName}
                    onChange={(e) => set('fullName', e.target.value)}
                    className={INPUT}
                  />
                </Field>
              )}
              <Field id={ids.email} label="Email">
                <input
                  id={ids.email}
                  type="email"
                  required
                  autoComplete="email"
                  value={values.email}
                  onChange={(e) => set('email', e.target.value)}
                  className={INPUT}
                />
              </Field>
              {mode === 'confirmReset' && (
                <Field id={ids.code} label="Code from the email">
                  <input
                    id={ids.code}
                    type="text"
                    inputMode="numeric"
                    required
                    autoComplete="one-time-code"
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    className={INPUT}
                  />
                </Field>
              )}
              {mode !== 'reset' &&
                passwordField(
                  ids.password,
                  mode === 'confirmReset' ? 'New password' : 'Password',
                  values.password,
                  (v) => set('password', v),
                  mode === 'signIn' ? 'current-password' : 'new-password',
                  true,
                )}
              {(mode === 'signUp' || mode === 'confirmReset') &&
                passwordField(ids.confirm, 'Confirm password', values.confirmPassword, (v) => set('confirmPassword', v), 'new-password', false)}
              {mode === 'signUp' && (
                <div className="flex items-start gap-3">
                  <input
                    id={ids.terms}
                    type="checkbox"
                    checked={values.acceptTerms}
                    onChange={(e) => set('acceptTerms', e.target.checked)}
                    className="mt-1 h-4 w-4 rounded border-slate-400 accent-brand-700"
                  />
                  <label htmlFor={ids.terms} className="text-sm text-slate-700">
                    I agree to the{' '}
                    <Link to="/terms" target="_blank" className="font-medium text-brand-800 underline">
                      Terms and Conditions
                    </Link>{' '}
                    and the{' '}
                    <Link to="/privacy" target="_blank" className="font-medium text-brand-800 underline">
                      Privacy Policy
                    </Link>
                    .
                  </label>
                </div>
              )}

              {mode === 'signIn' && (
                <div className="text-right">
                  <button type="button" onClick={() => switchMode('reset')} className="text-sm font-medium text-brand-800 hover:underline">
                    Forgot your password?
                  </button>
                </div>
              )}

              <Button type="submit" className="w-full" disabled={busy || (mode === 'signUp' && !values.acceptTerms)}>
                {submitLabel}
              </Button>
            </form>

            <div className="mt-6 space-y-2 text-center text-sm text-slate-700">
              {mode === 'signIn' && (
                <p>
                  New to Options Academy?{' '}
                  <button type="button" onClick={() => switchMode('signUp')} className="font-semibold text-brand-800 hover:underline">
                    Sign up
                  </button>
                </p>
              )}
              {mode === 'signUp' && (
                <p>
                  Already have an account?{' '}
                  <button type="button" onClick={() => switchMode('signIn')} className="font-semibold text-brand-800 hover:underline">
                    Sign in
                  </button>
                </p>
              )}
              {(mode === 'reset' || mode === 'confirmReset') && (
                <p>
                  <button type="button" onClick={() => switchMode('signIn')} className="font-semibold text-brand-800 hover:underline">
                    Back to sign in
                  </button>
                </p>
              )}
              {(mode === 'signIn' || mode === 'reset') && (
                <p>
                  Have a reset code?{' '}
                  <button type="button" onClick={() => switchMode('confirmReset')} className="font-semibold text-brand-800 hover:underline">
                    Set a new password
                  </button>
                </p>
              )}
            </div>

            <p className="mt-6 rounded-lg bg-amber-50 p-3 text-xs text-amber-950 ring-1 ring-amber-200">
              <strong>Risk note:</strong> options trading carries substantial risk and is not suitable for every investor. Options Academy is for education
              only, uses virtual money and gives no investment advice.
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}

const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
