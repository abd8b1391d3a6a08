import type { EntrantResult } from './standings';

/** How a deleted learner's row reads on a season's boards and frozen results. */
export const DELETED_ENTRANT = 'Deleted learner';

/**
 * A deleted learner's row in a season's standings or frozen results (account deletion, issue 39): the row stays, so
 * the other entrants' ranks stand as they were, but nothing in it says who it was: its user id becomes `placeholderId`,
 * its name DELETED_ENTRANT, and it is marked hidden; an award key naming the learner is dropped. Null when the record
 * holds no row of the learner (nothing to write, so a repeated deletion changes nothing).
 */
export function withoutEntrant<T extends { results: EntrantResult[]; awards?: string[] }>(record: T, userId: string, placeholderId: string): T | null {
  if (!record.results.some((r) => r.userId === userId) && !record.awards?.some((k) => k.endsWith(`#${userId}`))) return null;
  return {
    ...record,
    results: record.results.map((r) => (r.userId === userId ? { ...r, userId: placeholderId, displayName: DELETED_ENTRANT, hidden: true } : r)),
    ...(record.awards ? { awards: record.awards.filter((k) => !k.endsWith(`#${userId}`)) } : {}),
  };
}
