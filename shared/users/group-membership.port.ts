/**
 * The groups the user pool has a user in now. A token lists the groups of the moment it was issued; an operator
 * removed from `admin` keeps them in every token until it expires, so admin routes ask the pool itself.
 */
export interface GroupMembership {
  groupsOf(userId: string): Promise<readonly string[]>;
}
