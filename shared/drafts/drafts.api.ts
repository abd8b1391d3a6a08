import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { isIsoDate } from '../market/dates';
import { cleanText } from '../text/clean-text';
import { MAX_DRAFT_LEGS, type Draft, type DraftLeg } from './drafts';

/** The strategy builder's drafts (issue 7): saved per learner, listed newest first, reopened, renamed, deleted. */
const Ticker = z.string().regex(/^[A-Z][A-Z.]{0,9}$/, 'must be an upper-case ticker such as SPY');
const IsoTime = z.string();

export const DraftLegSchema = z.object({
  action: z.enum(['buy', 'sell'], { error: "must be 'buy' or 'sell'" }),
  optionType: z.enum(['call', 'put'], { error: "must be 'call' or 'put'" }),
  strike: z.number().positive('must be above zero').max(1_000_000),
  premium: z.number().min(0, 'cannot be negative').max(100_000),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000),
  expiration: z
    .string()
    .refine(isIsoDate, 'must be a date in the form YYYY-MM-DD')
    .meta({ format: 'date', examples: ['2027-01-15'] }),
  underlying: Ticker,
  contractTicker: z.string().max(30).optional(),
});

export const DraftBody = z.object({
  // Cleaned before the length check (shared/text/clean-text.ts), so the document's input is any string.
  name: z
    .string()
    .meta({
      description: 'At most 80 characters once cleaned (control, format and zero-width characters removed, spaces collapsed); blank keeps the default name',
    })
    .transform(cleanText)
    .pipe(z.string().max(80, 'at most 80 characters'))
    .optional(),
  underlying: Ticker,
  // The template's name; it names the draft when no name is given, so it is cleaned the same way.
  strategy: z.string().transform(cleanText).pipe(z.string().max(60, 'at most 60 characters')).nullable().optional(),
  multiplier: z
    .union([1, 2, 3, 4, 5, 10].map((m) => z.literal(m)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>], { error: 'must be 1, 2, 3, 4, 5 or 10' })
    .default(1),
  legs: z.array(DraftLegSchema).min(1, 'a draft needs at least one leg').max(MAX_DRAFT_LEGS, `a draft holds at most ${MAX_DRAFT_LEGS} legs`),
});
export type DraftBody = z.infer<typeof DraftBody>;

const DraftId = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a draft id') });

export const DraftSchema = z.object({
  draftId: z.string(),
  name: z.string(),
  underlying: z.string(),
  strategy: z.string().nullable(),
  multiplier: z.number(),
  legs: z.array(
    z.object({
      action: z.enum(['buy', 'sell']),
      optionType: z.enum(['call', 'put']),
      strike: z.number(),
      premium: z.number(),
      quantity: z.number(),
      expiration: z.string(),
      underlying: z.string(),
      contractTicker: z.string().optional(),
    }),
  ),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

export const draftsApi = defineApi({
  'GET /api/drafts': { auth: 'user', summary: "The learner's drafts, newest first", response: z.object({ drafts: z.array(DraftSchema) }) },
  'POST /api/drafts': {
    auth: 'user',
    summary: 'Save a draft (at most 50 a learner; named after the underlying and strategy when no name is given)',
    body: DraftBody,
    response: z.object({ draft: DraftSchema }),
    status: 201,
    errors: [409],
  },
  'PUT /api/drafts/{id}': {
    auth: 'user',
    summary: 'Replace a draft (a blank name keeps the old one)',
    params: DraftId,
    body: DraftBody,
    response: z.object({ draft: DraftSchema }),
    errors: [404],
  },
  'DELETE /api/drafts/{id}': { auth: 'user', summary: 'Delete a draft', params: DraftId, status: 204, errors: [404] },
});

type _Draft = Expect<Equal<z.infer<typeof DraftSchema>, Draft>>;
type _Leg = Expect<Equal<z.infer<typeof DraftLegSchema>, DraftLeg>>;
