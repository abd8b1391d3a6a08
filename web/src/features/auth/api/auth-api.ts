import { confirmResetPassword, resetPassword, signIn, signOut, signUp } from 'aws-amplify/auth';
import { runtimeConfig } from '@web/lib/runtime-config';

/** Thin wrappers over Amplify so the page speaks in the product's terms. */
export async function signInWithEmail(email: string, password: string): Promise<{ done: boolean; nextStep: string }> {
  const authFlowType = runtimeConfig()?.authFlowType ?? 'USER_SRP_AUTH';
  let result;
  try {
    result = await signIn({ username: email.trim(), password, options: { authFlowType } });
  } catch (err) {
    // A stale session from another account must not block signing in.
    if ((err as Error).name !== 'UserAlreadyAuthenticatedException') throw err;
    await signOut();
    result = await signIn({ username: email.trim(), password, options: { authFlowType } });
  }
  return { done: result.isSignedIn, nextStep: result.nextStep.signInStep };
}

export async function signUpWithEmail(fullName: string, email: string, password: string): Promise<{ confirmed: boolean }> {
  const result = await signUp({
    username: email.trim(),
    password,
    options: { userAttributes: { email: email.trim(), name: fullName.trim() } },
  });
  return { confirmed: result.isSignUpComplete };
}

export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email.trim() });
}

export async function setNewPassword(email: string, code: string, newPassword: string): Promise<void> {
  await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
}
