// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAwards, getGamificationState } from '@web/api/gamification';
import { stubApi } from '../../app/api-stub';

afterEach(() => vi.unstubAllGlobals());

const award = (id: string, stateVersion: number) => ({ id, key: `k#${id}`, stateVersion });

describe('the state read never asks for an older state than the tab has seen', () => {
  it('passes no minVersion before it has seen one, then the highest from a state or an award', async () => {
    let version = 3;
    const { calls } = stubApi({
      'GET /api/gamification/state': () => new Response(JSON.stringify({ version }), { headers: { 'content-type': 'application/json' } }),
      'GET /api/gamification/awards': { awards: [award('a', 5), award('b', 4)], cursor: 'b' },
    });
    await getGamificationState();
    expect(calls.at(-1)!.path).toBe('/api/gamification/state');
    await getGamificationState();
    expect(calls.at(-1)!.path).toBe('/api/gamification/state?minVersion=3');
    await getAwards(null);
    await getGamificationState();
    expect(calls.at(-1)!.path).toBe('/api/gamification/state?minVersion=5');
    // An answer with a lower version (the server would not give one) never lowers what was seen.
    version = 2;
    await getGamificationState();
    await getGamificationState();
    expect(calls.at(-1)!.path).toBe('/api/gamification/state?minVersion=5');
  });
});
