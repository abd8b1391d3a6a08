import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '@web/lib/runtime-config';
import { requestPasswordReset, setNewPassword, signInWithEmail, signUpWithEmail } from '../api/auth-api';
import { describeAuthError, MESSAGES, MIN_PASSWORD_LENGTH, validateForm, type AuthFailure, type FormValues } from '../lib/auth-messages';
import { useAuth } from './auth-context';

export type AuthMode = 'signIn' | 'signUp' | 'reset' | 'confirmReset';

export const EMPTY_FORM: FormValues = { fullName: '', email: '', password: '', confirmPassword: '', acceptTerms: false };

/** What a submit in a mode leads to: the next mode, the fields kept, and the lines of the success message. */
export type AuthOutcome = { mode: AuthMode; values: FormValues; success: string[] } | { failure: AuthFailure } | { signedIn: true };

/** Checks the form locally before anything is sent: the same messages the server would answer with, without a round trip. */
export function checkAuthForm(mode: AuthMode, values: FormValues): AuthFailure | null {
  const failure = (message: string): AuthFailure => ({ message, showTips: false });
  if (mode === 'confirmReset') {
    if (!values.email.trim()) return failure(MESSAGES.emailRequired);
    if (values.password.length < MIN_PASSWORD_LENGTH) return failure(MESSAGES.passwordTooShort);
    if (values.password !== values.confirmPassword) return failure(MESSAGES.passwordsDoNotMatch);
    return null;
  }
  const invalid = validateForm(mode, values);
  return invalid ? failure(invalid) : null;
}

/** Sends one mode's request to Cognito (through auth-api) and says what the screen shows next. */
export async function submitAuth(mode: AuthMode, values: FormValues, code: string, emailVerification: boolean | undefined): Promise<AuthOutcome> {
  const keepEmail = { ...EMPTY_FORM, email: values.email };
  if (mode === 'signIn') {
    const result = await signInWithEmail(values.email, values.password);
    if (!result.done && result.nextStep === 'CONFIRM_SIGN_UP') return { failure: { message: MESSAGES.emailNotConfirmed, showTips: false } };
    if (!result.done) return { failure: { message: MESSAGES.signInOther, showTips: false } };
    return { signedIn: true };
  }
  if (mode === 'signUp') {
    const { confirmed } = await signUpWithEmail(values.fullName, values.email, values.password);
    return {
      mode: 'signIn',
      values: keepEmail,
      success:
        confirmed && emailVerification === false
          ? [MESSAGES.signUpSuccess, 'This local copy confirms new accounts at once: you can sign in now.']
          : [MESSAGES.signUpSuccess],
    };
  }
  if (mode === 'reset') {
    await requestPasswordReset(values.email);
    return { mode: 'signIn', values, success: [MESSAGES.resetSent] };
  }
  await setNewPassword(values.email, code, values.password);
  return { mode: 'signIn', values: keepEmail, success: [MESSAGES.passwordUpdated] };
}

/**
 * The sign-in screen's state and what its buttons do (spec part 1 §2): the mode (sign in, sign up, reset, the reset
 * code), the fields, the messages, and a submit that checks, sends and moves to the next mode. The page only lays it out.
 */
export function useAuthForm(initialMode: 'signIn' | 'signUp') {
  const { refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [code, setCode] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthFailure | null>(null);
  const [success, setSuccess] = useState<string[]>([]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  /** /login and /signup are addresses of their own; the reset modes stay on the address they were opened from. */
  const showAddress = (next: AuthMode) => {
    if (next === 'signIn' || next === 'signUp') navigate(next === 'signUp' ? '/signup' : '/login', { replace: true, state: location.state });
  };

  /** Switching mode clears messages and, for sign-up, the fields and the terms box. */
  const switchMode = (next: AuthMode) => {
    setError(null);
    setSuccess([]);
    setShowPassword(false);
    if (next === 'signUp' || mode === 'signUp') setValues((v) => ({ ...EMPTY_FORM, email: next === 'signUp' ? '' : v.email }));
    setMode(next);
    showAddress(next);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSuccess([]);
    const config = runtimeConfig();
    if (!config) return setError({ message: MESSAGES.notConfigured, showTips: false });
    const invalid = checkAuthForm(mode, values);
    if (invalid) return setError(invalid);
    setBusy(true);
    try {
      const outcome = await submitAuth(mode, values, code, config.emailVerification);
      if ('failure' in outcome) setError(outcome.failure);
      else if ('signedIn' in outcome) await refresh();
      else {
        setValues(outcome.values);
        if (mode === 'confirmReset') setCode('');
        setMode(outcome.mode);
        if (mode === 'signUp') showAddress(outcome.mode);
        setSuccess(outcome.success);
      }
    } catch (err) {
      setError(describeAuthError(mode, err));
    } finally {
      setBusy(false);
    }
  };

  const submitLabel = {
    signIn: busy ? 'Signing in...' : 'Sign In',
    signUp: busy ? 'Creating account...' : 'Create Account',
    reset: busy ? 'Sending...' : 'Send Reset Email',
    confirmReset: busy ? 'Saving...' : 'Set New Password',
  }[mode];

  return {
    mode,
    values,
    set,
    code,
    setCode,
    showPassword,
    toggleShowPassword: () => setShowPassword((s) => !s),
    busy,
    error,
    success,
    switchMode,
    onSubmit,
    submitLabel,
  };
}
