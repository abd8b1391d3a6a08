/**
 * What the integration stack is started with: the TTL sweep every second; the admin-group cache (60 s in the product,
 * functions/sessions.ts) shortened to 3 s, so the test that a removed operator is shut out once the cache time is over
 * waits 3 s, not a minute; and the account deletion's settle time (30 s, shared/users/privacy.ts) shortened to 8 s. A
 * stack may only shorten them (functions/commons/shortened.ts).
 */
export const ADMIN_GROUP_CACHE_SECONDS_IN_TESTS = 3;
export const DELETION_SETTLE_SECONDS_IN_TESTS = '8';

export const INTEGRATION_STACK_ENV = {
  TTL_SWEEP_SECONDS: '1',
  ADMIN_GROUP_CACHE_SECONDS: String(ADMIN_GROUP_CACHE_SECONDS_IN_TESTS),
  DELETION_SETTLE_SECONDS: DELETION_SETTLE_SECONDS_IN_TESTS,
};
