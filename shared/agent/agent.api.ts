import { z } from 'zod';
import { defineApi } from '../api/contract';
import { AGENT_SCOPES, AGENT_TOKEN_EXPIRY_DAYS, AGENT_TOKEN_NAME_MAX, AGENT_TOKEN_NAME_PATTERN, MAX_AGENT_TOKENS } from './token';

/** The learner's personal access tokens (issue 34): created, listed and revoked from /app/agent, in the browser only. */
export const AgentTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(AGENT_SCOPES)),
  lastFour: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const CreateAgentTokenBody = z
  .object({
    // Not trimmed: the API document can say only what the schema checks, so a name with a leading space is refused, not changed.
    name: z
      .string()
      .min(1, 'must not be empty')
      .max(AGENT_TOKEN_NAME_MAX, `must be at most ${AGENT_TOKEN_NAME_MAX} characters`)
      .regex(AGENT_TOKEN_NAME_PATTERN, 'must start with a letter or digit and hold only letters, digits, spaces, dots, dashes and underscores'),
    scopes: z
      .array(z.enum(AGENT_SCOPES, { error: "must be 'read' or 'trade'" }))
      .min(1, 'choose at least one scope')
      .max(AGENT_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'must not repeat a scope'),
    expiresInDays: z.union(AGENT_TOKEN_EXPIRY_DAYS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<365>], {
      error: `must be ${AGENT_TOKEN_EXPIRY_DAYS.join(', ')} days`,
    }),
  })
  .strict();
export type CreateAgentTokenBody = z.infer<typeof CreateAgentTokenBody>;

const TokenId = z.object({ id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a token id') });

export const agentApi = defineApi({
  'GET /api/agent/tokens': {
    auth: 'user',
    summary: "The learner's personal access tokens (never the token or its hash)",
    response: z.object({ tokens: z.array(AgentTokenSchema), max: z.number() }),
  },
  'POST /api/agent/tokens': {
    auth: 'user',
    summary: `Create a personal access token (at most ${MAX_AGENT_TOKENS} a learner); the answer is the only time the token is shown`,
    body: CreateAgentTokenBody,
    response: z.object({ token: AgentTokenSchema, secret: z.string() }),
    status: 201,
    errors: [409],
  },
  'DELETE /api/agent/tokens/{id}': {
    auth: 'user',
    summary: 'Revoke a token at once',
    params: TokenId,
    status: 204,
    errors: [404],
  },
});
