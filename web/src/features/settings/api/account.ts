import { signOut, updatePassword, updateUserAttributes } from 'aws-amplify/auth';
import type { SignOutReason } from '@shared/users/sessions';
import { api } from '@web/lib/api-client';

/**
 * The learner's sign-in account in the user pool (Cognito through Amplify): name, password, and signing out on every
 * device. The shell's auth state follows Amplify's Hub events, so a sign-out here lands on the sign-in page.
 */
export async function changeName(name: string): Promise<void> {
  await updateUserAttributes({ userAttributes: { name: name.trim() } });
}

/** A new password signs out everywhere, this browser included: whoever knew the old one may hold a session. */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
  await signOutEverywhere('password_changed');
}

/**
 * Signs out on every device: the server revokes every refresh token of the learner and, within 15 s, refuses every
 * token issued before now (POST /api/me/sign-out-everywhere); then this browser forgets its own session.
 */
export async function signOutEverywhere(reason: SignOutReason = 'sign_out_everywhere'): Promise<void> {
  await api.post('/api/me/sign-out-everywhere', { reason });
  await signOut();
}

/** Cognito's and cognito-local's refusals, in the product's words. */
export function accountError(err: unknown): string {
  const name = (err as Error)?.name ?? '';
  if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException')
    return name === 'InvalidPasswordException' ? 'Password must be at least 6 characters long.' : 'Your current password is not correct.';
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') return 'Too many attempts. Please wait a few minutes before trying again.';
  return (err as Error)?.message || 'Something went wrong. Please try again.';
}
