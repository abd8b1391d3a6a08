import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import type { Me } from './profile';
import { DELETION_CONFIRMATION } from './privacy';

/** The signed-in user: who the verified token says they are, and their profile item (created on the first call). */
export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    displayName: z.string(),
    groups: z.array(z.string()),
    isAdmin: z.boolean(),
  }),
  profile: z.object({ userId: z.string(), email: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() }),
});

const DeletionView = z.object({
  status: z.enum(['deleting', 'deleted']),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  itemsDeleted: z.number().int(),
  steps: z.array(z.enum(['signed_out', 'broker_keys', 'outside_items', 'items', 'user_pool'])),
  message: z.string(),
});

export const DataExportSchema = z.object({
  exportedAt: z.string(),
  userId: z.string(),
  about: z.string(),
  sections: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});

export const usersApi = defineApi({
  'GET /api/me': { auth: 'user', summary: 'The signed-in user, their groups and profile', response: MeSchema },
  'GET /api/me/export': {
    auth: 'user',
    summary:
      'Everything kept about the learner as one JSON document (profile, paper account, orders, positions, activity, journal, learning, gamification, drafts, compliance log, broker metadata; never a broker key)',
    response: DataExportSchema,
  },
  'POST /api/me/deletion': {
    auth: 'user',
    summary: `Delete the account and every item of it (typed confirmation '${DELETION_CONFIRMATION}'); from this moment the learner's tokens are refused; runs as a job that resumes until done`,
    body: z.object({
      confirmation: z.literal(DELETION_CONFIRMATION, { error: `must be '${DELETION_CONFIRMATION}', typed exactly` }),
    }),
    response: DeletionView,
    status: 202,
  },
  'GET /api/me/deletion': {
    auth: 'user',
    summary: "The account deletion's progress (answers with a deleted account's token too, and resumes the job until it is done)",
    response: DeletionView,
    errors: [404],
  },
});

type _Me = Expect<Equal<z.infer<typeof MeSchema>, Me>>;
