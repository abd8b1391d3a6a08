import { describe, expect, it } from 'vitest';
import { AGENT_TEXTS } from '@shared/agent/agent.errors';
import { createAgentToken } from '@shared/agent/use-cases/create-token';
import { listAgentTokens } from '@shared/agent/use-cases/list-tokens';
import { revokeAgentToken } from '@shared/agent/use-cases/revoke-token';
import { MAX_AGENT_TOKENS } from '@shared/agent/token';
import { agentTokenTestDeps } from '../../support/memory-agent-tokens';

const input = { name: 'my-bot', scopes: ['trade', 'read'] as ('read' | 'trade')[], expiresInDays: 30 as const };

describe('creating a personal access token', () => {
  it('answers the token once and stores only its hash and last four characters', async () => {
    const { deps, tokens } = agentTokenTestDeps();
    const made = await createAgentToken(deps, 'u-1', input);
    if (!made.ok) throw new Error(made.error.message);
    const { secret, token } = made.value;
    expect(secret).toMatch(/^oa_pat_/);
    expect(token).toEqual({
      id: expect.any(String),
      name: 'my-bot',
      scopes: ['read', 'trade'],
      lastFour: secret.slice(-4),
      createdAt: '2026-11-29T12:00:00.000Z',
      expiresAt: '2026-12-29T12:00:00.000Z',
      lastUsedAt: null,
    });
    const [stored] = tokens.byUser.get('u-1')!;
    expect(stored!.hash).toBe(deps.secrets.hash(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(tokens.byHash.get(deps.secrets.hash(secret))).toEqual({ userId: 'u-1', tokenId: token.id });
  });

  it(`keeps at most ${MAX_AGENT_TOKENS} a learner: the next is refused with what to do, and a revoke makes room`, async () => {
    const { deps } = agentTokenTestDeps();
    for (let i = 0; i < MAX_AGENT_TOKENS; i++) expect((await createAgentToken(deps, 'u-1', { ...input, name: `bot ${i}` })).ok).toBe(true);
    const refused = await createAgentToken(deps, 'u-1', { ...input, name: 'one too many' });
    expect(refused).toEqual({ ok: false, error: { code: 'conflict', message: AGENT_TEXTS.tooMany } });
    expect(AGENT_TEXTS.tooMany).toBe('You have 10 tokens, the most a learner keeps. Revoke one (an expired one too) to create another.');
    // Another learner's tokens are counted apart.
    expect((await createAgentToken(deps, 'u-2', input)).ok).toBe(true);
    const { tokens } = await listAgentTokens(deps, 'u-1');
    expect((await revokeAgentToken(deps, 'u-1', tokens[0]!.id)).ok).toBe(true);
    expect((await createAgentToken(deps, 'u-1', { ...input, name: 'now it fits' })).ok).toBe(true);
  });

  it('refuses a token source that makes tokens of the wrong form (a bug, not a learner error)', async () => {
    const { deps } = agentTokenTestDeps();
    await expect(createAgentToken({ ...deps, secrets: { ...deps.secrets, newSecret: () => 'oa_pat_short' } }, 'u-1', input)).rejects.toThrow();
  });
});

describe('listing and revoking', () => {
  it('lists newest first with the most a learner keeps, never a token or a hash', async () => {
    let at = Date.parse('2026-11-29T12:00:00.000Z');
    const { deps } = agentTokenTestDeps({ now: () => new Date((at += 60_000)) });
    const secrets: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      const made = await createAgentToken(deps, 'u-1', { ...input, name });
      if (made.ok) secrets.push(made.value.secret);
    }
    const listed = await listAgentTokens(deps, 'u-1');
    expect(listed.max).toBe(MAX_AGENT_TOKENS);
    expect(listed.tokens.map((t) => t.name)).toEqual(['third', 'second', 'first']);
    const text = JSON.stringify(listed);
    expect(text).not.toContain('hash');
    for (const s of secrets) expect(text).not.toContain(s);
  });

  it("revokes the learner's own token at once; another learner's or an unknown id is no such token", async () => {
    const { deps, tokens } = agentTokenTestDeps();
    const made = await createAgentToken(deps, 'u-1', input);
    if (!made.ok) throw new Error(made.error.message);
    const notFound = { ok: false, error: { code: 'not_found', message: 'No such token.' } };
    expect(await revokeAgentToken(deps, 'u-2', made.value.token.id)).toEqual(notFound);
    expect(await revokeAgentToken(deps, 'u-1', '01JUNKNOWN0000000000000000')).toEqual(notFound);
    expect((await listAgentTokens(deps, 'u-1')).tokens).toHaveLength(1);
    expect(await revokeAgentToken(deps, 'u-1', made.value.token.id)).toEqual({ ok: true, value: null });
    expect((await listAgentTokens(deps, 'u-1')).tokens).toEqual([]);
    expect(tokens.byHash.size).toBe(0);
    expect(await revokeAgentToken(deps, 'u-1', made.value.token.id)).toEqual(notFound);
  });
});
