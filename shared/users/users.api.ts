import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import type { Me } from './profile';

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

export const usersApi = defineApi({
  'GET /api/me': { auth: 'user', summary: 'The signed-in user, their groups and profile', response: MeSchema },
});

type _Me = Expect<Equal<z.infer<typeof MeSchema>, Me>>;
