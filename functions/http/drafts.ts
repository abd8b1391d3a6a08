import { ulid } from 'ulid';
import { z } from 'zod';
import { defaultDraftName, MAX_DRAFT_LEGS, MAX_DRAFTS, type Draft, type DraftRepository } from '@shared/drafts/drafts';
import { isIsoDate } from '@shared/market/dates';
import type { Clock } from '@shared/ports/clock.port';
import { dynamoDraftRepository } from '../adapters/dynamo/drafts-repository';
import { systemClock } from '../commons/clock';
import { appError } from '../commons/errors';
import { created, failure, httpApi, noContent, ok, route } from '../commons/http';

const Ticker = z.string().regex(/^[A-Z][A-Z.]{0,9}$/, 'must be an upper-case ticker such as SPY');
const Leg = z.object({
  action: z.enum(['buy', 'sell'], { error: "must be 'buy' or 'sell'" }),
  optionType: z.enum(['call', 'put'], { error: "must be 'call' or 'put'" }),
  strike: z.number().positive('must be above zero').max(1_000_000),
  premium: z.number().min(0, 'cannot be negative').max(100_000),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1000),
  expiration: z.string().refine(isIsoDate, 'must be a date in the form YYYY-MM-DD'),
  underlying: Ticker,
  contractTicker: z.string().max(30).optional(),
});
const DraftBody = z.object({
  name: z.string().trim().max(80, 'at most 80 characters').optional(),
  underlying: Ticker,
  strategy: z.string().max(60).nullable().optional(),
  multiplier: z
    .union([1, 2, 3, 4, 5, 10].map((m) => z.literal(m)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<2>], { error: 'must be 1, 2, 3, 4, 5 or 10' })
    .default(1),
  legs: z.array(Leg).min(1, 'a draft needs at least one leg').max(MAX_DRAFT_LEGS, `a draft holds at most ${MAX_DRAFT_LEGS} legs`),
});
const Id = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a draft id') });

/** The builder's drafts: saved per learner, listed newest first, reopened, renamed, deleted. */
export function makeDraftsHandler(deps: { drafts: DraftRepository; clock: Clock; newId: () => string }) {
  const notFound = () => failure(appError('not_found', 'No such draft.'));
  return httpApi({
    'GET /api/drafts': route({ auth: 'user' }, async ({ user }) => ok({ drafts: await deps.drafts.list(user.sub) })),

    'POST /api/drafts': route({ auth: 'user', body: DraftBody }, async ({ user, body }) => {
      if ((await deps.drafts.count(user.sub)) >= MAX_DRAFTS) {
        return failure(appError('conflict', `You have ${MAX_DRAFTS} drafts, the most kept. Delete one to save another.`));
      }
      const at = deps.clock.now().toISOString();
      const draft: Draft = {
        draftId: deps.newId(),
        name: body.name || defaultDraftName(body.underlying, body.strategy ?? null),
        underlying: body.underlying,
        strategy: body.strategy ?? null,
        multiplier: body.multiplier,
        legs: body.legs,
        createdAt: at,
        updatedAt: at,
      };
      await deps.drafts.put(user.sub, draft);
      return created({ draft });
    }),

    'PUT /api/drafts/{id}': route({ auth: 'user', params: Id, body: DraftBody }, async ({ user, params, body }) => {
      const existing = await deps.drafts.get(user.sub, params.id);
      if (!existing) return notFound();
      const draft: Draft = {
        ...existing,
        name: body.name || existing.name,
        underlying: body.underlying,
        strategy: body.strategy ?? null,
        multiplier: body.multiplier,
        legs: body.legs,
        updatedAt: deps.clock.now().toISOString(),
      };
      await deps.drafts.put(user.sub, draft);
      return ok({ draft });
    }),

    'DELETE /api/drafts/{id}': route({ auth: 'user', params: Id }, async ({ user, params }) =>
      (await deps.drafts.delete(user.sub, params.id)) ? noContent() : notFound(),
    ),
  });
}

export const handler = makeDraftsHandler({ drafts: dynamoDraftRepository(), clock: systemClock, newId: () => ulid() });
