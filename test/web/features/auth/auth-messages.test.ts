import { describe, expect, it } from 'vitest';
import { describeAuthError, MESSAGES, validateForm, type FormValues } from '@web/features/auth/lib/auth-messages';
import { redirectTarget } from '@web/features/auth/lib/redirect';

const named = (name: string, message = '') => Object.assign(new Error(message), { name });
const form = (v: Partial<FormValues>): FormValues => ({
  fullName: 'Ada',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  acceptTerms: true,
  ...v,
});

describe('sign-in error messages (spec part 1 §8)', () => {
  it('maps bad credentials from Cognito and from cognito-local to the same message, with tips', () => {
    for (const name of ['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']) {
      expect(describeAuthError('signIn', named(name))).toEqual({ message: MESSAGES.invalidCredentials, showTips: true });
    }
    expect(MESSAGES.invalidCredentials).toBe('The email or password you entered is incorrect. Please check your credentials and try again.');
  });

  it('covers unconfirmed email, throttling, outage, network, other and non-errors', () => {
    expect(describeAuthError('signIn', named('UserNotConfirmedException')).message).toBe(
      'Please check your email and click the confirmation link before signing in.',
    );
    expect(describeAuthError('signIn', named('TooManyRequestsException')).message).toBe(
      'Too many sign-in attempts. Please wait a few minutes before trying again.',
    );
    expect(describeAuthError('signIn', named('NotAuthorizedException', 'Password attempts exceeded')).message).toBe(MESSAGES.tooManyRequests);
    expect(describeAuthError('signIn', named('InternalErrorException')).message).toBe(
      'Our authentication service is temporarily unavailable. Please try again in a few minutes.',
    );
    expect(describeAuthError('signIn', new TypeError('Failed to fetch')).message).toBe(
      'Unable to connect to the authentication service. Please check your internet connection and try again.',
    );
    expect(describeAuthError('signIn', named('SomethingNew')).message).toBe('Unable to sign in. Please check your email and password and try again.');
    expect(describeAuthError('signIn', 'a string was thrown').message).toBe(
      'An unexpected error occurred. Please try again or contact support if the problem persists.',
    );
  });
});

describe('sign-up and reset error messages', () => {
  it('uses the spec texts', () => {
    expect(describeAuthError('signUp', named('UsernameExistsException')).message).toBe(
      'An account with this email already exists. Please try signing in instead, or use a different email address.',
    );
    expect(describeAuthError('signUp', named('InvalidParameterException', 'Invalid email address format.')).message).toBe(
      'Please enter a valid email address.',
    );
    expect(describeAuthError('signUp', named('InvalidPasswordException')).message).toBe('Password must be at least 6 characters long.');
    expect(describeAuthError('signUp', named('Weird')).message).toBe('Unable to create account. Please check your information and try again.');
    expect(describeAuthError('signUp', named('InternalErrorException')).message).toBe(MESSAGES.unavailable);
    expect(describeAuthError('reset', named('LimitExceededException')).message).toBe('Failed to send password reset email. Please try again.');
    expect(MESSAGES.resetSent).toBe('Password reset email sent! Check your inbox for instructions.');
    expect(MESSAGES.signUpSuccess).toBe('Welcome! Your account has been created successfully. Check your email to verify your account.');
  });
});

describe('form validation (spec part 1 §5)', () => {
  it('requires an email to reset', () => {
    expect(validateForm('reset', form({ email: ' ' }))).toBe('Please enter your email address');
    expect(validateForm('reset', form({}))).toBeNull();
  });

  it('checks terms, matching passwords and length on sign-up, in that order', () => {
    expect(validateForm('signUp', form({ acceptTerms: false, password: 'x' }))).toBe('You must accept the Terms and Conditions to create an account');
    expect(validateForm('signUp', form({ confirmPassword: 'other1' }))).toBe('Passwords do not match');
    expect(validateForm('signUp', form({ password: 'abc', confirmPassword: 'abc' }))).toBe('Password must be at least 6 characters');
    expect(validateForm('signUp', form({ fullName: '' }))).toBe('Please enter your full name');
    expect(validateForm('signUp', form({}))).toBeNull();
  });

  it('does not apply sign-up rules to sign-in', () => {
    expect(validateForm('signIn', form({ acceptTerms: false, password: 'abc', confirmPassword: '' }))).toBeNull();
  });
});

describe('redirect after sign-in', () => {
  it('returns to the page the learner came from, else /app', () => {
    expect(redirectTarget({ from: { pathname: '/app/portfolio', search: '?tab=open', hash: '' } })).toBe('/app/portfolio?tab=open');
    expect(redirectTarget(null)).toBe('/app');
    expect(redirectTarget({ from: { pathname: '//evil.example.com' } })).toBe('/app');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/app');
  });
});
