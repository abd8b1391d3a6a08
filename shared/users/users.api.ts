import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { NO_PUBLIC_PROFILE, type PublicProfile } from './people';
import { PUBLIC_ID, type Me } from './profile';
import { AVATAR_SEED_MAX, BIO_MAX, cleanName, DISPLAY_NAME_MAX, MOTIONS, NUMBER_STYLE_IDS, THEMES, type ProfilePatch } from './profile-settings';
import { DELETION_CONFIRMATION } from './privacy';
import { SIGN_OUT_REASONS } from './sessions';

const Avatar = z.object({ kind: z.enum(['initials', 'identicon']), seed: z.string() });
const Visibility = z.object({ profile: z.boolean(), learning: z.boolean(), gamification: z.boolean(), trading: z.boolean() });
const Display = z.object({ theme: z.enum(THEMES), motion: z.enum(MOTIONS), numberFormat: z.enum(NUMBER_STYLE_IDS) });

/** The signed-in user: who the verified token says they are, and their profile item (stored at sign-in by PUT /api/me). */
export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    displayName: z.string(),
    groups: z.array(z.string()),
    isAdmin: z.boolean(),
  }),
  profile: z.object({
    userId: z.string(),
    publicId: z.string(),
    email: z.string(),
    name: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    displayName: z.string(),
    bio: z.string(),
    avatar: Avatar,
    visibility: Visibility,
    display: Display,
  }),
});

/** A change to the learner's own profile: any of the fields, nested groups key by key; nothing else is accepted. */
export const ProfilePatchSchema = z
  .object({
    displayName: z
      .string()
      .max(200)
      .refine((s) => s === '' || cleanName(s).length > 0, 'must have a letter or digit, or be empty to use your full name')
      .refine((s) => cleanName(s).length <= DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`),
    bio: z.string().max(BIO_MAX, `must be at most ${BIO_MAX} characters`),
    avatar: z
      .object({
        kind: Avatar.shape.kind,
        seed: z.string().regex(new RegExp(`^[a-z0-9]{1,${AVATAR_SEED_MAX}}$`), `must be 1 to ${AVATAR_SEED_MAX} lower-case letters and digits`),
      })
      .partial()
      .strict(),
    visibility: Visibility.partial().strict(),
    display: Display.partial().strict(),
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'must change at least one field');

export const PublicProfileSchema = z.object({
  publicId: z.string(),
  displayName: z.string(),
  avatar: Avatar,
  bio: z.string(),
  memberSince: z.string(),
  isYou: z.boolean(),
  shown: z.object({ learning: z.boolean(), gamification: z.boolean(), trading: z.boolean() }),
  /** The course's own figures (course XP: 100 a module, 25 a journal reflection), apart from the gamification level and XP. */
  learning: z
    .object({
      courseXp: z.number().describe('Course XP: 100 per module completed, 25 per counted journal reflection (not the gamification XP)'),
      lessonsCompleted: z.number(),
      modulesCompleted: z.array(z.object({ id: z.string(), title: z.string() })),
    })
    .optional(),
  gamification: z
    .object({
      level: z.number(),
      levelName: z.string(),
      rank: z.string(),
      globalRank: z.number(),
      achievements: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), rarity: z.string() })),
    })
    .optional(),
  trading: z.object({ closedTrades: z.number(), realizedPnl: z.number(), returnPct: z.number(), maxDrawdown: z.number() }).optional(),
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
  'GET /api/me': {
    auth: 'user',
    summary: "The signed-in user, their groups and profile (a read: before the profile is stored, the one they would get, with publicId '')",
    response: MeSchema,
  },
  'PUT /api/me': {
    auth: 'user',
    summary: "Store the signed-in user's profile: created with its public id at sign-in, email and name kept in step with the token (idempotent)",
    response: MeSchema,
  },
  'PATCH /api/me/profile': {
    auth: 'user',
    summary:
      'Change your display name, bio, avatar, what your public profile shows (learning, gamification, trading figures; all off at first) and display settings (theme, motion, number format)',
    body: ProfilePatchSchema,
    response: MeSchema,
  },
  'GET /api/people/{publicId}': {
    auth: 'user',
    summary: `A learner's public profile: name, avatar, bio, member since, and only the groups they chose to show. A private profile answers 404 ('${NO_PUBLIC_PROFILE}') as an unknown id does`,
    params: z.object({ publicId: z.string().regex(PUBLIC_ID, 'must be a public profile id') }),
    response: PublicProfileSchema,
    errors: [404],
  },
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
  'POST /api/me/sign-out-everywhere': {
    auth: 'user',
    summary:
      'Sign out on every device: the refresh tokens are revoked and, within 15 s, every token issued before this moment is refused (401 `signed_out`), this one included; the web calls it for "Sign out everywhere" and after a password change',
    body: z.object({ reason: z.enum(SIGN_OUT_REASONS) }),
    response: z.object({ signedOutAt: z.iso.datetime() }),
  },
  'GET /api/me/deletion': {
    auth: 'user',
    summary: "The account deletion's progress (answers with a deleted account's token too, and resumes the job until it is done)",
    response: DeletionView,
    errors: [404],
  },
});

type _Me = Expect<Equal<z.infer<typeof MeSchema>, Me>>;
type _Patch = Expect<Equal<z.infer<typeof ProfilePatchSchema>, ProfilePatch>>;
type _Public = Expect<Equal<z.infer<typeof PublicProfileSchema>, PublicProfile>>;
