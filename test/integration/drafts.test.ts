import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';

const stack = inject('stack');
const leg = (action: 'buy' | 'sell', strike: number) => ({
  action,
  optionType: 'call',
  strike,
  premium: 2.5,
  quantity: 1,
  expiration: '2027-01-15',
  underlying: 'SPY',
});

async function client() {
  const user = await signUpAndSignIn(stack);
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
}

describe('strategy drafts', () => {
  it('are saved per learner, listed newest first, updated and deleted', async () => {
    const call = await client();
    const first = await call('POST', '/api/drafts', {
      underlying: 'SPY',
      strategy: 'Bull Call Spread',
      multiplier: 2,
      legs: [leg('buy', 600), leg('sell', 610)],
    });
    expect(first.status).toBe(201);
    expect(first.body.draft).toMatchObject({ name: 'SPY Bull Call Spread', multiplier: 2, strategy: 'Bull Call Spread' });
    const second = await call('POST', '/api/drafts', { name: 'My idea', underlying: 'SPY', legs: [leg('buy', 590)] });
    const list = await call('GET', '/api/drafts');
    expect(list.body.drafts.map((d: { name: string }) => d.name)).toEqual(['My idea', 'SPY Bull Call Spread']);

    const updated = await call('PUT', `/api/drafts/${second.body.draft.draftId}`, { name: 'Renamed', underlying: 'SPY', legs: [leg('buy', 595)] });
    expect(updated.body.draft).toMatchObject({ name: 'Renamed', createdAt: second.body.draft.createdAt });
    expect((await call('DELETE', `/api/drafts/${first.body.draft.draftId}`)).status).toBe(204);
    expect((await call('DELETE', `/api/drafts/${first.body.draft.draftId}`)).status).toBe(404);

    // Another learner sees none of them.
    const other = await client();
    expect((await other('GET', '/api/drafts')).body.drafts).toEqual([]);
    expect((await other('PUT', `/api/drafts/${second.body.draft.draftId}`, { underlying: 'SPY', legs: [leg('buy', 1)] })).status).toBe(404);
  });

  it('refuses malformed drafts with the reason', async () => {
    const call = await client();
    const cases: [unknown, string][] = [
      [{ underlying: 'SPY', legs: [] }, 'Legs: a draft needs at least one leg'],
      [{ underlying: 'spy', legs: [leg('buy', 1)] }, 'Underlying: must be an upper-case ticker such as SPY'],
      [{ underlying: 'SPY', multiplier: 7, legs: [leg('buy', 1)] }, 'Multiplier: must be 1, 2, 3, 4, 5 or 10'],
      [{ underlying: 'SPY', legs: [{ ...leg('buy', 1), quantity: 1.5 }] }, 'Quantity of leg 1: must be a whole number'],
      [{ underlying: 'SPY', legs: [{ ...leg('buy', 1), expiration: '2027-02-30' }] }, 'Expiration of leg 1: must be a date in the form YYYY-MM-DD'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/drafts', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
  });

  it('keeps at most 50 drafts even when 70 are created at once, and makes room when one is deleted', async () => {
    const call = await client();
    const results = await Promise.all(
      Array.from({ length: 70 }, (_, i) => call('POST', '/api/drafts', { name: `Idea ${i}`, underlying: 'SPY', legs: [leg('buy', 600 + i)] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body.error])).toEqual(
      Array(20).fill([409, 'You have 50 drafts, the most kept. Delete one to save another.']),
    );
    const { drafts } = (await call('GET', '/api/drafts')).body;
    expect(drafts).toHaveLength(50);
    expect((await call('DELETE', `/api/drafts/${drafts[0].draftId}`)).status).toBe(204);
    expect((await call('POST', '/api/drafts', { underlying: 'SPY', legs: [leg('buy', 700)] })).status).toBe(201);
    expect((await call('POST', '/api/drafts', { underlying: 'SPY', legs: [leg('buy', 701)] })).status).toBe(409);
  });
});
