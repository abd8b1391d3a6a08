import { describe, expect, it } from 'vitest';
import { agentApi, CreateAgentTokenBody } from '@shared/agent/agent.api';

const valid = { name: 'my-bot', scopes: ['read'], expiresInDays: 90 };
const issues = (body: unknown) => {
  const r = CreateAgentTokenBody.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('creating a token: what the body may hold', () => {
  it('takes a name, one or both scopes and an expiry of 30, 90 or 365 days, trimming the name', () => {
    expect(CreateAgentTokenBody.parse({ ...valid, name: '  my bot_1.v2-a  ' })).toEqual({ ...valid, name: 'my bot_1.v2-a' });
    expect(CreateAgentTokenBody.parse({ ...valid, scopes: ['read', 'trade'], expiresInDays: 365 }).scopes).toEqual(['read', 'trade']);
    expect(CreateAgentTokenBody.parse({ ...valid, expiresInDays: 30 }).expiresInDays).toBe(30);
  });

  it('refuses an empty, long or oddly written name', () => {
    expect(issues({ ...valid, name: '   ' })[0]).toBe('name: must not be empty');
    expect(issues({ ...valid, name: 'x'.repeat(41) })).toEqual(['name: must be at most 40 characters']);
    expect(issues({ ...valid, name: "bot'; DROP" })[0]).toMatch(/^name: must start with a letter or digit/);
    expect(issues({ ...valid, name: '-bot' })[0]).toMatch(/^name: must start with a letter or digit/);
  });

  it('refuses no scope, an unknown scope (admin above all) and a repeated one', () => {
    expect(issues({ ...valid, scopes: [] })).toEqual(['scopes: choose at least one scope']);
    expect(issues({ ...valid, scopes: ['admin'] })).toEqual(["scopes.0: must be 'read' or 'trade'"]);
    expect(issues({ ...valid, scopes: ['read', 'read'] })).toEqual(['scopes: must not repeat a scope']);
  });

  it('refuses any other expiry, and fields it does not know', () => {
    expect(issues({ ...valid, expiresInDays: 7 })).toEqual(['expiresInDays: must be 30, 90, 365 days']);
    expect(issues({ ...valid, expiresInDays: '30' })).toEqual(['expiresInDays: must be 30, 90, 365 days']);
    expect(issues({ ...valid, userId: 'someone-else' }).length).toBe(1);
  });

  it('takes only a ulid as the token id to revoke', () => {
    const params = agentApi['DELETE /api/agent/tokens/{id}'].params;
    expect(params.safeParse({ id: '01JDXKQ3M9R4T7V2W8Y5Z6A1B0' }).success).toBe(true);
    expect(params.safeParse({ id: '../../USER#x' }).success).toBe(false);
  });
});
