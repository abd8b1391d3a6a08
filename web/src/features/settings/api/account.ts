import { signOut, updatePassword, updateUserAttributes } from 'aws-amplify/auth';

/**
 * The learner's sign-in account in the user pool (Cognito through Amplify): name, password, and signing out on every
 * device. The shell's auth state follows Amplify's Hub events, so a sign-out here lands on the sign-in page.
 */
export async function changeName(name: string): Promise<void> {
  await updateUserAttributes({ userAttributes: { name: name.trim() } });
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
}

/** Cognito's global sign-out: every refresh token of the learner is revoked, on every device. */
export async function signOutEverywhere(): Promise<void> {
  await signOut({ global: true });
}

/** This browser only: after the account is deleted, its tokens are worthless anyway. */
export async function signOutHere(): Promise<void> {
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
