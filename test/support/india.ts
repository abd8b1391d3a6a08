import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { isNseTradingDay, kolkataInstant, kolkataParts, nextNseTradingDay } from '@shared/market/india/nse-calendar';
import { closingRunDecision } from '@shared/market/india/use-cases/store-closing-chains';
import { cognitoClient, signIn, signUpAndSignIn } from './cognito';
import type { StackInfo } from './local-stack';

/**
 * When the Indian end-of-day job stores chains, whatever the hour the test runs at: now, when it is a trading day in
 * Mumbai outside NSE's session; else 15:45 (the schedule's time) of today while NSE is open, or of the next NSE
 * trading day on a weekend or holiday. Never earlier than now: the stack's clock only moves forward.
 */
export function closingRunInstant(now: Date): Date {
  if (closingRunDecision(now).run) return now;
  const { date } = kolkataParts(now);
  return kolkataInstant(isNseTradingDay(date) ? date : nextNseTradingDay(date), 15, 45);
}

/** Sets the stack's business clock (functions/commons/clock.ts) this far ahead of the machine's; 0 puts it back. */
export async function setStackClockOffset(stack: Pick<StackInfo, 'endpoints'>, offsetMs: number): Promise<void> {
  const res = await fetch(`${stack.endpoints.aws}/_local/clock`, { method: 'POST', body: JSON.stringify({ offsetMs: Math.max(0, Math.round(offsetMs)) }) });
  if (res.status !== 200) throw new Error(`The stack's clock did not move: ${res.status} ${await res.text()}`);
}

/** Fires a job's schedule as the local cron would at its time (the run goes on after the answer). */
export async function tickSchedule(stack: Pick<StackInfo, 'endpoints'>, job: string): Promise<{ ran: boolean }> {
  const res = await fetch(`${stack.endpoints.aws}/_local/scheduler/tick`, { method: 'POST', body: JSON.stringify({ job }) });
  return (await res.json()) as { ran: boolean };
}

/** A new account in the admin group, signed in again so that its token carries the group (as local/make-admin.ts does it). */
export async function signedInOperator(stack: StackInfo): Promise<{ authorization: string }> {
  const admin = await signUpAndSignIn(stack, { name: 'Operator' });
  await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: admin.email, GroupName: 'admin' }));
  return { authorization: `Bearer ${(await signIn(stack, admin.email, admin.password)).idToken}` };
}
