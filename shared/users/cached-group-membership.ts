import type { Clock } from '../ports/clock.port';
import type { GroupMembership } from './group-membership.port';
import { BoundedMap } from '../bounded-map';

/**
 * Remembers each user's groups for `ttlMs` after the pool answered, so an operator's clicks do not each cost a call to
 * Cognito, and a removal reaches them within `ttlMs`. Lookups for one user at the same moment share one call; a failed
 * lookup is not remembered. At most `maxUsers` are kept (the oldest answer goes first).
 */
export function cachedGroupMembership(inner: GroupMembership, opts: { clock: Clock; ttlMs: number; maxUsers?: number }): GroupMembership {
  const maxUsers = opts.maxUsers ?? 1000;
  const entries = new BoundedMap<string, { at: number; groups: Promise<readonly string[]> }>(maxUsers);
  return {
    groupsOf(userId) {
      const now = opts.clock.now().getTime();
      const hit = entries.get(userId);
      if (hit && now - hit.at < opts.ttlMs) return hit.groups;
      const groups = inner.groupsOf(userId);
      entries.set(userId, { at: now, groups });
      groups.catch(() => {
        if (entries.get(userId)?.groups === groups) entries.delete(userId);
      });
      return groups;
    },
  };
}
