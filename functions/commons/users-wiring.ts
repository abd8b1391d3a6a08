import { cachedGroupMembership } from '@shared/users/cached-group-membership';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { cognitoGroupMembership } from '../adapters/cognito/group-membership';
import { ADMIN_GROUP_CACHE_SECONDS } from '../sessions';
import { systemClock } from './clock';
import { shortenedFromEnv } from './shortened';

let membership: GroupMembership | undefined;

/**
 * The user pool's group membership for admin routes, remembered per user for ADMIN_GROUP_CACHE_SECONDS in this warm
 * Lambda (functions/sessions.ts). One per container, shared by the handlers of a function. A local stack may be started
 * with a shorter time in the variable of the same name (the integration tests use 3 s).
 */
export function adminGroupMembership(): GroupMembership {
  membership ??= cachedGroupMembership(cognitoGroupMembership({ userPoolId: process.env.USER_POOL_ID }), {
    clock: systemClock,
    ttlMs: shortenedFromEnv('ADMIN_GROUP_CACHE_SECONDS', ADMIN_GROUP_CACHE_SECONDS) * 1000,
  });
  return membership;
}
