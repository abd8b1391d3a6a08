/**
 * Every message of the sign-in page, word for word from spec part 1 §5 and §8, and the mapping of
 * Cognito's error names onto them. cognito-local answers a wrong password with
 * InvalidPasswordException where Cognito says NotAuthorizedException: both mean bad credentials.
 */
export const MESSAGES = {
  invalidCredentials: 'The email or password you entered is incorrect. Please check your credentials and try again.',
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  tooManyRequests: 'Too many sign-in attempts. Please wait a few minutes before trying again.',
  unavailable: 'Our authentication service is temporarily unavailable. Please try again in a few minutes.',
  signInOther: 'Unable to sign in. Please check your email and password and try again.',
  userExists: 'An account with this email already exists. Please try signing in instead, or use a different email address.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShortServer: 'Password must be at least 6 characters long.',
  signUpOther: 'Unable to create account. Please check your information and try again.',
  resetFailed: 'Failed to send password reset email. Please try again.',
  resetSent: 'Password reset email sent! Check your inbox for instructions.',
  signUpSuccess: 'Welcome! Your account has been created successfully. Check your email to verify your account.',
  network: 'Unable to connect to the authentication service. Please check your internet connection and try again.',
  unexpected: 'An unexpected error occurred. Please try again or contact support if the problem persists.',
  notConfigured: 'Sign-in is not available in this demo environment: the authentication service is not configured.',
  // Validation (spec part 1 §5)
  emailRequired: 'Please enter your email address',
  termsRequired: 'You must accept the Terms and Conditions to create an account',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  fullNameRequired: 'Please enter your full name',
  passwordUpdated: 'Your password has been changed. You can sign in with it now.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;

/** Shown under an invalid-credentials error. */
export const INVALID_CREDENTIAL_TIPS = [
  'Check that Caps Lock is off and the email is spelled correctly.',
  'Passwords are case-sensitive and at least 6 characters long.',
  "Forgot it? Use 'Forgot your password?' to set a new one.",
  "New here? Create a free account with 'Sign up'.",
];

export type AuthOperation = 'signIn' | 'signUp' | 'reset' | 'confirmReset';

export interface AuthFailure {
  message: string;
  /** True for invalid credentials, which the page follows with tips. */
  showTips: boolean;
}

/**
 * The heading over a failure, saying what went wrong. Sign-in failures sit under "Authentication Error" (spec part 1
 * §8); a form check or a sign-up, reset or new-password failure is not about authenticating, so its heading names the
 * problem ("Password too short" over the spec's "Password must be at least 6 characters"), or what did not happen.
 */
const HEADINGS: Partial<Record<string, string>> = {
  [MESSAGES.passwordTooShort]: 'Password too short',
  [MESSAGES.passwordTooShortServer]: 'Password too short',
  [MESSAGES.passwordsDoNotMatch]: 'Passwords differ',
  [MESSAGES.termsRequired]: 'Terms not accepted',
  [MESSAGES.emailRequired]: 'Email address missing',
  [MESSAGES.invalidEmail]: 'Email address not valid',
  [MESSAGES.fullNameRequired]: 'Full name missing',
  [MESSAGES.userExists]: 'Account already exists',
  [MESSAGES.notConfigured]: 'Sign-in unavailable',
};
const MODE_HEADINGS: Record<AuthOperation, string> = {
  signIn: 'Authentication Error',
  signUp: 'Account not created',
  reset: 'Reset email not sent',
  confirmReset: 'Password not changed',
};

export const failureHeading = (operation: AuthOperation, failure: AuthFailure): string =>
  operation === 'signIn' && failure.message !== MESSAGES.notConfigured && failure.message !== MESSAGES.emailRequired
    ? MODE_HEADINGS.signIn
    : (HEADINGS[failure.message] ?? MODE_HEADINGS[operation]);

const UNAVAILABLE = new Set([
  'InternalErrorException',
  'ResourceNotFoundException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
]);
const TOO_MANY = new Set(['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException']);
const NETWORK = new Set(['NetworkError', 'TypeError']);

export function describeAuthError(operation: AuthOperation, error: unknown): AuthFailure {
  const fail = (message: string, showTips = false): AuthFailure => ({ message, showTips });
  if (!(error instanceof Error)) return fail(MESSAGES.unexpected);
  const name = error.name;
  const text = error.message ?? '';
  if (name === 'AuthUserPoolException' || name === 'InvalidUserPoolConfigurationException' || name === 'NotConfigured') return fail(MESSAGES.notConfigured);
  if (NETWORK.has(name) || /failed to fetch|networkerror|network request failed|load failed/i.test(text)) return fail(MESSAGES.network);
  if (UNAVAILABLE.has(name) || /service unavailable|temporarily unavailable/i.test(text)) return fail(MESSAGES.unavailable);
  if (TOO_MANY.has(name) || /attempts exceeded|too many/i.test(text)) {
    return fail(operation === 'signIn' ? MESSAGES.tooManyRequests : operation === 'signUp' ? MESSAGES.signUpOther : MESSAGES.resetFailed);
  }

  switch (operation) {
    case 'signIn':
      if (['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'].includes(name)) return fail(MESSAGES.invalidCredentials, true);
      if (name === 'UserNotConfirmedException') return fail(MESSAGES.emailNotConfirmed);
      return fail(MESSAGES.signInOther);
    case 'signUp':
      if (name === 'UsernameExistsException' || name === 'AliasExistsException') return fail(MESSAGES.userExists);
      if (name === 'InvalidPasswordException') return fail(MESSAGES.passwordTooShortServer);
      if (name === 'InvalidParameterException' && /email/i.test(text)) return fail(MESSAGES.invalidEmail);
      if (name === 'InvalidParameterException' && /password/i.test(text)) return fail(MESSAGES.passwordTooShortServer);
      return fail(MESSAGES.signUpOther);
    case 'reset':
      return fail(MESSAGES.resetFailed);
    case 'confirmReset':
      // Cognito's own words are clear here ("Invalid verification code provided, please try again.").
      return fail(text || MESSAGES.unexpected);
  }
}

export interface FormValues {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

/** Client-side checks before any call (cognito-local does not enforce the password policy). */
export function validateForm(mode: 'signIn' | 'signUp' | 'reset', v: FormValues): string | null {
  if (mode === 'reset') return v.email.trim() ? null : MESSAGES.emailRequired;
  if (!v.email.trim()) return MESSAGES.emailRequired;
  if (mode === 'signIn') return null;
  if (!v.fullName.trim()) return MESSAGES.fullNameRequired;
  if (!v.acceptTerms) return MESSAGES.termsRequired;
  if (v.password !== v.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  if (v.password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
