import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventRules } from '../../functions/events/rules';
import { schedules } from '../../functions/jobs/schedules';
import { httpFunctions, routes } from '../../functions/routes';
import type { HttpLambda } from '../../functions/commons/http';
import { REPO_ROOT } from '../support/local-stack';

describe('the route catalog', () => {
  it('names an existing handler file for every function', () => {
    for (const fn of httpFunctions) expect(existsSync(path.join(REPO_ROOT, fn.file)), fn.file).toBe(true);
  });

  it('agrees with each handler on its routes and on who may call them', async () => {
    for (const fn of httpFunctions) {
      const mod = (await import(path.join(REPO_ROOT, fn.file))) as { handler: HttpLambda };
      const served = Object.fromEntries(Object.entries(mod.handler.routes).map(([key, r]) => [key, r.auth]));
      const catalogued = Object.fromEntries(routes.filter((r) => r.fn === fn.id).map((r) => [r.routeKey, r.auth]));
      expect(served, fn.file).toEqual(catalogued);
    }
  });

  it('gives the broker keys to the brokerage function, reading them to the trading function (live orders) and the scheduled broker sync, and deleting them with an account to the privacy function and the deletion’s jobs only', () => {
    const accesses = [
      ...httpFunctions.map((f) => [f.id, f.access] as const),
      ...schedules.map((s) => [s.id, s.access] as const),
      ...eventRules.map((r) => [r.consumer.id, r.consumer.access] as const),
    ];
    expect(accesses.length).toBeGreaterThan(httpFunctions.length);
    expect(accesses.filter(([, access]) => access.brokerSecrets).map(([id, access]) => [id, access.brokerSecrets])).toEqual([
      ['trading', 'read'],
      ['brokerage', 'readwrite'],
      ['privacy', 'readwrite'],
      ['accountDeletions', 'readwrite'],
      ['brokerSync', 'read'],
      ['finishDeletion', 'readwrite'],
    ]);
    expect(accesses.filter(([, access]) => access.userPool).map(([id, access]) => [id, access.userPool])).toEqual([
      ['privacy', 'deleteUsers'],
      ['sessions', 'signOutUsers'],
      ['accountDeletions', 'deleteUsers'],
      // The alert e-mails' consumer reads the learner's confirmed address (AdminGetUser).
      ['sendAlertEmail', 'readEmail'],
      ['finishDeletion', 'deleteUsers'],
    ]);
    expect(accesses.filter(([, access]) => access.mail).map(([id]) => id)).toEqual(['sendAlertEmail']);
    expect(accesses.filter(([, access]) => access.unsubscribeSecret).map(([id]) => id)).toEqual(['unsubscribe', 'sendAlertEmail']);
    // The Kite session is written by the login's callback only; the Indian chain and its end-of-day job read it.
    expect(accesses.filter(([, access]) => access.kiteSecrets).map(([id, access]) => [id, access.kiteSecrets])).toEqual([
      ['kiteLogin', 'login'],
      ['india', 'read'],
      ['indiaEod', 'read'],
    ]);
  });

  it('has unique route keys', () => {
    const keys = routes.map((r) => r.routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
