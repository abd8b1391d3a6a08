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

/** The steps of the operator's morning Kite login as a browser takes them, each answer kept for the caller to check. */
export interface KiteMorningLogin {
  /** POST /api/admin/kite/login: 200 with the login URL at Kite's (the stand-in's) login page. */
  start: Response;
  loginUrl: string;
  /** Kite's login page: a 302 back to the app's registered redirect URL with a request token. */
  kitePage: Response;
  /** That redirect, sent to the gateway the caller knows (the stand-in names it `localhost`). */
  callback: string;
  /** The callback's answer: a 302 to /app/config saying how the login went. */
  result: Response;
}

/** Drives the operator's morning login against the stack's Kite stand-in (/app/config's button, Kite's page, the callback). */
export async function kiteMorningLogin(stack: Pick<StackInfo, 'url'>, operator: { authorization: string }): Promise<KiteMorningLogin> {
  const start = await fetch(`${stack.url}/api/admin/kite/login`, { method: 'POST', headers: operator });
  const { loginUrl } = start.status === 200 ? ((await start.json()) as { loginUrl: string }) : { loginUrl: '' };
  if (!loginUrl) throw new Error(`POST /api/admin/kite/login answered ${start.status}`);
  const kitePage = await fetch(loginUrl, { redirect: 'manual' });
  const redirect = new URL(kitePage.headers.get('location') ?? `${stack.url}/`);
  const callback = `${stack.url}${redirect.pathname}${redirect.search}`;
  const result = await fetch(callback, { redirect: 'manual' });
  return { start, loginUrl, kitePage, callback, result };
}
