/**
 * The product's waits the test stacks shorten (a stack may only shorten them, functions/commons/shortened.ts): the
 * admin-group cache (60 s, functions/sessions.ts), so the test that a removed operator is shut out once the cache time
 * is over waits 3 s, not a minute; and the account deletion's settle time (30 s, shared/users/privacy.ts), 8 s.
 */
export const ADMIN_GROUP_CACHE_SECONDS_IN_TESTS = 3;
export const SHORTENED_WAITS = {
  ADMIN_GROUP_CACHE_SECONDS: String(ADMIN_GROUP_CACHE_SECONDS_IN_TESTS),
  DELETION_SETTLE_SECONDS: '8',
};

/** The integration stack: the shortened waits, and the TTL sweep every second. */
export const INTEGRATION_STACK_ENV = { TTL_SWEEP_SECONDS: '1', ...SHORTENED_WAITS };
